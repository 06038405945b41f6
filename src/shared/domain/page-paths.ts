import { inLanguage, withoutLanguage, type Language } from './language';
import { fillPath } from './link-paths';

/**
 * Every page's address, in one place (decision 088): the browser's routes and the server renderer,
 * the server's answers to forms posted to a page, links in mail, the sitemap, head tags and the
 * policy for pages whose address carries a secret all read them here. `:names` are parameters,
 * filled by `pagePath`. No zod and nothing else: the router is on every page's first load.
 */
export const PAGE = {
  home: '/',
  events: '/events',
  event: '/events/:eventId',
  booking: '/events/bookings/:bookingId',
  news: '/news',
  article: '/article/:articleId',
  articleNew: '/article/new',
  articleEdit: '/article/:articleId/edit',
  newsletters: '/newsletters',
  newsletter: '/newsletters/:newsletterId',
  preferences: '/preferences/:token',
  signIn: '/signIn',
  pwForgot: '/signIn/pwForgot',
  pwReset: '/signIn/pwReset/:uid',
  confirmEmail: '/account/confirm-email/:token',
  invitation: '/invitation/:token',
  register: '/register',
  registerPay: '/register/pay',
  registerThanks: '/register/thanks',
  profile: '/profile',
  profileSecurity: '/profile/security',
  autoRenewPayment: '/profile/auto-renew/:paymentId',
  renew: '/renew',
  renewPay: '/renew/pay',
  donate: '/donate',
  donateThanks: '/donate/thanks',
  monthlyGift: '/donate/monthly/:giftId',
  admin: '/admin',
  adminMembers: '/admin/members',
  adminMember: '/admin/members/:id',
  adminEvents: '/admin/events',
  adminEvent: '/admin/events/:id',
  adminRoles: '/admin/roles',
  adminPayments: '/admin/payments',
  adminOutbox: '/admin/outbox',
  adminAudit: '/admin/audit',
  adminGiftAid: '/admin/gift-aid',
  adminSettings: '/admin/settings',
  adminTexts: '/admin/texts',
  adminImages: '/admin/images',
  adminNewsletters: '/admin/newsletters',
  adminNewsletterNew: '/admin/newsletters/new',
  adminNewsletter: '/admin/newsletters/:id',
  adminImport: '/admin/import',
  adminAutoRenewals: '/admin/auto-renewals',
  adminMonthlyGifts: '/admin/monthly-gifts',
} as const;

export type PageName = keyof typeof PAGE;
export type PagePattern = (typeof PAGE)[PageName];

/**
 * A page's address with its parameters filled in, each encoded: `pagePath('article', { articleId })`;
 * in Armenian under `/hy/` (decision 150). Inside the web app the router's basename adds the
 * prefix, so its links use the English form.
 */
export function pagePath(page: PageName, params: Record<string, string | number> = {}, language: Language = 'en'): string {
  return inLanguage(fillPath(PAGE[page], params), language);
}

/** The page's full address on the site, for mail, feeds and head tags: `pageUrl(publicUrl, 'renew')`. */
export function pageUrl(
  publicUrl: string,
  page: PageName,
  params: Record<string, string | number> = {},
  language: Language = 'en',
): string {
  return `${publicUrl}${pagePath(page, params, language)}`;
}

/**
 * Pages whose address carries a secret (a reset, e-mail confirmation, invitation or mail
 * preferences link): the server keeps no copy of them and they send no Referer.
 */
export const TOKEN_PAGES: readonly PageName[] = ['pwReset', 'confirmEmail', 'invitation', 'preferences'];

/**
 * Pages that show the card step (Stripe's Payment Element): only their documents may let Stripe's
 * frame ask for a wallet (the `payment` permission), and the browser loads them as documents of
 * their own so that it does (decision 145).
 */
export const CARD_STEP_PAGES: readonly PageName[] = ['registerPay', 'renewPay', 'donate', 'event', 'booking'];

/** Whether an address (a path, without query) is one of the card step's pages. */
export function isCardStepPage(path: string): boolean {
  const page = pageOf(path);
  return page !== null && CARD_STEP_PAGES.includes(page);
}

/** The public pages worth a search engine's visit (no sign-in, no payment steps), besides articles and events. */
export const SITEMAP_PAGES: readonly PageName[] = ['home', 'events', 'news', 'newsletters', 'register', 'donate'];

/** Pages that belong to a flow or to signed-in people: they exist, but are not pages to share or index. */
export const APP_PAGES: readonly PageName[] = [
  'booking',
  'articleNew',
  'articleEdit',
  'pwForgot',
  'pwReset',
  'confirmEmail',
  'invitation',
  'preferences',
  'registerPay',
  'registerThanks',
  'profile',
  'profileSecurity',
  'autoRenewPayment',
  'renew',
  'renewPay',
  'donateThanks',
  'monthlyGift',
  'admin',
  'adminMembers',
  'adminMember',
  'adminEvents',
  'adminEvent',
  'adminRoles',
  'adminPayments',
  'adminOutbox',
  'adminAudit',
  'adminGiftAid',
  'adminSettings',
  'adminTexts',
  'adminImages',
  'adminNewsletters',
  'adminNewsletterNew',
  'adminNewsletter',
  'adminImport',
  'adminAutoRenewals',
  'adminMonthlyGifts',
];

const patterns = (Object.entries(PAGE) as [PageName, PagePattern][]).map(([name, pattern]) => {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // Case-insensitive and with an optional trailing slash, as the router matches addresses.
  return { name, regex: new RegExp(`^${source}/?$`, 'i'), literal: !pattern.includes(':') };
});

/**
 * The page an address (a path, without query) is, or null for no page of the site. A fixed
 * address wins over a pattern (`/article/new` is the editor, not an article), as in the router.
 */
export function pageOf(path: string): PageName | null {
  // An Armenian address is the same page (decision 150).
  path = withoutLanguage(path);
  const matches = patterns.filter((p) => p.regex.test(path));
  return (matches.find((p) => p.literal) ?? matches[0])?.name ?? null;
}
