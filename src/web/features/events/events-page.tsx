import { Suspense, useMemo, useState } from 'react';
import type { EventRecord } from '../../../shared/api/events';
import { splitEvents } from '../../../shared/domain/event-timing';
import { Icon } from '../../components/icon';
import { addIcon } from '../../components/icons/add';
import { lazyWithTheme } from '../../components/lazy-with-theme';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import { PartBoundary } from '../../components/part-boundary';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { errorMessage } from '../../lib/api';
import { cx } from '../../lib/class-names';
import { isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { useNow } from '../../lib/use-now';
import { usePageTitle } from '../../lib/use-page-title';
import { EventCard, EventEditorFrame } from './event-card';
import { useEvents } from './events-api';
import { useDeleteEvent } from './events-edit-api';
import styles from './events.module.css';
import { NoUpcomingEvents } from './no-upcoming-events';
import { PastEvents } from './past-events';
import { SubscribePanel } from './subscribe-panel';

// Only the admin edits events: the form and the confirmation of a deletion (MUI, with its theme)
// load when the admin uses them, never with a visitor's page.
const EventEditor = lazyWithTheme(() => import('./event-editor').then((m) => m.EventEditor));
const ConfirmDialog = lazyWithTheme(() => import('../../components/confirm-dialog').then((m) => m.ConfirmDialog));

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
  const editor = (event?: EventRecord) => (
    <EventEditorFrame>
      <Suspense fallback={<EditorLoading />}>
        <EventEditor event={event} onDone={stopEditing} onDelete={event ? () => setDeleting(event) : undefined} />
      </Suspense>
    </EventEditorFrame>
  );

  return (
    <>
      <PageBanner title="events.title" intro="events.intro" />
      <div className={cx(ui.container, styles.layout)}>
        <section aria-labelledby="upcoming-title" className={styles.upcoming}>
          <div className={styles.listHead}>
            <h2 id="upcoming-title">
              <SiteText k="events.upcoming" />
            </h2>
            {admin && (
              <button type="button" className={cx(ui.button, ui.primary)} onClick={() => setEditing(NEW)} disabled={editingId !== null}>
                <Icon paths={addIcon} />
                {t('events.new')}
              </button>
            )}
          </div>

          {events.isPending ? (
            <LoadingRegion className={styles.cards}>
              {[0, 1, 2].map((i) => (
                <div key={i} className={ui.skeleton} style={{ height: 180 }} />
              ))}
            </LoadingRegion>
          ) : events.isError ? (
            <LoadError message={t('events.load_failed')} error={events.error} onRetry={() => void events.refetch()} />
          ) : (
            <ul className={styles.cards}>
              {editingId === NEW && <li>{editor()}</li>}
              {upcoming.map((event, index) => (
                <li key={event._id}>
                  {editingId === event._id ? (
                    editor(event)
                  ) : (
                    <EventCard
                      event={event}
                      first={index === 0}
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
            </ul>
          )}
        </section>
        <div className={styles.subscribeArea}>
          <SubscribePanel />
        </div>

        {/* With the list unavailable, the error above says so once. */}
        {!events.isError && (
          <section aria-labelledby="past-title" className={styles.past}>
            <h2 id="past-title">
              <SiteText k="events.past" />
            </h2>
            {events.isPending ? (
              <LoadingRegion>
                <div className={ui.skeleton} style={{ height: 160 }} />
              </LoadingRegion>
            ) : past.length === 0 ? (
              <SiteText k="events.no_past" as="p" className={ui.muted} />
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
          </section>
        )}
      </div>

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

function EditorLoading() {
  return (
    <LoadingRegion>
      <div className={ui.skeleton} style={{ height: 56, marginBottom: 8 }} />
      <div className={ui.skeleton} style={{ height: 56 }} />
    </LoadingRegion>
  );
}
