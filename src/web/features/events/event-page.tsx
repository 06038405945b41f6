import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { EventRecord } from '../../../shared/api/events';
import { isEventId } from '../../../shared/domain/event-id';
import { eventCalendarPath } from './calendar-link';
import { pagePath } from '../../../shared/domain/page-paths';
import { contentLang, UntranslatedNote, useShownInEnglish } from '../../components/untranslated-note';
import { LANGUAGE_TAGS } from '../../../shared/domain/language';
import { fromLondonLocal } from '../../../shared/domain/london-time';
import { formatPence } from '../../../shared/domain/money';
import { Icon } from '../../components/icon';
import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import { calendarIcon } from '../../components/icons/calendar';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import ui from '../../components/ui.module.css';
import { ApiError } from '../../lib/api';
import { cx } from '../../lib/class-names';
import { formatEventDate, formatEventSpan } from '../../lib/format';
import { isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { BackToEvents } from './back-to-events';
import { BookingPanel } from './booking-panel';
import { useWords } from '../../lib/words';
import { useEvent } from './events-api';
import { eventsWords } from './events-words';
import styles from './events.module.css';

/** /events/{id}: everything about one event, the way to book it and "Add to calendar". */
export function EventPage() {
  const { t } = useSiteText();
  const { eventId } = useParams();
  const valid = isEventId(eventId);
  const event = useEvent(valid ? eventId : null);
  const notFound = event.error instanceof ApiError && event.error.status === 404;
  usePageTitle(event.data?.title ?? (valid ? (notFound ? t('event.not_found') : null) : t('event.invalid_id')));

  return (
    <div className={cx(ui.reading, styles.page)}>
      <BackToEvents />
      {!valid ? (
        <h1>{t('event.invalid_id')}</h1>
      ) : event.isPending ? (
        <LoadingRegion>
          <div className={ui.skeleton} style={{ height: 48, width: '70%', marginBottom: 16 }} />
          <div className={ui.skeleton} style={{ height: 160 }} />
        </LoadingRegion>
      ) : notFound ? (
        <h1>{t('event.not_found')}</h1>
      ) : event.isError ? (
        <LoadError message={t('event.load_failed')} error={event.error} onRetry={() => void event.refetch()} />
      ) : (
        <EventDetails event={event.data} onBooked={() => void event.refetch()} />
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function EventDetails({ event, onBooked }: { event: EventRecord; onBooked: () => void }) {
  const { t, language } = useSiteText();
  const w = useWords(eventsWords);
  const money = (pence: number) => (pence === 0 ? t('events.free') : formatPence(pence, language));
  const samePrice = event.members_only || event.member_price_pence === event.price_pence;
  const place = [event.venue_name, event.venue_address].filter(Boolean).join('\n');
  const admin = isAdmin(useSession());
  const shownInEnglish = useShownInEnglish(event.language);
  return (
    <article aria-labelledby="event-title" {...contentLang(event.language, language)}>
      {shownInEnglish && (
        <div lang={LANGUAGE_TAGS[language]}>
          <UntranslatedNote englishPath={pagePath('event', { eventId: event._id })} />
        </div>
      )}
      {event.image && (
        <figure className={styles.hero}>
          <ResponsiveImage
            src={event.image}
            alt={event.image_alt}
            sizes={imageSizes.eventHeader}
            width={1600}
            height={900}
            priority
            className={styles.media}
          />
        </figure>
      )}
      <h1 id="event-title">{event.title}</h1>
      <dl className={cx(ui.card, styles.details)}>
        <Row label={t('event.when')}>
          <time dateTime={event.date}>{formatEventSpan(event.date, event.end_date, language)}</time>
        </Row>
        {(place || event.online) && (
          <Row label={t('event.where')}>
            {place}
            {place && event.online && '\n'}
            {event.online && t('event.online_after_booking')}
          </Row>
        )}
        <Row label={t('event.price')}>
          {samePrice
            ? money(event.member_price_pence)
            : `${t('event.price_members')}: ${money(event.member_price_pence)}, ${t('event.price_others')}: ${money(event.price_pence)}`}
          {event.members_only && ` · ${t('events.members_only')}`}
        </Row>
        {event.cpd_hours !== null && (
          <Row label={t('event.cpd')}>
            {event.cpd_hours} {t('event.cpd_hours')}
          </Row>
        )}
        {event.capacity !== null && (
          <Row label={t('event.places')}>
            {event.capacity} ({event.places_left} {t('event.places_left')})
          </Row>
        )}
        {event.booking_opens && event.booking_state === 'not_open_yet' && (
          <Row label={t('event.booking_opens')}>{formatEventDate(fromLondonLocal(event.booking_opens), language)}</Row>
        )}
        {event.booking_closes && event.booking_state !== 'closed' && (
          <Row label={t('event.booking_closes')}>{formatEventDate(fromLondonLocal(event.booking_closes), language)}</Row>
        )}
      </dl>
      {event.description && <p className={styles.longDescription}>{event.description}</p>}
      <div className={styles.actions}>
        <a href={eventCalendarPath(event._id, language)} download className={cx(ui.button, ui.outlined)}>
          <Icon paths={calendarIcon} />
          {t('events.add_to_calendar')}
        </a>
        {admin && (
          <Link to={`/admin/events/${event._id}`} className={cx(ui.button, ui.outlined)}>
            {w.bookingsAndCheckIn}
          </Link>
        )}
      </div>
      {event.booking_state === 'closed' && <p className={styles.state}>{t('event.closed')}</p>}
      {event.booking_state === 'not_open_yet' && <p className={styles.state}>{t('event.not_open_yet')}</p>}
      <BookingPanel event={event} onBooked={onBooked} />
    </article>
  );
}
