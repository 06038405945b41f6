import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { accountAdminApi } from '../../../shared/api/account';
import { adminApi, type MemberDetail, type MemberRow, type PaymentRow } from '../../../shared/api/admin';
import { autoRenewalApi } from '../../../shared/api/auto-renewal';
import { eventAdminApi, type EventBookingRow, type EventBookingsPage } from '../../../shared/api/event-admin';
import { eventsApi, type EventRecord } from '../../../shared/api/events';
import { imagesApi } from '../../../shared/api/images';
import { importsApi, type ImportResponse } from '../../../shared/api/imports';
import { monthlyGiftsApi } from '../../../shared/api/monthly-gifts';
import { newslettersApi } from '../../../shared/api/newsletters';
import { paymentsApi } from '../../../shared/api/payments';
import { staffFactorApi } from '../../../shared/api/second-factor';
import { settingsApi } from '../../../shared/api/settings';
import { siteTextApi } from '../../../shared/api/site-text';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { AdminLayout } from './admin-layout';
import { adminWords } from './admin-words';
import { auditWords } from './audit-words';
import { AuditPage } from './audit-page';
import { AutoRenewalsPage } from './auto-renewals-page';
import { englishLeftOn, englishPhrases } from './english-left';
import { AdminEventsPage } from './events/admin-events-page';
import { eventAdminWords } from './events/event-admin-words';
import { EventAdminPage } from './events/event-admin-page';
import { givingWords } from './giving-words';
import { ImagesPage } from './images-page';
import { imagesWords } from './images-words';
import { ImportPage } from './import-page';
import { importWords } from './import-words';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';
import { membersWords } from './members-words';
import { MonthlyGiftsPage } from './monthly-gifts-page';
import { NewslettersPage } from './newsletters-page';
import { newslettersWords } from './newsletters-words';
import { OutboxPage } from './outbox-page';
import { outboxWords } from './outbox-words';
import { PaymentsPage } from './payments-page';
import { paymentsWords } from './payments-words';
import { RolesPage } from './roles-page';
import { rolesWords } from './roles-words';
import { SettingsPage } from './settings-page';
import { settingsWords } from './settings-words';
import { TextsPage } from './texts-page';
import { textsWords } from './texts-words';

// Every page of the back office drawn on an Armenian page (decision 190), with data that brings out
// its lists, statuses and notes: none of the English of the words catalogues may show, in the text,
// the names and hints of the elements, or the browser tab's title.
const phrases = englishPhrases(
  adminWords,
  membersWords,
  paymentsWords,
  rolesWords,
  outboxWords,
  auditWords,
  imagesWords,
  givingWords,
  settingsWords,
  textsWords,
  importWords,
  newslettersWords,
  eventAdminWords,
);

const AT = '2026-11-20T10:00:00.000Z';

const memberRow: MemberRow = {
  _id: 'u1',
  first_name: 'Ani',
  last_name: 'Petrosyan',
  email: 'ani@example.org',
  role: 'editor',
  tier_index: 0,
  tier_name: 'Doctors, Dental Surgeons and Pharmacists',
  registered_date: '2024-09-01',
  expiry_date: '2026-12-01',
  status: 'expiring',
};

const payment = (over: Partial<PaymentRow>): PaymentRow => ({
  _id: 'p1',
  kind: 'renewal',
  status: 'succeeded',
  amount: 5000,
  provider: 'stripe',
  provider_ref: 'pi_3QxYz',
  email: 'ani@example.org',
  name: 'Ani Petrosyan',
  user_id: 'u1',
  created_at: AT,
  completed_at: AT,
  note: null,
  refunded: 0,
  period_start: '2025-12-01',
  period_end: '2026-12-01',
  review: null,
  direct_debit: null,
  failure_message: null,
  ...over,
});

const payments: PaymentRow[] = [
  payment({ _id: 'p1', status: 'refunded', refunded: 5000 }),
  payment({ _id: 'p2', status: 'disputed', kind: 'registration' }),
  payment({ _id: 'p3', provider: 'offline', provider_ref: null, note: '001234' }),
  payment({ _id: 'p4', kind: 'donation', user_id: null, name: null, period_start: null, period_end: null, status: 'pending' }),
  payment({ _id: 'p5', kind: 'registration', status: 'pending', period_start: null, period_end: null, direct_debit: 'processing' }),
  payment({ _id: 'p6', kind: 'registration', status: 'pending', period_start: null, period_end: null, direct_debit: 'failed' }),
];

