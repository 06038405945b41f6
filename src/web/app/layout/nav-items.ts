import type { SiteTextKey } from '../../../shared/domain/site-text';

export interface NavItem {
  to: string;
  en: SiteTextKey;
  hy: SiteTextKey;
  /** Active only on this exact path (Home would otherwise match everything). */
  end?: boolean;
}

/** docs/product.md: Home, Events, News, Membership and Donate, each in English and Armenian. */
export const navItems: readonly NavItem[] = [
  { to: '/', en: 'nav.home.en', hy: 'nav.home.hy', end: true },
  { to: '/events', en: 'nav.events.en', hy: 'nav.events.hy' },
  { to: '/news', en: 'nav.news.en', hy: 'nav.news.hy' },
  { to: '/register', en: 'nav.membership.en', hy: 'nav.membership.hy' },
  { to: '/donate', en: 'nav.donate.en', hy: 'nav.donate.hy' },
];

/** The drawer's element id, which the menu button opens as a popover. */
export const NAV_DRAWER_ID = 'nav-drawer';
