import { useLanguage } from '../../lib/language';
import { Suspense, type MouseEvent } from 'react';
import type { EventRecord } from '../../../shared/api/events';
import { Icon } from '../../components/icon';
import { expandIcon } from '../../components/icons/expand';
import { lazyWithTheme } from '../../components/lazy-with-theme';
import { LoadingRegion } from '../../components/loading-region';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { formatMonthYear } from '../../lib/format';
import { EventAdminButtons, EventWhen } from './event-card';
import styles from './events.module.css';

// The editor (MUI, react-hook-form, the contract's schemas) loads only when an admin edits a past event.
const EventEditor = lazyWithTheme(() => import('./event-editor').then((m) => m.EventEditor));

export interface PastEventsProps {
  events: EventRecord[];
  admin: boolean;
  /** The id of the event being edited, anywhere on the page, or null. */
  editingId: string | null;
  onEdit: (id: string) => void;
  onEditDone: () => void;
  onDelete: (event: EventRecord) => void;
}

/**
 * Past events, most recent first: title and month/year, each opening to its date and
 * description. Each is a <details>: the browser opens and closes it, with or without the script.
 */
export function PastEvents({ events, admin, editingId, onEdit, onEditDone, onDelete }: PastEventsProps) {
  // docs/product.md: rows cannot open or close while an event is being edited.
  const locked = editingId !== null;
  const language = useLanguage();
  return (
    <div className={styles.pastList}>
      {events.map((event) => {
        const titleId = `past-${event._id}-title`;
        const editing = editingId === event._id;
        return (
          <details key={event._id} open={editing || undefined} className={cx(styles.pastItem, locked && styles.locked)}>
            <summary
              aria-disabled={locked || undefined}
              onClick={(click: MouseEvent) => {
                if (locked) click.preventDefault();
              }}
            >
              <span className={styles.pastSummary}>
                <span id={titleId} className={styles.pastTitle}>
                  {event.title}
                </span>
                <span className={styles.pastMonth}>{formatMonthYear(event.date, language)}</span>
              </span>
              <Icon paths={expandIcon} className={styles.chevron} />
            </summary>
            <div className={styles.pastBody}>
              {editing ? (
                <Suspense
                  fallback={
                    <LoadingRegion>
                      <div className={ui.skeleton} style={{ height: 56 }} />
                    </LoadingRegion>
                  }
                >
                  <EventEditor event={event} onDone={onEditDone} onDelete={() => onDelete(event)} />
                </Suspense>
              ) : (
                <>
                  <EventWhen date={event.date} />
                  {event.description && <p className={styles.description}>{event.description}</p>}
                  {admin && (
                    <div className={styles.actions}>
                      <EventAdminButtons
                        admin={{ onEdit: () => onEdit(event._id), onDelete: () => onDelete(event), disabled: locked }}
                        describedBy={titleId}
                      />
                    </div>
                  )}
                </>
              )}
            </div>
          </details>
        );
      })}
    </div>
  );
}
