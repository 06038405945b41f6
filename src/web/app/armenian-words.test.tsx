import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { articlesApi } from '../../shared/api/articles';
import { committeeApi } from '../../shared/api/committee';
import { eventsApi } from '../../shared/api/events';
import { accountApi, type AccountPayment } from '../../shared/api/account';
import { paymentStatuses } from '../../shared/api/admin';
import { autoRenewalApi } from '../../shared/api/auto-renewal';
import { bookingsApi } from '../../shared/api/bookings';
import { donationsApi } from '../../shared/api/donations';
import { membershipApi } from '../../shared/api/membership';
import { monthlyGiftsApi } from '../../shared/api/monthly-gifts';
import { secondFactorApi } from '../../shared/api/second-factor';
import { newslettersApi, type NewsletterView } from '../../shared/api/newsletters';
import { siteTextDefaults, type SiteTextKey } from '../../shared/domain/site-text';
import { siteTextHy } from '../../shared/domain/site-text-hy';
import { isTranslatedKey } from '../../shared/domain/site-text-languages';
import { pictureFieldWords } from '../components/picture-field-words';
import { ArticleEditorPage } from '../features/articles/editor/article-editor-page';
import { NewsletterWriterPage } from '../features/articles/newsletter/newsletter-writer-page';
import { newsletterWords } from '../features/articles/newsletter/newsletter-words';
import { CommitteeSection } from '../features/committee/committee-section';
import { EventEditor } from '../features/events/event-editor';
import { ProfilePage } from '../features/membership/profile-page';
import { RegisterPage } from '../features/membership/register-page';
import { RenewPage } from '../features/membership/renew-page';
import { DonatePage } from '../features/donations/donate-page';
import { SignInPage } from '../features/accounts/sign-in-page';
import { PwForgotPage } from '../features/accounts/pw-forgot-page';
import { SecurityPage } from '../features/accounts/security/security-page';
import { eventsWords } from '../features/events/events-words';
import type { Words } from '../lib/words';
import { FakeApi } from '../testing/fake-api';
import { renderPage } from '../testing/render';
import { staffSecurity } from '../testing/staff-security';

// Decision 205: an Armenian page of the editors and the member area shows none of the English
// words: neither a site text's English default (where it has an Armenian value) nor an English
// word of the editors' catalogues (decision 190), nor any English written into a component.

/** English site texts that differ from their Armenian value. */
const englishTexts = (Object.keys(siteTextDefaults) as SiteTextKey[])
  .filter((key) => isTranslatedKey(key) && (siteTextHy as Record<string, string>)[key] !== undefined)
  .map((key) => siteTextDefaults[key].trim())
  .filter((text, i, all) => text !== '' && all.indexOf(text) === i);

/** The English words of the catalogues (the fixed ones; the ones that take values are checked by the scan below). */
const catalogues: Words<Record<string, unknown> & Record<string, never>>[] = [newsletterWords, pictureFieldWords, eventsWords] as never;
const englishWords = catalogues.flatMap((words) =>
  Object.entries(words.en)
    .filter(([key, value]) => typeof value === 'string' && value !== (words.hy as Record<string, unknown>)[key])
    .map(([, value]) => value as string),
);

/**
 * Latin words an Armenian page may show: names of things that are not translated (formats,
 * brands, the association's short name, HMRC's scheme, the Enter key), and "English", which the
 * language switch and the editors' tabs write in English as the language names itself.
 */
const ALLOWED = new Set([
  'AMA',
  'GB',
  'PNG',
  'JPEG',
  'URL',
  'CPD',
  'JSON',
  'Gift',
  'Aid',
  'HMRC',
  'Visa',
  'http',
  'https',
  'mailto',
  'tel',
  'Enter',
  'English',
  'PDF',
  // Authenticator apps the page names as examples.
  'Google',
  'Microsoft',
  'Authenticator',
  'Password',
]);

