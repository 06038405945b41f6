import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { eventsCalendarPath } from './calendar-link';
import { Icon } from '../../components/icon';
import { calendarIcon } from '../../components/icons/calendar';
import { checkIcon } from '../../components/icons/check';
import { copyIcon } from '../../components/icons/copy';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './events.module.css';

/** The calendar feed of every event: a link, and its address to paste into a calendar app. */
export function SubscribePanel() {
  const { t, language } = useSiteText();
  const feed = eventsCalendarPath(language);
  // The server does not know the visitor's origin: the path first, the full address once in the browser.
  const origin = useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => '',
  );
  const address = `${origin}${feed}`;
  const [copied, setCopied] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin or a refusal): the address stays there to select by hand.
    }
  }

  return (
    <aside aria-labelledby="calendar-title" className={cx(ui.card, styles.subscribe)}>
      <div className={styles.subscribeHead}>
        <span aria-hidden className={styles.subscribeIcon}>
          <Icon paths={calendarIcon} />
        </span>
        <h2 id="calendar-title">
          <SiteText k="events.calendar_title" />
        </h2>
      </div>
      <SiteText k="events.calendar_body" as="p" className={styles.subscribeText} />
      <a href={feed} className={cx(ui.button, ui.primary, styles.subscribeButton)}>
        <Icon paths={calendarIcon} />
        {t('events.subscribe')}
      </a>
      <SiteText k="events.subscribe_hint" as="p" className={styles.subscribeText} />
      <div className={ui.field}>
        <label htmlFor={inputId} className={ui.hint}>
          {t('events.feed_address')}
        </label>
        <div className={styles.feed}>
          <input id={inputId} value={address} readOnly onFocus={(event) => event.target.select()} />
          {/* The browser's own hint on hover; the status below says "Copied" to everyone. */}
          <button
            type="button"
            onClick={() => void copy()}
            aria-label={t('events.copy_feed')}
            title={copied ? t('events.copied') : t('events.copy_feed')}
            className={cx(styles.copy, copied && styles.copied)}
          >
            <Icon paths={copied ? checkIcon : copyIcon} />
          </button>
        </div>
      </div>
      <span role="status" className="visually-hidden">
        {copied ? t('events.copied') : ''}
      </span>
    </aside>
  );
}

const noChange = () => () => undefined;
