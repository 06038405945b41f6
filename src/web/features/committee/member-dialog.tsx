import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { CommitteeMember } from '../../../shared/api/committee';
import { useSiteText } from '../../lib/site-text';
import { MemberPhoto } from './member-photo';

/** One member in full: photo, name, role and the whole description. */
export function MemberDialog({
  member,
  open,
  onClose,
  onExited,
}: {
  member: CommitteeMember | null;
  open: boolean;
  onClose: () => void;
  /** After the closing transition, when the member can be forgotten. */
  onExited: () => void;
}) {
  const { t } = useSiteText();
  const titleId = useId();
  if (!member) return null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited }, paper: { sx: { borderRadius: 3 } } }}
    >
      <IconButton onClick={onClose} aria-label={t('action.close')} sx={{ position: 'absolute', top: 8, right: 8, color: 'text.secondary' }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 5, px: { xs: 3, sm: 4 } }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'center', sm: 'flex-start' },
            textAlign: { xs: 'center', sm: 'left' },
            gap: { xs: 2.5, sm: 4 },
          }}
        >
          <MemberPhoto src={member.image} name={member.name} size={176} square sx={{ m: '6px' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.6rem', color: 'primary.dark', mb: 0.75 }}>
              {member.name}
            </Typography>
            <Typography
              sx={{
                color: 'secondary.dark',
                fontWeight: 700,
                fontSize: '0.85rem',
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                mb: 2,
              }}
            >
              {member.role}
            </Typography>
            <Typography sx={{ color: 'text.secondary', lineHeight: 1.75, whiteSpace: 'pre-line' }}>{member.description}</Typography>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: { xs: 3, sm: 4 }, pb: 2.5 }}>
        <Button onClick={onClose} variant="outlined">
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
