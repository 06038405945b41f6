import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { EventRecord } from '../../../shared/api/events';
import { splitEvents } from '../../../shared/domain/event-timing';
import { LoadError } from '../../components/load-error';
import { PartBoundary } from '../../components/part-boundary';
import { LoadingRegion } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { errorMessage } from '../../lib/api';
import { isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { useNow } from '../../lib/use-now';
import { usePageTitle } from '../../lib/use-page-title';
import { EventCard, EventCardFrame } from './event-card';
import { useEvents } from './events-api';
import { useDeleteEvent } from './events-edit-api';
import { NoUpcomingEvents } from './no-upcoming-events';
import { PastEvents } from './past-events';
import { SubscribePanel } from './subscribe-panel';

// Only the admin edits events: the form (and react-hook-form) loads when the admin opens it, the
// confirmation of a deletion (MUI's Dialog) when an admin's page loads.
const EventEditor = lazy(() => import('./event-editor').then((m) => ({ default: m.EventEditor })));
const ConfirmDialog = lazy(() => import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** The draft of a new event, which has no id until it is saved. */
const NEW = 'new';

export function EventsPage() {
  const { t } = useSiteText();
  usePageTitle(t('events.title'));
  const admin = isAdmin(useSession());
  const events = useEvents();
  const now = useNow();
  const { upcoming, past } = useMemo(() => splitEvents(events.data ?? [], now), [events.data, now]);

  const [editing, setEditing] = useState<string | null>(null);
  // An event deleted elsewhere while open here is no longer being edited.
  const editingId = editing === NEW || events.data?.some((e) => e._id === editing) ? editing : null;
  const [deleting, setDeleting] = useState<EventRecord | null>(null);
  const remove = useDeleteEvent();

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        setDeleting(null);
        if (editingId === deleting._id) setEditing(null);
      },
    });
  }

  function closeConfirm() {
    setDeleting(null);
    remove.reset();
  }

  const stopEditing = () => setEditing(null);

  return (
    <>
      <PageBanner title="events.title" intro="events.intro" />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 6 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
            gridTemplateAreas: { xs: '"upcoming" "subscribe" "past"', md: '"upcoming subscribe" "past subscribe"' },
            alignItems: 'start',
          }}
        >
          <Box component="section" aria-labelledby="upcoming-title" sx={{ gridArea: 'upcoming' }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
              <Typography id="upcoming-title" variant="h2" sx={{ color: 'primary.dark' }}>
                <SiteText k="events.upcoming" />
              </Typography>
              {admin && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(NEW)} disabled={editingId !== null}>
                  {t('events.new')}
                </Button>
              )}
            </Stack>

            {events.isPending ? (
              <UpcomingSkeleton />
            ) : events.isError ? (
              <LoadError message={t('events.load_failed')} error={events.error} onRetry={() => void events.refetch()} />
            ) : (
              <Stack component="ul" spacing={2.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {editingId === NEW && (
                  <li>
                    <EventCardFrame editing>
                      <Box sx={{ flexGrow: 1 }}>
                        <Suspense fallback={<EditorLoading />}>
                          <EventEditor onDone={stopEditing} />
                        </Suspense>
                      </Box>
                    </EventCardFrame>
                  </li>
                )}
                {upcoming.map((event) => (
                  <li key={event._id}>
                    {editingId === event._id ? (
                      <EventCardFrame editing>
                        <Box sx={{ flexGrow: 1 }}>
                          <Suspense fallback={<EditorLoading />}>
                            <EventEditor event={event} onDone={stopEditing} onDelete={() => setDeleting(event)} />
                          </Suspense>
                        </Box>
                      </EventCardFrame>
                    ) : (
                      <EventCard
                        event={event}
                        admin={
                          admin
                            ? { onEdit: () => setEditing(event._id), onDelete: () => setDeleting(event), disabled: editingId !== null }
                            : undefined
                        }
                      />
                    )}
                  </li>
                ))}
                {upcoming.length === 0 && editingId !== NEW && (
                  <li>
                    <NoUpcomingEvents />
                  </li>
                )}
              </Stack>
            )}
          </Box>
          <Box sx={{ gridArea: 'subscribe', position: { md: 'sticky' }, top: { md: 88 } }}>
            <SubscribePanel />
          </Box>

          {/* With the list unavailable, the error above says so once. */}
          {!events.isError && (
            <Box component="section" aria-labelledby="past-title" sx={{ gridArea: 'past' }}>
              <Typography id="past-title" variant="h2" sx={{ color: 'primary.dark', mb: 3 }}>
                <SiteText k="events.past" />
              </Typography>
              {events.isPending ? (
                <PastSkeleton />
              ) : past.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>
                  <SiteText k="events.no_past" />
                </Typography>
              ) : (
                <PastEvents
                  events={past}
                  admin={admin}
                  editingId={editingId}
                  onEdit={setEditing}
                  onEditDone={stopEditing}
                  onDelete={setDeleting}
                />
              )}
            </Box>
          )}
        </Box>
      </Container>

      {admin && (
        <PartBoundary>
          <Suspense fallback={null}>
            <ConfirmDialog
              open={deleting !== null}
              question={t('events.delete_confirm')}
              details={deleting?.title}
              pending={remove.isPending}
              error={remove.isError ? errorMessage(remove.error, t('error.generic')) : null}
              onConfirm={confirmDelete}
              onClose={closeConfirm}
            />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}

function UpcomingSkeleton() {
  return (
    <LoadingRegion sx={{ display: 'grid', gap: 2.5 }}>
      {[0, 1, 2].map((i) => (
        <Paper key={i} variant="outlined" sx={{ display: 'flex', gap: 3, p: 3, borderRadius: 3 }}>
          <Skeleton variant="rounded" width={76} height={92} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="55%" sx={{ fontSize: '1.5rem' }} />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="75%" />
          </Box>
        </Paper>
      ))}
    </LoadingRegion>
  );
}

function PastSkeleton() {
  return (
    <LoadingRegion sx={{ display: 'grid', gap: 1 }}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={52} />
      ))}
    </LoadingRegion>
  );
}

function EditorLoading() {
  return (
    <LoadingRegion>
      <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem' }} />
      <Skeleton variant="rounded" height={56} sx={{ my: 1 }} />
      <Skeleton variant="rounded" height={56} />
    </LoadingRegion>
  );
}
