import { Link } from 'react-router';
import { isWebAddress } from '../../../shared/domain/richtext/safe-url';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './layout.module.css';

/** docs/product.md: copyright, a privacy link to a fixed article, and a byline link. */
export function SiteFooter() {
  const { t } = useSiteText();
  const privacyId = t('privacy_article_id').trim();
  // Settings accept only web addresses; one stored before they did is not made a link.
  const byline = t('footer.byline_url').trim();
  const bylineUrl = isWebAddress(byline) ? byline : '';
  const charityNumber = t('charity_number').trim();
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div aria-hidden className={styles.stripe} />
      <div className={cx(ui.container, styles.footerRow)}>
        <div>
          <p>
            © {year} <SiteText k="site_name" />
          </p>
          {charityNumber && (
            <p>
              <SiteText k="footer.charity_number" /> <SiteText k="charity_number" />
            </p>
          )}
        </div>
        <ul className={styles.footerLinks}>
          {privacyId && (
            <li>
              <Link to={`/article/${encodeURIComponent(privacyId)}`}>
                <SiteText k="footer.privacy" />
              </Link>
            </li>
          )}
          {t('footer.byline').trim() && (
            <li>
              {bylineUrl ? (
                <a href={bylineUrl} target="_blank" rel="noopener noreferrer">
                  <SiteText k="footer.byline" />
                </a>
              ) : (
                <SiteText k="footer.byline" />
              )}
            </li>
          )}
        </ul>
      </div>
    </footer>
  );
}
