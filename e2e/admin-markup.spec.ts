import type { Page } from '@playwright/test';
import { checkA11y, expect, signInAsAdmin, test } from './fixtures';
import { markupOf, nuErrors, type Markup } from './markup';
import { uniqueEmail } from './membership-helpers';

/**
 * Every page of the back office, as the admin sees it with the demo content: 0 errors from the Nu
 * HTML Checker and 0 axe violations (decision 105). A new admin page is one more entry here:
 * where it is, and what shows once it has loaded.
 */
/** The event `someActivity` booked a place at. */
let bookedEvent: string | undefined;

const ADMIN_PAGES: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'Members', open: (page) => visit(page, '/admin/members', 'Members') },
  {
    name: 'A member',
    open: async (page) => {
      await visit(page, '/admin/members', 'Members');
      await page.getByRole('table').getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await settled(page);
    },
  },
  { name: 'Import', open: (page) => visit(page, '/admin/import', 'Import members') },
  { name: 'Events', open: (page) => visit(page, '/admin/events', 'Events') },
  {
    name: 'An event',
    open: async (page) => {
      // The event the activity booked, so its bookings and check-in list show.
      await page.goto(bookedEvent ? `/admin/events/${bookedEvent}` : '/admin/events');
      if (!bookedEvent) await page.getByRole('table').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/admin\/events\/[^/]+$/);
      await settled(page);
    },
  },
  { name: 'Roles', open: (page) => visit(page, '/admin/roles', 'Roles') },
  { name: 'Payments', open: (page) => visit(page, '/admin/payments', 'Payments') },
  { name: 'Outbox', open: (page) => visit(page, '/admin/outbox', 'Outbox') },
  {
    name: 'An e-mail in the outbox',
    open: async (page) => {
      await visit(page, '/admin/outbox', 'Outbox');
      await page.getByRole('table').getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
    },
  },
  { name: 'Audit log', open: (page) => visit(page, '/admin/audit', 'Audit log') },
  { name: 'Gift Aid', open: (page) => visit(page, '/admin/gift-aid', 'Gift Aid') },
  { name: 'Settings', open: (page) => visit(page, '/admin/settings', 'Settings') },
  { name: 'Texts', open: (page) => visit(page, '/admin/texts', 'Texts') },
  { name: 'Images', open: (page) => visit(page, '/admin/images', 'Images') },
  { name: 'Newsletters', open: (page) => visit(page, '/admin/newsletters', 'Newsletters') },
  {
    name: 'Writing a newsletter',
    open: async (page) => {
      await page.goto('/admin/newsletters/new');
      await expect(page.getByRole('textbox', { name: 'Subject' })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: "The admin's profile",
    open: async (page) => {
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await settled(page);
    },
  },
];

/** Opens a section and waits until its heading shows and nothing is loading any more. */
async function visit(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  await settled(page);
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Something on every page: a member who paid by card (a payment, e-mail in the outbox, entries in
 * the audit log) and a booking of an event (its page lists a person).
 */
async function someActivity(page: Page) {
  const email = uniqueEmail('markup');
  const proceed = await page.request.post('/api/register_proceed', {
    data: {
      tier_index: 1,
      first_name: 'Nune',
      last_name: 'Markup',
      email,
      plain_pw: 'Markup-pass-1234',
      addr_line1: '1 High Street',
      addr_city: 'London',
      addr_post: 'SW1A 1AA',
      phone_no: '+44 20 7946 0000',
    },
  });
  expect(proceed.status(), await proceed.text()).toBe(200);
  const { client_secret } = (await proceed.json()) as { client_secret: string };
  const card = { client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' };
  expect((await page.request.post('/api/payments/test_confirm', { data: card })).status()).toBe(200);
  const events = (await (await page.request.get('/api/events')).json()) as { _id: string; booking_state?: string }[];
  const open = events.find((event) => event.booking_state === 'open');
  expect(open, 'an event open for booking in the demo content').toBeDefined();
  const booked = await page.request.post(`/api/events/${open!._id}/book`, { data: { name: 'Nune Markup', email } });
  expect(booked.status(), await booked.text()).toBe(200);
  bookedEvent = open!._id;
}

for (const [width, height, label] of [
  [1280, 800, 'on a computer'],
  [390, 844, 'on a phone'],
] as const) {
  test(`every page of the back office is valid HTML (Nu HTML Checker) with no axe violations, ${label}`, async ({ page }) => {
    // Each page has a journey's usual budget: the list grows with the back office.
    test.setTimeout((ADMIN_PAGES.length + 2) * 30_000);
    await page.setViewportSize({ width, height });
    await someActivity(page);
    await signInAsAdmin(page);
    const pages: Markup[] = [];
    for (const adminPage of ADMIN_PAGES) {
      await test.step(adminPage.name, async () => {
        await adminPage.open(page);
        await checkA11y(page);
        pages.push(await markupOf(page, `${adminPage.name} (${label})`));
      });
    }
    expect(await nuErrors(pages)).toEqual([]);
  });
}
