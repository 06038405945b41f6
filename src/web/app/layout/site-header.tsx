import { Link, NavLink } from 'react-router';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { DEFAULT_MARK } from '../../lib/default-mark';
import { useSiteText } from '../../lib/site-text';
import { AccountActions, AccountIconLink } from './account-actions';
import { LanguageSwitch } from './language-switch';
import styles from './layout.module.css';
import { NavDrawer } from './nav-drawer';
import { navItems } from './nav-items';

/**
 * The banner: the association's mark beside its name, as text (it follows Settings at once and
 * stays legible on a phone), and the account controls. On wide screens only the nav below it
 * sticks; on narrow screens the nav is in the drawer, so this compact header sticks instead.
 */
export function SiteHeader() {
  const { peek } = useSiteText();
  const shortName = peek('site_short_name').trim();
  const showShort = shortName !== '' && shortName !== peek('site_name').trim();
  return (
    <header className={styles.header}>
      <div aria-hidden className={styles.stripe} />
      <div className={cx(ui.container, styles.headerRow)}>
        <Link to="/" className={styles.brand}>
          {/* Decorative: the name beside it is the link's text. Small and never the largest paint:
              low priority, so React names no image but the page's largest in the head (decision 210). */}
          <img src={peek('logo_url').trim() || DEFAULT_MARK} alt="" fetchPriority="low" className={styles.logo} />
          <span className={styles.names}>
            {showShort && <SiteText k="site_short_name" className={styles.shortName} />}
            <SiteText k="site_name" className={showShort ? styles.fullName : styles.soleName} />
          </span>
        </Link>
        <LanguageSwitch />
        <div className={cx(styles.actions, styles.desktopOnly)}>
          <AccountActions />
        </div>
        <div className={styles.mobileActions}>
          <AccountIconLink />
          <NavDrawer />
        </div>
      </div>
    </header>
  );
}

/** The sticky bar of the five links, in the page's language, above the drawer breakpoint. */
export function DesktopNav() {
  const { t } = useSiteText();
  return (
    <nav aria-label={t('nav.label')} className={cx(styles.navBar, styles.desktopOnly)}>
      <ul className={cx(ui.container, styles.navList)}>
        {navItems.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={styles.navLink}>
              <SiteText k={item.label} className={styles.navEn} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