const memberDetail: MemberDetail = {
  ...memberRow,
  last_renewed_date: '2025-12-01',
  qualifications: null,
  workplace: null,
  job_title: null,
  grad_year: null,
  addr_line1: null,
  addr_line2: null,
  addr_city: null,
  addr_post: null,
  phone_no: null,
  created_at: AT,
  title: null,
  has_password: false,
  last_signed_in_at: null,
  invitation: { created_at: AT, expires_at: '2026-11-27T10:00:00.000Z', used_at: null, voided_at: AT },
  notes: [{ body: '2019', created_at: AT }],
  payments,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 25 });

const event: EventRecord = {
  _id: 'e1',
  title: 'Ձմեռային դասախոսություն',
  dated: '2026-12-05',
  date: '2026-12-05T18:30:00.000Z',
  description: '',
  end_dated: null,
  end_date: null,
  venue_name: null,
  venue_address: null,
  online: false,
  capacity: 40,
  places_left: 30,
  booking_opens: null,
  booking_closes: null,
  booking_state: 'open',
  member_price_pence: 0,
  price_pence: 1500,
  members_only: false,
  cpd_hours: 2,
  cancel_cutoff_days: 2,
  image: '',
  image_alt: '',
  language: 'hy',
};

const booking = (over: Partial<EventBookingRow>): EventBookingRow => ({
  _id: 'b1',
  name: 'Ani Petrosyan',
  email: 'ani@example.org',
  status: 'confirmed',
  price_pence: 1500,
  paid_pence: 1500,
  refunded_pence: 0,
  refund_due_pence: 0,
  paid_by: 'card',
  note: null,
  booked_at: AT,
  attended_at: null,
  certificate_number: null,
  ...over,
});

const bookings: EventBookingsPage = {
  event: {
    _id: 'e1',
    title: event.title,
    date: event.date,
    end_date: null,
    capacity: 40,
    places_taken: 10,
    confirmed: 8,
    waitlisted: 2,
    offered: 1,
    attended: 0,
    takings_pence: 12000,
    refunded_pence: 1500,
    cpd_hours: 2,
  },
  ...page([
    booking({}),
    booking({ _id: 'b2', name: 'Aram Hakobyan', email: 'aram@example.org', paid_by: 'by_hand', note: '001234' }),
    booking({ _id: 'b3', name: 'Lilit Sargsyan', email: 'lilit@example.org', status: 'waitlisted', paid_pence: 0, paid_by: 'free' }),
    booking({
      _id: 'b4',
      name: 'Narek Grigoryan',
      email: 'narek@example.org',
      status: 'cancelled',
      refunded_pence: 500,
      refund_due_pence: 1000,
    }),
  ]),
};

const committedImport: ImportResponse = {
  id: 'i1',
  status: 'ready',
  file_name: 'members.csv',
  encoding: 'UTF-8',
  columns: ['E-mail', 'Name'],
  date_format: 'dmy',
  mapping: { email: 'E-mail' },
  summary: { create: 2, update: 1, skip: 0, error: 1 },
  rows: [
    { row: 2, file: 'members', action: 'create', errors: [], changes: [] },
    { row: 3, file: 'members', action: 'update', errors: [], changes: ['phone_no'] },
    { row: 4, file: 'members', action: 'error', errors: [{ column: null, detail: '—' }], changes: [] },
  ],
  payments: null,
  created_at: AT,
  committed_at: null,
  undone_at: null,
  can_undo: false,
};

