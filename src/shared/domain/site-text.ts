/**
 * Every text the site shows, with the default shipped in code. The admin overrides any of them
 * (POST /api/set_string); GET /api/string_table_v2 answers these defaults overlaid by saved values.
 * Nothing that belongs to one association is hard-coded elsewhere: names, contact details, links
 * and the ids of fixed articles are all here.
 */
export const siteTextDefaults = {
  // Identity
  site_name: 'Armenian Medical Association of Great Britain',
  site_short_name: 'AMA GB',
  logo_url: '/logo.svg',
  founded_year: '1984',

  // Navigation: each item in English and Armenian
  'nav.home.en': 'Home',
  'nav.home.hy': 'Գլխավոր',
  'nav.events.en': 'Events',
  'nav.events.hy': 'Միջոցառումներ',
  'nav.news.en': 'News',
  'nav.news.hy': 'Նորություններ',
  'nav.membership.en': 'Membership',
  'nav.membership.hy': 'Անդամակցություն',
  'nav.donate.en': 'Donate',
  'nav.donate.hy': 'Նվիրաբերել',
  'nav.open_menu': 'Open menu',
  'nav.close_menu': 'Close menu',
  'nav.account': 'My account',
  'nav.sign_in': 'Sign in',
  'nav.sign_out': 'Sign out',
  'nav.profile': 'My profile',
  'nav.label': 'Main',
  'nav.menu': 'Menu',
  skip_to_content: 'Skip to main content',

  // Home
  'home.mission':
    'Bringing together Armenian doctors, dentists, pharmacists, allied health professionals and students across Great Britain since 1984.',
  'home.about.title': 'About us',
  'home.about.body':
    'We are a nonprofit association of healthcare professionals of Armenian heritage living and working in Great Britain. We support our members through education, mentoring and friendship, and we support healthcare in Armenia through partnerships, training and humanitarian projects.',
  'home.about.learn_more': 'Learn More',
  'home.established': 'Established',
  'home.cta.join': 'Become a member',
  'home.cta.donate': 'Support our work',
  'home.pillars.education.title': 'Education',
  'home.pillars.education.body':
    'Lectures, conferences and professional development for healthcare professionals at every stage of their career.',
  'home.pillars.community.title': 'Community',
  'home.pillars.community.body':
    'Mentoring and friendship that connect doctors, dentists, pharmacists, allied professionals and students across Great Britain.',
  'home.pillars.armenia.title': 'Healthcare in Armenia',
  'home.pillars.armenia.body':
    'Partnerships, training and humanitarian projects that strengthen healthcare in Armenia.',
  about_article_id: '',

  // Contact
  'contact.title': 'Contact us',
  'contact.body': 'We would love to hear from you. Write to us at',
  contact_email: 'info@example.org',
  social_media_url: '',
  'contact.social_title': 'Our social media page',

  // Footer
  'footer.privacy': 'Privacy policy',
  privacy_article_id: '',
  'footer.byline': 'Website by our volunteers',
  'footer.byline_url': 'https://github.com/',

  // Sign-in
  'signin.title': 'Sign in',
  'signin.subtitle': 'Welcome back. Sign in to see your membership and account.',
  'signin.email': 'Email',
  'signin.password': 'Password',
  'signin.submit': 'Sign in',
  'signin.register': 'Not a member yet? Join us',
  'signin.forgot': 'Forgot your password?',
  invalid_credentials: 'Email or password not recognized',
  'signin.too_many': 'Too many sign-in attempts. Please wait a few minutes and try again.',

  // Site text editing (admin)
  'site_text.prompt': 'Edit site text',
  'site_text.hint': 'Tip: as admin, right-click any text of the site to change it.',
  'site_text.key': 'Key',
  'site_text.value': 'Value',
  'site_text.cancel': 'Cancel',
  'site_text.save': 'Save',

  // Generic
  'error.generic': 'Something went wrong. Please try again.',
  'error.not_found': 'Sorry, there is no page at this address.',
  'error.back_home': 'Back to the home page',
  'error.title': 'Something went wrong',
  'error.reload': 'Reload the page',
  'not_found.title': 'Page not found',
  loading: 'Loading',
} as const satisfies Record<string, string>;

export type SiteTextKey = keyof typeof siteTextDefaults;

export function isDefaultSiteTextKey(key: string): key is SiteTextKey {
  return Object.prototype.hasOwnProperty.call(siteTextDefaults, key);
}
