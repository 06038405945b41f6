import { useMemo } from 'react';
import { contentLang } from '../../components/untranslated-note';
import { Link } from 'react-router';
import { splitEvents } from '../../../shared/domain/event-timing';
import { Icon } from '../../components/icon';
import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import { arrowForwardIcon } from '../../components/icons/arrow-forward';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { formatEventDate } from '../../lib/format';
import { useSiteText } from '../../lib/site-text';
import { useNow } from '../../lib/use-now';
import { EventDateBadge } from './event-date-badge';
import { useEvents } from './events-api';
import styles from './events.module.css';
import { NoUpcomingEvents } from './no-upcoming-events';

const SHOWN = 3;

/** Home: the next three upcoming events, each leading to its page, and the way to all of them. */
export function EventsSummary() {
  const { t, language } = useSiteText();
  const events = useEvents();
  const now = useNow();
  const next = useMemo(() => splitEvents(events.data ?? [], now).upcoming.slice(0, SHOWN), [events.data, now]);

  return (
    <section aria-labelledby="events-summary-title" className={cx(ui.section, styles.summary)}>
      <div className={ui.container}>
        <div className={styles.summaryHead}>
          <SectionHeading id="events-summary-title" k="home.events.title" />
          <Link to="/events" className={cx(ui.button, ui.outlined)}>
            <SiteText k="home.events.all" />
            <Icon paths={arrowForwardIcon} />
          </Link>
        </div>

        {events.isPending ? (
          <LoadingRegion className={styles.summaryGrid}>
            {Array.from({ length: SHOWN }, (_, i) => (
              <div key={i} className={ui.skeleton} style={{ height: 120 }} />
            ))}
          </LoadingRegion>
        ) : events.isError ? (
          <LoadError message={t('events.load_failed')} error={events.error} onRetry={() => void events.refetch()} />
        ) : next.length === 0 ? (
          <NoUpcomingEvents />
        ) : (
          <ul className={styles.summaryGrid}>
            {next.map((event) => (
              <li key={event._id} className={cx(ui.card, styles.tile)}>
                {event.image ? (
                  <ResponsiveImage
                    src={event.image}
                    alt={event.image_alt}
                    sizes={imageSizes.gridCard}
                    width={1600}
                    height={900}
                    className={styles.media}
                  />
                ) : (
                  <div aria-hidden className={styles.placeholder} />
                )}
                <div className={styles.tileBody}>
                  <EventDateBadge date={event.date} size="small" />
                  <div>
                    <h3 {...contentLang(event.language, language)}>
                      <Link to={`/events/${event._id}`} className={ui.cardCover}>
                        {event.title}
                      </Link>
                    </h3>
                    <p className={styles.when}>
                      <time dateTime={event.date}>{formatEventDate(event.date, language)}</time>
                    </p>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
