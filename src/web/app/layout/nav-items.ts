import type { SiteTextKey } from '../../../shared/domain/site-text';

export interface NavItem {
  to: string;
  /** The item's name, in the page's language (decision 150). */
  label: SiteTextKey;
  /** Active only on this exact path (Home would otherwise match everything). */
  end?: boolean;
}

/** docs/product.md: Home, Events, News, Membership and Donate, each page in its own language. */
export const navItems: readonly NavItem[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/events', label: 'nav.events' },
  { to: '/news', label: 'nav.news' },
  { to: '/register', label: 'nav.membership' },
  { to: '/donate', label: 'nav.donate' },
];

/** The drawer's element id, which the menu button opens as a popover. */
export const NAV_DRAWER_ID = 'nav-drawer';
