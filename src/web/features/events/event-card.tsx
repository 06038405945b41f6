import { useLanguage } from '../../lib/language';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/api/events';
import { eventCalendarPath } from './calendar-link';
import { contentLang } from '../../components/untranslated-note';
import { Icon } from '../../components/icon';
import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import { calendarIcon } from '../../components/icons/calendar';
import { editIcon } from '../../components/icons/edit';
import { timeIcon } from '../../components/icons/time';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { formatEventSpan } from '../../lib/format';
import { useSiteText } from '../../lib/site-text';
import { EventDateBadge } from './event-date-badge';
import { EventFacts } from './event-facts';
import styles from './events.module.css';

export interface AdminActions {
  onEdit: () => void;
  onDelete: () => void;
  /** Another event is being edited: only one at a time. */
  disabled: boolean;
}

/** An upcoming event: its picture (or the calendar badge), title, long London date, facts, description and links. */
export function EventCard({ event, admin, first }: { event: EventRecord; admin?: AdminActions; first?: boolean }) {
  const { t, language } = useSiteText();
  // From the data: the admin's buttons, drawn only in the browser, point at the same one.
  const titleId = `event-${event._id}-title`;
  const page = `/events/${event._id}`;
  return (
    <article aria-labelledby={titleId} className={cx(ui.card, styles.card, !event.image && styles.plain)}>
      <div className={styles.cardMedia}>
        {/* The first card's picture is in the first screen, often its largest paint: not lazy. */}
        {event.image && (
          <ResponsiveImage
            src={event.image}
            alt={event.image_alt}
            sizes={imageSizes.eventCard}
            width={1600}
            height={900}
            priority={first}
            className={styles.media}
          />
        )}
        <EventDateBadge date={event.date} />
      </div>
      <div className={styles.cardBody}>
        {/* An event not yet translated shows its English words, marked as English (decision 180). */}
        <h3 id={titleId} {...contentLang(event.language, language)}>
          <Link to={page}>{event.title}</Link>
        </h3>
        <EventWhen date={event.date} end={event.end_date} />
        <EventFacts event={event} />
        {event.description && (
          <p className={styles.description} {...contentLang(event.language, language)}>
            {event.description}
          </p>
        )}
        <div className={styles.actions}>
          <Link to={page} className={cx(ui.button, ui.primary, ui.small)} aria-describedby={titleId}>
            {t('events.details')}
          </Link>
          <a
            href={eventCalendarPath(event._id, language)}
            download
            className={cx(ui.button, ui.outlined, ui.small)}
            aria-describedby={titleId}
          >
            <Icon paths={calendarIcon} />
            {t('events.add_to_calendar')}
          </a>
          {admin && <EventAdminButtons admin={admin} describedBy={titleId} />}
        </div>
      </div>
    </article>
  );
}

/** The frame around an event's editor: it marks the one being changed. */
export function EventEditorFrame({ children }: { children: ReactNode }) {
  return <div className={cx(ui.card, styles.editing)}>{children}</div>;
}

/** The event's long London date and time, e.g. "Saturday 5 December 2026, 18:30–21:00". */
export function EventWhen({ date, end = null }: { date: string; end?: string | null }) {
  const language = useLanguage();
  return (
    <p className={styles.when}>
      <Icon paths={timeIcon} />
      <time dateTime={date}>{formatEventSpan(date, end, language)}</time>
    </p>
  );
}

export function EventAdminButtons({ admin, describedBy }: { admin: AdminActions; describedBy: string }) {
  const { t } = useSiteText();
  return (
    <>
      <button
        type="button"
        className={cx(ui.button, ui.outlined, ui.small)}
        onClick={admin.onEdit}
        disabled={admin.disabled}
        aria-describedby={describedBy}
      >
        <Icon paths={editIcon} />
        {t('action.edit')}
      </button>
      <button
        type="button"
        className={cx(ui.button, ui.outlined, ui.small, styles.danger)}
        onClick={admin.onDelete}
        disabled={admin.disabled}
        aria-describedby={describedBy}
      >
        {t('action.delete')}
      </button>
    </>
  );
}
