import { useLanguage } from '../../lib/language';
import { cx } from '../../lib/class-names';
import { eventDayBadge } from '../../lib/format';
import styles from './events.module.css';

/** A tear-off calendar page: weekday, day and month. Decorative; the full date is written beside it. */
export function EventDateBadge({ date, size = 'large' }: { date: string; size?: 'large' | 'small' }) {
  const { weekday, day, month } = eventDayBadge(date, useLanguage());
  return (
    <div aria-hidden className={cx(styles.badge, size === 'small' && styles.small)}>
      <div className={styles.badgeWeekday}>{weekday}</div>
      <div className={styles.badgeDay}>{day}</div>
      <div className={styles.badgeMonth}>{month}</div>
    </div>
  );
}
