import { Icon } from '../../components/icon';
import { calendarIcon } from '../../components/icons/calendar';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import styles from './events.module.css';

/** docs/product.md's empty state: "No upcoming events", "Please check back later". */
export function NoUpcomingEvents() {
  return (
    <div className={styles.empty}>
      <span aria-hidden className={styles.emptyIcon}>
        <Icon paths={calendarIcon} />
      </span>
      <SiteText k="events.none" as="p" className={styles.emptyTitle} />
      <SiteText k="events.check_back" as="p" className={ui.muted} />
    </div>
  );
}
