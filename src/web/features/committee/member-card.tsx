import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { CommitteeMember } from '../../../shared/api/committee';
import { truncate } from '../../lib/format';
import { MemberPhoto } from './member-photo';

/** SPEC: names are cut at 30 characters, other text at 200; the dialog shows all of it. */
export const NAME_MAX = 30;
export const TEXT_MAX = 200;

const focusRing = '#a85a00';

/** Marks the button that opens a member, so the grid can move focus to one. */
export const OPEN_MEMBER_ATTR = 'data-open-member';

/**
 * A committee member: photo, name, role and description. The name is a button whose hit area
 * covers the whole card, so a click anywhere opens the member and keyboard users get one stop.
 */
export function MemberCard({
  member,
  onOpen,
  actions,
}: {
  member: CommitteeMember;
  onOpen: () => void;
  /** Admin buttons, kept above the card's hit area. */
  actions?: ReactNode;
}) {
  const nameId = useId();
  const shortName = truncate(member.name, NAME_MAX);
  const cut = shortName !== member.name;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={nameId}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        px: 3,
        pt: 4,
        pb: actions ? 2 : 3.5,
        borderRadius: 3,
        transition: 'box-shadow 150ms, transform 150ms',
        '&:hover': { boxShadow: '0 10px 28px rgba(7, 52, 73, 0.14)', transform: { md: 'translateY(-2px)' } },
      }}
    >
      <MemberPhoto src={member.image} name={member.name} size={128} sx={{ mb: 2.5 }} />
      <Typography id={nameId} variant="h3" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        <Box
          component="button"
          type="button"
          onClick={onOpen}
          {...{ [OPEN_MEMBER_ATTR]: '' }}
          aria-label={cut ? member.name : undefined}
          title={cut ? member.name : undefined}
          sx={{
            font: 'inherit',
            color: 'primary.dark',
            bgcolor: 'transparent',
            border: 0,
            p: 0,
            cursor: 'pointer',
            textAlign: 'inherit',
            overflowWrap: 'anywhere',
            '&:hover': { textDecoration: 'underline' },
            // The hit area: the whole card.
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 3 },
            '&:focus-visible': { outline: 'none', boxShadow: 'none' },
            '&:focus-visible::after': { outline: `3px solid ${focusRing}`, outlineOffset: '2px' },
          }}
        >
          {shortName}
        </Box>
      </Typography>
      <Typography
        sx={{
          color: 'secondary.dark',
          fontWeight: 700,
          fontSize: '0.82rem',
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          mb: 1.5,
        }}
      >
        {truncate(member.role, TEXT_MAX)}
      </Typography>
      {member.description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.65 }}>
          {truncate(member.description, TEXT_MAX)}
        </Typography>
      )}
      {actions && (
        <Box
          sx={{
            position: 'relative',
            zIndex: 1,
            display: 'flex',
            gap: 1,
            justifyContent: 'center',
            flexWrap: 'wrap',
            mt: 'auto',
            pt: 2,
          }}
        >
          {actions}
        </Box>
      )}
    </Paper>
  );
}
