import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { arrowBackIcon } from '../../components/icons/arrow-back';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './events.module.css';

/** "All events": the way back from an event's page and from a booking's page. */
export function BackToEvents() {
  const { t } = useSiteText();
  return (
    <p className={styles.back}>
      <Link to="/events" className={cx(ui.textLink)}>
        <Icon paths={arrowBackIcon} />
        {t('event.back')}
      </Link>
    </p>
  );
}
