import { useSiteText } from '../../lib/site-text';
import styles from './layout.module.css';

/** The bar across the top of the page while a page's code loads (still, for those who ask for less motion). */
export function PageLoadingBar() {
  const { t } = useSiteText();
  return <div role="progressbar" aria-label={t('loading')} className={styles.loadingBar} />;
}
