import { useSiteText } from '../../lib/site-text';
import styles from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useSiteText();
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('skip_to_content')}
    </a>
  );
}