/** The pages, each with what its requests answer, where it is mounted and what shows once it has loaded. */
const pages: { name: string; element: ReactElement; api: () => FakeApi; route?: string; url?: string; loaded: () => Promise<unknown> }[] = [
  {
    name: 'the layout and its navigation',
    element: <AdminLayout />,
    api: () => new FakeApi(),
    route: '/admin/*',
    url: '/admin/members',
    loaded: () => screen.findByRole('navigation'),
  },
  {
    name: 'members',
    element: <MembersPage />,
    api: () =>
      new FakeApi().on(
        adminApi.members,
        page([memberRow, { ...memberRow, _id: 'u2', first_name: 'Aram', last_name: 'Hakobyan', status: 'none', tier_name: null }]),
      ),
    route: '/admin/members',
    url: '/admin/members?status=expiring',
    loaded: () => screen.findByRole('link', { name: 'Ani Petrosyan' }),
  },
  {
    name: 'a member',
    element: <MemberPage />,
    api: () =>
      new FakeApi()
        .on(adminApi.member, memberDetail)
        .on(accountAdminApi.consents, { items: [{ news_email: true, source: 'join', wording_version: '2', at: AT }] })
        .on(accountAdminApi.mail, { items: [{ _id: 7, subject: 'AMA GB', kind: 'welcome', to: 'ani@example.org', created_at: AT }] }),
    route: '/admin/members/:id',
    url: '/admin/members/u1',
    loaded: () => screen.findByText('AMA GB'),
  },
  {
    name: 'payments and their totals',
    element: <PaymentsPage />,
    api: () =>
      new FakeApi()
        .on(adminApi.payments, page(payments))
        .on(adminApi.paymentTotals, [
          {
            month: '2026-11',
            registration: 5000,
            renewal: 5000,
            donation: 1000,
            booking: 0,
            refunded: 5000,
            disputed: 0,
            total: 6000,
            count: 3,
          },
        ])
        .on(paymentsApi.cardPause, { paused: true, declines: 12, networks: 5, since: AT }),
    route: '/admin/payments',
    loaded: () => screen.findByText('001234'),
  },
  {
    name: 'roles',
    element: <RolesPage />,
    api: () =>
      new FakeApi()
        .on(adminApi.members, (request) => page(request.query.get('role') === 'editor' ? [memberRow] : []))
        .on(staffFactorApi.policy, { grace_days: 7 }),
    route: '/admin/roles',
    loaded: () => screen.findByRole('link', { name: 'Ani Petrosyan' }),
  },
  {
    name: 'the outbox',
    element: <OutboxPage />,
    api: () =>
      new FakeApi().on(adminApi.outbox, {
        ...page([
          {
            _id: 1,
            to_address: 'ani@example.org',
            subject: '',
            kind: 'renewal-receipt',
            status: 'failed' as const,
            attempts: 2,
            last_error: '451',
            created_at: AT,
            sent_at: null,
          },
        ]),
        delivery: 'outbox' as const,
      }),
    route: '/admin/outbox',
    loaded: () => screen.findByText('451'),
  },
  {
    name: 'the audit log',
    element: <AuditPage />,
    api: () =>
      new FakeApi()
        .on(
          adminApi.audit,
          page([
            {
              _id: 'a1',
              at: AT,
              actor_id: null,
              actor_email: null,
              kind: 'role' as const,
              action: 'changed' as const,
              subject_id: 'u1',
              summary: '—',
            },
          ]),
        )
        .on(adminApi.auditActors, [{ _id: 'u9', email: 'admin@example.org' }]),
    route: '/admin/audit',
    url: '/admin/audit?actor=gone',
    loaded: () => screen.findByText('—'),
  },
  {
    name: 'images',
    element: <ImagesPage />,
    api: () =>
      new FakeApi().on(imagesApi.list, [
        {
          _id: 'm1',
          url: '/api/images/m1',
          mime: 'image/png',
          width: 800,
          height: 600,
          bytes: 2048,
          created_at: AT,
          created_by: null,
          uses: [],
        },
        {
          _id: 'm2',
          url: '/api/images/m2',
          mime: 'image/jpeg',
          width: 1600,
          height: 900,
          bytes: 3_000_000,
          created_at: AT,
          created_by: 'admin@example.org',
          uses: [{ kind: 'committee', id: null, label: 'Ani Petrosyan' }],
        },
      ]),
    route: '/admin/images',
    loaded: () => screen.findByRole('link', { name: 'Ani Petrosyan' }),
  },
  {
    name: 'settings',
    element: <SettingsPage />,
    api: () =>
      new FakeApi().on(settingsApi.get, {
        site_name: 'AMA GB',
        site_short_name: 'AMA GB',
        // Pictures set: the picture field's own words are the editors' catalogue's (picture-field-words).
        logo_url: '/api/images/m1',
        share_image_url: '/api/images/m2',
        hero_image_url: '/api/images/m3',
        contact_email: '',
        social_media_url: 'https://www.facebook.com/ama',
        social_button_label: 'Facebook',
        charity_number: '',
        postal_address: '',
        about_article_id: 'gone',
        privacy_article_id: '',
        byline: '',
        byline_url: '',
        gift_aid_enabled: false,
        pages: [{ _id: 'a1', title: 'Մեր մասին' }],
      }),
    route: '/admin/settings',
    loaded: () => screen.findByRole('link', { name: 'Մեր մասին' }),
  },
  {
    name: 'texts',
    element: <TextsPage />,
    api: () =>
      new FakeApi().on(siteTextApi.texts, [
        {
          key: 'home.mission',
          value: 'x',
          default_value: 'y',
          customised: true,
          where: 'Home page',
          page: null,
          setting: true,
          updated_at: AT,
          updated_by: 'admin@example.org',
          hy: { value: '', default_value: null, customised: false, to_review: true, missing: true, updated_at: null, updated_by: null },
        },
      ]),
    route: '/admin/texts',
    loaded: () => screen.findByText('home.mission'),
  },
  {
    name: 'import, with a file checked',
    element: <ImportPage />,
    api: () =>
      new FakeApi()
        .on(importsApi.list, {
          items: [
            {
              id: 'i1',
              status: 'ready',
              file_name: 'members.csv',
              created_at: AT,
              created_by: null,
              committed_at: null,
              summary: committedImport.summary,
            },
          ],
        })
        .on(importsApi.one, committedImport),
    route: '/admin/import',
    loaded: () => screen.findByRole('button', { name: 'members.csv' }),
  },
  {
    name: 'newsletters',
    element: <NewslettersPage />,
    api: () =>
      new FakeApi()
        .on(newslettersApi.list, [
          {
            _id: 'n1',
            subject: 'Նոյեմբեր',
            status: 'scheduled',
            list: { _id: 'l1', name: 'AMA GB' },
            created_at: AT,
            scheduled_at: AT,
            started_at: null,
            finished_at: null,
            recipients: 0,
          },
        ])
        .on(newslettersApi.lists, [{ _id: 'l1', name: 'AMA GB', description: '', auto_subscribe: true, subscribers: 3 }])
        .on(newslettersApi.suppressions, [{ email: 'old@example.org', reason: '550', last_error: null, suppressed_at: AT }]),
    route: '/admin/newsletters',
    loaded: () => screen.findByText('old@example.org'),
  },
  {
    name: 'monthly gifts',
    element: <MonthlyGiftsPage />,
    api: () =>
      new FakeApi().on(monthlyGiftsApi.adminList, {
        gifts: [
          {
            gift_id: 'g1',
            email: 'ani@example.org',
            name: null,
            has_account: false,
            pence: 1000,
            status: 'active',
            ended_by: null,
            gift_aid: true,
            next_charge: '2026-12-01',
            started_at: AT,
            failures: [{ period: '2026-10', attempts: 2, status: 'failed', message: null, next_attempt_at: null, at: AT }],
          },
          {
            gift_id: 'g2',
            email: 'aram@example.org',
            name: 'Aram',
            has_account: true,
            pence: 500,
            status: 'ended',
            ended_by: 'declines',
            gift_aid: false,
            next_charge: null,
            started_at: AT,
            failures: [],
          },
        ],
      }),
    route: '/admin/monthly-gifts',
    loaded: () => screen.findByText('aram@example.org'),
  },
  {
    name: 'automatic renewals',
    element: <AutoRenewalsPage />,
    api: () =>
      new FakeApi().on(autoRenewalApi.adminList, {
        members: [
          {
            user_id: 'u1',
            email: 'ani@example.org',
            name: 'Ani Petrosyan',
            on: true,
            turned_off_by: null,
            method: { type: 'bacs_debit' as const, brand: '', last4: '6789', exp_month: null, exp_year: null },
            next_charge: { date: '2027-11-28', pence: 5000 },
            failures: [
              {
                period: '2027-11-21',
                attempts: 1,
                status: 'requires_action' as const,
                message: null,
                next_attempt_at: '2027-11-28',
                at: AT,
              },
            ],
          },
          {
            user_id: 'u2',
            email: 'aram@example.org',
            name: 'Aram',
            on: false,
            turned_off_by: 'mandate' as const,
            method: null,
            next_charge: null,
            failures: [],
          },
        ],
      }),
    route: '/admin/auto-renewals',
    loaded: () => screen.findByText('aram@example.org'),
  },
  {
    name: 'events',
    element: <AdminEventsPage />,
    api: () => new FakeApi().on(eventsApi.list, [event, { ...event, _id: 'e2', capacity: null, places_left: null }]),
    route: '/admin/events',
    loaded: async () => (await screen.findAllByRole('link', { name: event.title }))[0],
  },
  {
    name: "an event's bookings, check-in, booking by hand, mail and certificates",
    element: <EventAdminPage />,
    api: () => new FakeApi().on(eventAdminApi.bookings, bookings),
    route: '/admin/events/:id',
    url: '/admin/events/e1',
    loaded: () => screen.findByRole('button', { name: /Aram Hakobyan/ }),
  },
];