/** Every text a reader or a screen reader meets: text nodes, and the names and hints in attributes. */
function textsShown(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of root.querySelectorAll('*'))
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'])
      if (element.getAttribute(name)?.trim()) texts.push(element.getAttribute(name)!.trim());
  return texts;
}

/** What on the page is English: known English words, and any Latin word that is not allowed or part of the data. */
function englishOn(root: HTMLElement, data: readonly string[]): string[] {
  const shown = textsShown(root);
  const known = shown.filter((text) => englishTexts.includes(text) || englishWords.includes(text));
  const stray = shown
    .filter((text) => !known.includes(text) && !data.some((d) => d === text))
    .flatMap((text) => data.reduce((rest, d) => rest.split(d).join(' '), text).match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g) ?? [])
    .filter((word) => word.length > 2 && !ALLOWED.has(word));
  return [...new Set([...known, ...stray])];
}

describe('the English check itself', () => {
  it('knows the English it looks for, and finds it where it is', () => {
    expect(englishTexts.length).toBeGreaterThan(600);
    expect(englishWords).toContain('Send a test to me');
    const div = document.createElement('div');
    div.innerHTML = `<p>${siteTextDefaults['editor.title']}</p><button aria-label="${newsletterWords.en.sendNow}"></button><span>Drafted</span><p>${siteTextHy['editor.title']}</p>`;
    expect(englishOn(div, [])).toEqual([siteTextDefaults['editor.title'], newsletterWords.en.sendNow, 'Drafted']);
  });
});

// jsdom lays nothing out: ProseMirror's scrolling to the cursor gets empty rectangles.
beforeAll(() => {
  const empty = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
  const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = empty;
  Range.prototype.getClientRects = none;
  Object.assign(Text.prototype, { getClientRects: none });
  document.elementFromPoint = () => null;
});

