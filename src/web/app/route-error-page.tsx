import { useContext, useEffect } from 'react';
import { Icon } from '../components/icon';
import { refreshIcon } from '../components/icons/refresh';
import ui from '../components/ui.module.css';
import { cx } from '../lib/class-names';
import { useSiteText } from '../lib/site-text';
import { usePageTitle } from '../lib/use-page-title';
import { RouteErrorContext } from './browser-routes';
import styles from './status-page.module.css';

/** Shown when a page fails to render or its code cannot load (for example after a new release). */
export function RouteErrorPage() {
  const error = useContext(RouteErrorContext);
  const { t } = useSiteText();
  usePageTitle(t('error.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className={cx(ui.reading, styles.page)}>
      <h1>{t('error.title')}</h1>
      <p className={ui.muted}>{t('error.generic')}</p>
      <button type="button" className={cx(ui.button, ui.primary, ui.large)} onClick={() => window.location.reload()}>
        <Icon paths={refreshIcon} />
        {t('error.reload')}
      </button>
    </section>
  );
}
