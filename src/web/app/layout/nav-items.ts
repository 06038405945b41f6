import type { SiteTextKey } from '../../../shared/domain/site-text';

export interface NavItem {
  to: string;
  en: SiteTextKey;
  hy: SiteTextKey;
  /** Active only on this exact path (Home would otherwise match everything). */
  end?: boolean;
}

/** SPEC: Home, Events, News, Membership and Donate, each in English and Armenian. */
export const navItems: readonly NavItem[] = [
  { to: '/', en: 'nav.home.en', hy: 'nav.home.hy', end: true },
  { to: '/events', en: 'nav.events.en', hy: 'nav.events.hy' },
  { to: '/news', en: 'nav.news.en', hy: 'nav.news.hy' },
  { to: '/register', en: 'nav.membership.en', hy: 'nav.membership.hy' },
  { to: '/donate', en: 'nav.donate.en', hy: 'nav.donate.hy' },
];

/** SPEC: at 822px wide and below the nav becomes a drawer. */
export const MOBILE_NAV_QUERY = '(max-width:822px)';
/** The same as an sx key; the layout switches in CSS, so the server-rendered page fits a phone at once. */
export const MOBILE_NAV = `@media ${MOBILE_NAV_QUERY}`;
/** Shown only above the drawer breakpoint, or only at and below it. */
export const DESKTOP_ONLY = { [MOBILE_NAV]: { display: 'none' } } as const;
export const MOBILE_ONLY = { display: 'none', [MOBILE_NAV]: { display: 'flex' } } as const;

/** SPEC: the drawer's swipe area is 20px wide, at the right-hand edge. */
export const SWIPE_AREA_WIDTH = 20;
/**
 * The swipe area starts below the compact header: the menu button ends 4 px from the edge, and an
 * area over it would take the taps on its right-hand side.
 */
export const SWIPE_AREA_TOP = 72;