describe('the back office on an Armenian page (decision 190)', () => {
  it('knows the English it looks for', () => {
    expect(phrases).toContain('Members');
    expect(phrases).toContain('Export CSV');
    // The fixed text of a word that takes values, and the label of a code.
    expect(phrases).toContain('members match these filters');
    expect(phrases).toContain('Waiting to send');
    // Written the same in both languages: not English left behind.
    expect(phrases).not.toContain('Gift Aid');
  });

  it.each(pages)('shows $name in Armenian', async ({ element, api, route, url, loaded }) => {
    const rendered = renderPage(element, { language: 'hy', signedInAs: 'admin', api: api(), route, url });
    await loaded();
    // The import's file opens its check; the layout's title is a section's own.
    const file = screen.queryByRole('button', { name: 'members.csv' });
    if (file) {
      await rendered.user.click(file);
      await screen.findByRole('heading', { name: importWords.hy.wouldDoTitle });
    }
    await waitFor(() => expect(screen.queryAllByRole('status', { busy: true })).toEqual([]));
    expect(englishLeftOn(document.body, phrases)).toEqual([]);
    if (route !== '/admin/*') expect(document.title).toContain(`– ${adminWords.hy.titleSuffix}`);
  });

  it('keeps an Armenian admin under /hy: the sections link to their Armenian addresses', async () => {
    renderPage(<AdminLayout />, { language: 'hy', signedInAs: 'admin', route: '/admin/*', url: '/admin/payments' });
    const nav = await screen.findByRole('navigation', { name: 'Կառավարման բաժիններ' });
    expect(within(nav).getByRole('link', { name: adminWords.hy.sections.members })).toHaveAttribute('href', '/hy/admin/members');
    expect(within(nav).getByRole('link', { name: adminWords.hy.sections.payments })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .every((link) => link.getAttribute('href')?.startsWith('/hy/admin/')),
    ).toBe(true);
  });

  it('shows the add-person dialog and the message dialog in Armenian', async () => {
    const members = renderPage(<MembersPage />, {
      language: 'hy',
      signedInAs: 'admin',
      api: new FakeApi().on(adminApi.members, page([memberRow])),
      route: '/admin/members',
    });
    await members.user.click(await screen.findByRole('button', { name: membersWords.hy.addPerson }));
    const dialog = await screen.findByRole('dialog', { name: membersWords.hy.addPerson });
    await members.user.click(within(dialog).getByRole('button', { name: membersWords.hy.add }));
    // The schema's messages, in Armenian.
    expect(await within(dialog).findByText('Մուտքագրեք ձեր անունը')).toBeInTheDocument();
    expect(englishLeftOn(document.body, phrases)).toEqual([]);
    members.unmount();

    const outbox = renderPage(<OutboxPage />, {
      language: 'hy',
      signedInAs: 'admin',
      api: new FakeApi()
        .on(adminApi.outbox, {
          ...page([
            {
              _id: 1,
              to_address: 'ani@example.org',
              subject: 'AMA GB',
              kind: 'welcome',
              status: 'sent' as const,
              attempts: 1,
              last_error: null,
              created_at: AT,
              sent_at: AT,
            },
          ]),
          delivery: 'smtp' as const,
        })
        .on(adminApi.outboxMessage, {
          _id: 1,
          to_address: 'ani@example.org',
          subject: 'AMA GB',
          kind: 'welcome',
          status: 'sent',
          attempts: 1,
          last_error: '421',
          created_at: AT,
          sent_at: AT,
          text_body: '…',
        }),
      route: '/admin/outbox',
    });
    await outbox.user.click(await screen.findByRole('button', { name: 'AMA GB' }));
    const message = await screen.findByRole('dialog', { name: 'AMA GB' });
    expect(await within(message).findByText('421')).toBeInTheDocument();
    expect(englishLeftOn(document.body, phrases)).toEqual([]);
  });

  it('writes dates and money as Armenian readers expect', async () => {
    renderPage(<PaymentsPage />, {
      language: 'hy',
      signedInAs: 'admin',
      api: new FakeApi()
        .on(adminApi.payments, page([payment({})]))
        .on(adminApi.paymentTotals, [])
        .on(paymentsApi.cardPause, { paused: false, declines: 0, networks: 0, since: null }),
      route: '/admin/payments',
    });
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('pi_3QxYz'))!;
    expect(row).toHaveTextContent('20 նոյ, 2026 թ., 10:00');
    expect(row.textContent).toContain('50,00\u00a0£');
    expect(row).toHaveTextContent('1 դեկտեմբերի, 2025 թ. – 1 դեկտեմբերի, 2026 թ.');
  });
});
