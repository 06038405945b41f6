import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CommitteeMember } from '../../../shared/api/committee';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import { isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { useCommittee } from './committee-api';
import { MemberCard, OPEN_MEMBER_ATTR } from './member-card';

// Editing is for the admin only, so its code (forms, upload, confirm) loads on first use.
// The dialog (and MUI's Modal) loads when a visitor first opens a member, not with the home page.
const MemberDialog = lazy(() => import('./member-dialog').then((m) => ({ default: m.MemberDialog })));
const AdminMemberCard = lazy(() => import('./committee-admin').then((m) => ({ default: m.AdminMemberCard })));
const NewMemberCard = lazy(() => import('./committee-admin').then((m) => ({ default: m.NewMemberCard })));

/**
 * SPEC: under 600px wide only the first 4 members show until Show More is pressed. Decided in CSS,
 * not script, so the server-rendered page is already right on a phone and nothing moves.
 */
const NARROW = '@media (max-width:599.95px)';
const COLLAPSED_COUNT = 4;

const gridSx = {
  display: 'grid',
  gap: { xs: 2.5, md: 3 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  m: 0,
  p: 0,
  listStyle: 'none',
} as const;

/** Home: the committee, by priority; a member opens in a dialog; the admin edits in place. */
export function CommitteeSection() {
  const { t } = useSiteText();
  const admin = isAdmin(useSession());
  const committee = useCommittee();
  const [showAll, setShowAll] = useState(false);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<{ member: CommitteeMember; open: boolean } | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const members = committee.data ?? [];
  const collapsed = !showAll && members.length > COLLAPSED_COUNT;

  function showMore() {
    flushSync(() => setShowAll(true));
    // The button is gone; carry keyboard focus on to the first member it revealed.
    list.current?.querySelectorAll<HTMLElement>(`[${OPEN_MEMBER_ATTR}]`)[COLLAPSED_COUNT]?.focus();
  }

  const open = (member: CommitteeMember) => setDialog({ member, open: true });

  return (
    <Box component="section" id="committee" aria-labelledby="committee-title" sx={{ py: { xs: 7, md: 10 }, scrollMarginTop: 80 }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, gap: 2, mb: { xs: 3, sm: 5 } }}
        >
          <div>
            <SectionHeading id="committee-title" k="home.committee.title" spacing={1.5} />
            <Typography sx={{ color: 'text.secondary', fontSize: '1.08rem' }}>
              <SiteText k="home.committee.intro" />
            </Typography>
          </div>
          {admin && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setAdding(true)}
              disabled={adding || committee.isPending}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
            >
              {t('committee.add')}
            </Button>
          )}
        </Stack>

        {committee.isPending ? (
          <LoadingRegion sx={gridSx}>
            {Array.from({ length: 3 }, (_, i) => (
              <MemberSkeleton key={i} />
            ))}
          </LoadingRegion>
        ) : committee.isError ? (
          <LoadError message={t('committee.load_failed')} error={committee.error} onRetry={() => void committee.refetch()} />
        ) : (
          <>
            {members.length === 0 && !adding && (
              <Typography sx={{ color: 'text.secondary' }}>
                <SiteText k="committee.none" />
              </Typography>
            )}
            <Box component="ul" ref={list} sx={gridSx}>
              {adding && (
                <li>
                  <Suspense fallback={<MemberSkeleton />}>
                    <NewMemberCard onDone={() => setAdding(false)} />
                  </Suspense>
                </li>
              )}
              {members.map((member, index) => (
                <Box
                  component="li"
                  key={member._id}
                  sx={collapsed && index >= COLLAPSED_COUNT ? { [NARROW]: { display: 'none' } } : undefined}
                >
                  {admin ? (
                    <Suspense fallback={<MemberCard member={member} onOpen={() => open(member)} />}>
                      <AdminMemberCard member={member} onOpen={() => open(member)} />
                    </Suspense>
                  ) : (
                    <MemberCard member={member} onOpen={() => open(member)} />
                  )}
                </Box>
              ))}
            </Box>
            {collapsed && (
              <Box sx={{ display: 'none', [NARROW]: { display: 'block' }, textAlign: 'center', mt: 4 }}>
                <Button variant="outlined" size="large" endIcon={<ExpandMoreIcon />} onClick={showMore}>
                  <SiteText k="committee.show_more" />
                </Button>
              </Box>
            )}
          </>
        )}
      </Container>
      {dialog && (
        <Suspense fallback={null}>
          <MemberDialog
            member={dialog.member}
            open={dialog.open}
            onClose={() => setDialog((current) => (current ? { ...current, open: false } : null))}
            onExited={() => setDialog(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}

function MemberSkeleton() {
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', px: 3, pt: 4, pb: 3.5, borderRadius: 3 }}
    >
      <Skeleton variant="circular" width={128} height={128} sx={{ mb: 2.5 }} />
      <Skeleton variant="text" width="60%" sx={{ fontSize: '1.25rem' }} />
      <Skeleton variant="text" width="35%" sx={{ mb: 1 }} />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="text" width="80%" />
    </Paper>
  );
}