describe('the editors on an Armenian page', () => {
  it('the article editor, its toolbar and its messages are Armenian', async () => {
    const page = renderPage(<ArticleEditorPage />, {
      route: '/article/new',
      url: '/article/new',
      signedInAs: 'editor',
      language: 'hy',
      api: new FakeApi().on(articlesApi.categories, ['Լուրեր']).on(secondFactorApi.security, staffSecurity({ blocked: false })),
    });
    const save = await screen.findByRole('button', { name: siteTextHy['action.save'] });
    // The toolbar's buttons are named by their tooltips.
    expect(screen.getByRole('button', { name: siteTextHy['editor.tool.bold'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: siteTextHy['editor.tool.media'] })).toBeInTheDocument();
    expect(englishOn(document.body, [])).toEqual([]);
    // Saved empty: the messages of the form's rules, in Armenian.
    await page.user.click(save);
    expect(await screen.findByText('Մուտքագրեք վերնագիրը')).toBeInTheDocument();
    expect(englishOn(document.body, [])).toEqual([]);
    // The link, media and upload dialogs of the toolbar.
    const content = screen.getByRole('textbox', { name: siteTextHy['editor.content'] });
    for (const tool of ['editor.tool.link', 'editor.tool.image_url', 'editor.tool.upload'] as const) {
      await page.user.click(content);
      await page.user.click(screen.getAllByRole('button', { name: siteTextHy[tool] })[0]!);
      const dialog = screen.getByRole('presentation');
      expect(within(dialog).getByRole('button', { name: siteTextHy['editor.confirm'] }), tool).toBeInTheDocument();
      expect(englishOn(dialog, []), tool).toEqual([]);
      await page.user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('presentation')).toBeNull());
    }
  });

  it('the newsletter writer, its audience and its sending are Armenian', async () => {
    const sending: NewsletterView = {
      _id: 'n1',
      subject: 'Ձմեռային տեղեկագիր',
      status: 'sending',
      list: { _id: 'l1', name: 'Նորություններ' },
      created_at: '2026-11-20T10:00:00.000Z',
      scheduled_at: null,
      started_at: '2026-11-20T11:00:00.000Z',
      finished_at: null,
      recipients: 3,
      content: JSON.stringify({ blocks: [], entityMap: {} }),
      article_id: null,
      audience: { kind: 'status', status: 'expiring', days: 30, months: 12 },
      cancelled_at: null,
      test_sent_at: null,
      counts: {
        recipients: 3,
        waiting: 1,
        sent: 1,
        failed: 1,
        cancelled: 0,
        excluded: 1,
        excluded_by: { no_consent: 1, unsubscribed: 0, suppressed: 0 },
      },
      failures: [{ email: 'ani@example.org', status: 'failed', error: null }],
    };
    const api = new FakeApi()
      .on(newslettersApi.one, sending)
      .on(newslettersApi.lists, [{ _id: 'l1', name: 'Նորություններ', description: '', auto_subscribe: true, subscribers: 3 }])
      .on(newslettersApi.audience, {
        recipients: 2,
        excluded: { no_consent: 1, unsubscribed: 0, suppressed: 0 },
        excluded_people: [{ email: 'ani@example.org', name: 'Անի', reason: 'no_consent' }],
      })
      .on(eventsApi.list, []);
    const data = ['Ձմեռային տեղեկագիր', 'Նորություններ', 'ani@example.org', 'failed', 'Անի <ani@example.org>'];
    const sent = renderPage(<NewsletterWriterPage />, {
      route: '/admin/newsletters/:id',
      url: '/admin/newsletters/n1',
      signedInAs: 'editor',
      language: 'hy',
      api,
    });
    expect(await screen.findByText(newsletterWords.hy.statusIs('sending'))).toBeInTheDocument();
    await screen.findByText(newsletterWords.hy.recipients(2));
    expect(englishOn(document.body, data)).toEqual([]);
    sent.unmount();

    // A new one: the form, every audience and its settings.
    const draft = renderPage(<NewsletterWriterPage />, {
      route: '/admin/newsletters/new',
      url: '/admin/newsletters/new',
      signedInAs: 'editor',
      language: 'hy',
      api,
    });
    const audience = await screen.findByRole('combobox', { name: newsletterWords.hy.audience });
    await draft.user.selectOptions(audience, 'status');
    await draft.user.selectOptions(screen.getByRole('combobox', { name: newsletterWords.hy.status }), 'lapsed');
    expect(screen.getByRole('spinbutton', { name: newsletterWords.hy.lapsedMonths })).toBeInTheDocument();
    await draft.user.selectOptions(audience, 'event');
    await waitFor(() => expect(api.callsTo(eventsApi.list)).toHaveLength(1));
    expect(englishOn(document.body, data)).toEqual([]);
  });

  it('the committee editor and its messages are Armenian', async () => {
    const page = renderPage(<CommitteeSection />, {
      signedInAs: 'admin',
      language: 'hy',
      api: new FakeApi().on(committeeApi.list, []),
    });
    await screen.findByText(siteTextHy['committee.none']);
    await page.user.click(screen.getByRole('button', { name: siteTextHy['committee.add'] }));
    const form = await screen.findByRole('form', { name: siteTextHy['committee.new_form'] });
    await page.user.click(within(form).getByRole('button', { name: siteTextHy['action.save'] }));
    expect(await within(form).findByText('Մուտքագրեք անունը')).toBeInTheDocument();
    expect(within(form).getByText('Մուտքագրեք պաշտոնը')).toBeInTheDocument();
    expect(englishOn(form, [])).toEqual([]);
  });

  it('the event form and its messages are Armenian', async () => {
    const page = renderPage(<EventEditor onDone={() => undefined} />, { signedInAs: 'admin', language: 'hy' });
    const save = await screen.findByRole('button', { name: siteTextHy['action.save'] });
    const title = screen.getByRole('textbox', { name: new RegExp(`^${siteTextHy['editor.title']}`) });
    await page.user.clear(title);
    await page.user.click(save);
    expect(await screen.findByText('Մուտքագրեք վերնագիրը')).toBeInTheDocument();
    expect(englishOn(document.body, [])).toEqual([]);
  });
});

