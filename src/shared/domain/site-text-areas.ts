/**
 * Where the site shows each text, for the back office's Texts page: an area in words and, when
 * there is one, a page to see it on. Keys are grouped by their prefix ("events." is the Events
 * page); the few without a prefix are named one by one.
 */
export type TextArea = { where: string; page: string | null };

const SETTINGS: TextArea = { where: 'Settings (identity, contact, pages, footer)', page: '/admin/settings' };

const byKey: Record<string, TextArea> = {
  site_name: SETTINGS,
  site_short_name: SETTINGS,
  logo_url: SETTINGS,
  share_image_url: SETTINGS,
  hero_image_url: SETTINGS,
  about_article_id: SETTINGS,
  privacy_article_id: SETTINGS,
  contact_email: SETTINGS,
  social_media_url: SETTINGS,
  charity_number: SETTINGS,
  postal_address: SETTINGS,
  'contact.social_show': SETTINGS,
  'footer.byline': SETTINGS,
  'footer.byline_url': SETTINGS,
  founded_year: { where: 'Home page: the founding year', page: '/' },
  skip_to_content: { where: 'Every page: the first link for keyboard users', page: '/' },
  invalid_credentials: { where: 'Sign-in page: wrong e-mail or password', page: '/signIn' },
  loading: { where: 'Every page: while it loads (read out by screen readers)', page: null },
};

/** Longest prefix first, so "profile.admin." wins over "profile.". */
const byPrefix: [string, TextArea][] = [
  ['nav.', { where: 'Header and menu', page: '/' }],
  ['auto_renew.', { where: 'Automatic renewal: joining, renewing, My Profile and the payment confirmation page', page: '/profile' }],
  ['home.', { where: 'Home page', page: '/' }],
  ['monthly.', { where: "Monthly giving: the donate page, My Profile and the receipt's link", page: '/donate' }],
  ['mail.', { where: 'E-mail the site sends (every mail, in its reader’s language)', page: null }],
  ['pdf.', { where: 'PDF receipts and CPD certificates, in their owner’s language', page: null }],
  ['tier.', { where: 'Joining, renewing and My Profile: the membership tiers', page: '/register' }],
  ['committee.', { where: 'Home page: the committee', page: '/#committee' }],
  ['contact.', { where: 'Home page: contact', page: '/#contact' }],
  ['events.', { where: 'Events page', page: '/events' }],
  ['booking.', { where: "An attendee's booking (the link in their e-mail)", page: null }],
  ['event.', { where: "An event's own page and booking", page: null }],
  ['news.', { where: 'News page', page: '/news' }],
  ['newsletters.', { where: 'Newsletters: the archive of those sent', page: '/newsletters' }],
  ['preferences.', { where: 'E-mail choices (the link at the foot of every newsletter)', page: null }],
  ['article.', { where: 'An article or page', page: null }],
  [
    'content.',
    { where: 'Articles, events and the committee in Armenian: the note on an untranslated one, the editors’ Armenian fields', page: null },
  ],
  ['editor.', { where: 'Article editor', page: '/article/new' }],
  ['action.', { where: 'Buttons across the site (Edit, Save, Cancel…)', page: null }],
  ['footer.', { where: 'Footer of every page', page: '/' }],
  ['confirm_email.', { where: 'The page an e-mail change link opens', page: null }],
  ['privacy.', { where: 'Join and donate forms: the privacy notice and the news consent', page: '/register' }],
  ['signin.', { where: 'Sign-in page', page: '/signIn' }],
  ['pw_forgot.', { where: 'Forgotten password page', page: '/signIn/pwForgot' }],
  ['pw_reset.', { where: 'Choosing a new password (from the e-mailed link)', page: null }],
  ['invitation.', { where: 'Choosing a password from an invitation (imported members)', page: null }],
  ['register.', { where: 'Joining: registration pages', page: '/register' }],
  ['pay.', { where: 'Payment step of joining and renewing', page: null }],
  ['card.', { where: 'Card payment form', page: null }],
  ['billing.', { where: 'Card payment form: billing address', page: null }],
  ['profile.admin.', { where: "The admin's profile page", page: '/profile' }],
  ['security.', { where: 'Sign-in and security (passkeys, authenticator app, sessions)', page: '/profile/security' }],
  ['profile.', { where: 'Profile page', page: '/profile' }],
  ['renew.', { where: 'Renewal pages', page: '/renew' }],
  ['donate.', { where: 'Donate pages', page: '/donate' }],
  ['gift_aid_admin.', { where: 'Back office: Gift Aid', page: '/admin/gift-aid' }],
  ['admin.', { where: 'Back office', page: '/admin' }],
  ['site_text.', { where: 'Editing texts (admin only)', page: null }],
  ['form.', { where: 'Forms: sent before the page had finished loading, and the list of what a form still needs', page: null }],
  ['error.', { where: 'Error messages', page: null }],
  ['not_found.', { where: 'Page not found', page: null }],
];

export const UNUSED_AREA: TextArea = { where: 'Not used by the site any more: remove it', page: null };

export function textArea(key: string): TextArea {
  const own = byKey[key];
  if (own) return own;
  return byPrefix.find(([prefix]) => key.startsWith(prefix))?.[1] ?? UNUSED_AREA;
}
