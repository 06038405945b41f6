import { Link } from 'react-router';
import { Icon } from '../components/icon';
import { homeIcon } from '../components/icons/home';
import { SiteText } from '../components/site-text';
import ui from '../components/ui.module.css';
import { cx } from '../lib/class-names';
import { useSiteText } from '../lib/site-text';
import { usePageTitle } from '../lib/use-page-title';
import styles from './status-page.module.css';

export function NotFoundPage() {
  const { t } = useSiteText();
  usePageTitle(t('not_found.title'));
  return (
    <div className={cx(ui.reading, styles.page)}>
      <p aria-hidden className={styles.code}>
        404
      </p>
      <h1>
        <SiteText k="not_found.title" />
      </h1>
      <SiteText k="error.not_found" as="p" className={ui.muted} />
      <Link to="/" className={cx(ui.button, ui.primary, ui.large)}>
        <Icon paths={homeIcon} />
        <SiteText k="error.back_home" />
      </Link>
    </div>
  );
}