describe('the member area on an Armenian page', () => {
  it('My Profile, with its payments, bookings, gifts and settings, is Armenian', async () => {
    const payment = (status: AccountPayment['status'], i: number): AccountPayment => ({
      _id: `p${i}`,
      kind: 'renewal',
      status,
      description: 'Անդամավճար',
      amount: 12_500,
      refunded: status === 'partly_refunded' ? 2_500 : 0,
      created_at: '2026-11-26T10:00:00.000Z',
      completed_at: '2026-11-26T10:01:00.000Z',
      period_start: '2026-11-26',
      period_end: '2027-11-26',
      has_receipt: status === 'succeeded',
      receipt_number: status === 'succeeded' ? 'R-2026-000123' : null,
    });
    const statuses = paymentStatuses.filter((status) => status !== 'succeeded');
    const api = new FakeApi()
      .on(membershipApi.memberInfo, {
        first_name: 'Անի',
        last_name: 'Պետրոսյան',
        email: 'ani@example.org',
        registered_date: '2026-11-26',
        last_renewed_date: '2026-11-26',
        tier_index: 0,
        role: 'member',
        latest_period: { start: '2026-11-26', end: '2027-11-26' },
        language: 'hy',
      })
      .on(accountApi.payments, { items: [payment('succeeded', 0), ...statuses.map((status, i) => payment(status, i + 1))] })
      .on(accountApi.details, {
        email: 'ani@example.org',
        tier_index: 0,
        first_name: 'Անի',
        last_name: 'Պետրոսյան',
        qualifications: null,
        workplace: null,
        job_title: null,
        grad_year: null,
        addr_line1: 'Երևանյան փողոց 1',
        addr_line2: null,
        addr_city: 'Լոնդոն',
        addr_post: 'N1 1AA',
        phone_no: null,
      })
      .on(accountApi.consent, { news_email: true, changed_at: '2026-11-26T10:00:00.000Z' })
      .on(bookingsApi.mine, [
        {
          _id: 'b1',
          status: 'confirmed',
          price_pence: 1_500,
          event: { _id: 'e1', title: 'Ձմեռային դասախոսություն', date: '2026-12-05T18:30:00.000Z', end_date: null },
          upcoming: true,
          can_cancel: true,
          has_certificate: false,
        },
        {
          _id: 'b2',
          status: 'confirmed',
          price_pence: 0,
          event: { _id: 'e2', title: 'Աշնանային գիտաժողով', date: '2026-10-05T09:00:00.000Z', end_date: '2026-10-05T17:00:00.000Z' },
          upcoming: false,
          can_cancel: false,
          has_certificate: true,
        },
      ])
      .on(newslettersApi.mine, {
        email: 'ani@example.org',
        choices: [
          { topic: 'list:l1', name: 'Նորություններ', description: 'Ամսական տեղեկագիր', kind: 'list', subscribed: true },
          // The server names the kinds of service mail in English; the page names them in its language.
          {
            topic: 'membership-reminders',
            name: 'Renewal reminders',
            description: 'Before your membership ends',
            kind: 'service',
            subscribed: true,
          },
          { topic: 'booking-reminders', name: 'Event reminders', description: 'The day before', kind: 'service', subscribed: false },
        ],
      })
      .on(autoRenewalApi.state, {
        on: true,
        method: { type: 'card', brand: 'unknown', last4: '4242', exp_month: 12, exp_year: 2030 },
        next_charge: { date: '2027-11-26', pence: 12_500 },
      })
      .on(monthlyGiftsApi.mine, {
        gifts: [
          {
            gift_id: 'g1',
            pence: 1_000,
            status: 'active',
            gift_aid: true,
            card: { brand: 'visa', last4: '4242' },
            next_charge: '2026-12-26',
            started_at: '2026-11-26',
            ended_at: null,
          },
        ],
      });
    const data = ['ani@example.org', 'N1 1AA', '4242', 'R-2026-000123', 'visa'];
    renderPage(<ProfilePage />, { route: '/profile', url: '/profile', signedInAs: 'member', language: 'hy', api });
    await screen.findByText('Ձմեռային դասախոսություն');
    await screen.findAllByText(siteTextHy['profile.payment_status.partly_refunded'], { exact: false });
    await screen.findAllByText(siteTextHy['auto_renew.card_unknown'], { exact: false });
    await screen.findByText('Նորություններ');
    expect(screen.getByText(siteTextHy['preferences.service.event_reminders'])).toBeInTheDocument();
    await screen.findByDisplayValue('Երևանյան փողոց 1');
    // Dates and money as an Armenian reader writes them.
    expect(screen.getAllByText(/26 նոյեմբերի, 2026 թ\./).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/125,00 £/).length).toBeGreaterThan(0);
    expect(englishOn(document.body, data)).toEqual([]);
  });

  it('the sign-in and security page, with its factors, passkeys and sessions, is Armenian', async () => {
    const session = (id: string, current: boolean) => ({
      _id: id,
      device: 'Firefox · Linux',
      place: null,
      method: current ? 'password' : 'passkey',
      created_at: '2026-11-21T09:00:00Z',
      last_used_at: '2026-11-21T11:00:00Z',
      current,
    });
    const api = new FakeApi()
      .on(secondFactorApi.security, {
        totp: false,
        passkeys: [
          { _id: 'key1', name: 'Աշխատանքային նոութբուք', created_at: '2026-11-20T10:00:00Z', last_used_at: null, backed_up: true },
        ],
        recovery_codes_left: 0,
        staff: { applies: true, blocked: false, grace_until: '2026-12-01T00:00:00Z' },
        passkeys_available: true,
      })
      .on(secondFactorApi.sessions, { items: [session('s1', true), session('s2', false)] });
    renderPage(<SecurityPage />, { route: '/profile/security', url: '/profile/security', signedInAs: 'admin', language: 'hy', api });
    await screen.findByText('Աշխատանքային նոութբուք');
    await screen.findAllByText('Firefox · Linux');
    expect(englishOn(document.body, ['Firefox · Linux'])).toEqual([]);
  });

  const memberInfo = {
    first_name: 'Անի',
    last_name: 'Պետրոսյան',
    email: 'ani@example.org',
    registered_date: '2025-11-26',
    last_renewed_date: '2025-11-26',
    tier_index: 0,
    role: 'member',
    latest_period: { start: '2025-11-26', end: '2026-11-26' },
    language: 'hy',
  } as const;

  it.each([
    ['sign-in', '/signIn', () => <SignInPage />, 'signin.submit', new FakeApi()],
    ['password reset request', '/signIn/pwForgot', () => <PwForgotPage />, 'pw_forgot.submit', new FakeApi()],
    ['joining', '/register', () => <RegisterPage />, 'register.continue', new FakeApi()],
    [
      'renewing',
      '/renew',
      () => <RenewPage />,
      'renew.continue',
      new FakeApi().on(membershipApi.memberInfo, { ...memberInfo, tier_index: null }),
    ],
    [
      'donating',
      '/donate',
      () => <DonatePage />,
      'donate.proceed',
      new FakeApi().on(donationsApi.config, { gift_aid_available: true, charity_number: '1234567', wording_version: 'v1' }),
    ],
  ] as const)('the %s page, and the messages of its form sent empty, are Armenian', async (_name, url, page, submit, api) => {
    const drawn = renderPage(page(), { route: url, url, signedInAs: url === '/renew' ? 'member' : undefined, language: 'hy', api });
    await drawn.user.click(await screen.findByRole('button', { name: siteTextHy[submit] }));
    await waitFor(() => expect(document.querySelector('[aria-invalid="true"], .Mui-error')).not.toBeNull());
    expect(englishOn(document.body, [])).toEqual([]);
  });
});
