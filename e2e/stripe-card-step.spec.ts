import fs from 'node:fs';
import { request, type Page } from '@playwright/test';
import path from 'node:path';
import { startStripeStandIn } from '../src/server/testing/stripe-stand-in';
import { codeAt } from './admin-session';
import { ADMIN_EMAIL, ADMIN_PASSWORD, checkA11y, expect, test as base } from './fixtures';
import { collectDialogs, continueToPayment, fillRegistration, uniqueEmail } from './membership-helpers';
import { startSiteServer } from './site-server';

/**
 * The live card step in Stripe mode (decisions 087, 145): a site with PAYMENTS=stripe whose Stripe
 * calls go to the local stand-in for Stripe's API (STRIPE_API_BASE), and a browser that gets a
 * fake Stripe.js in place of the provider's script, whose Payment Element's confirmations (and
 * 3-D Secure step) reach the stand-in too.
 * Nothing of the site changes for the test: its Content-Security-Policy allows js.stripe.com and
 * api.stripe.com as on a real site, and only this browser answers those addresses locally.
 */
const fakeStripeJs = fs.readFileSync(path.resolve('src/web/testing/fake-stripe.js'), 'utf8');

type StripeSite = { url: string; standIn: Awaited<ReturnType<typeof startStripeStandIn>>; admin: { authorization: string } };

/**
 * The new site's admin, signed in as a new admin is (decision 132): with the password, then an
 * authenticator app set up, whose first code opens the session the journeys use.
 */
async function adminOf(url: string): Promise<{ authorization: string }> {
  const api = await request.newContext({ baseURL: url });
  try {
    const first = await api.post('/api/token', { form: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const { access_token: token } = (await first.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const started = await api.post('/api/account/totp', { headers });
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await api.post('/api/account/totp/confirm', {
      headers,
      data: { code: codeAt(secret, Math.floor(Date.now() / 30_000)) },
    });
    if (!confirmed.ok()) throw new Error(`The admin's authenticator app was not set up: ${await confirmed.text()}`);
    return headers;
  } finally {
    await api.dispose();
  }
}

const test = base.extend<{ fakeStripe: void }, { stripeSite: StripeSite }>({
  stripeSite: [
    // Playwright reads a fixture's needs from its first argument's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIn = await startStripeStandIn();
      const site = await startSiteServer({
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_journeys',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_journeys',
        STRIPE_WEBHOOK_SECRET: '',
        STRIPE_API_BASE: standIn.url,
      });
      await use({ url: site.url, standIn, admin: await adminOf(site.url) });
      await site.stop();
      await standIn.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ stripeSite }, use) => use(stripeSite.url),
  fakeStripe: [
    async ({ context, stripeSite }, use) => {
      await context.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: fakeStripeJs }),
      );
      await context.route('https://api.stripe.com/**', async (route) => {
        const address = new URL(route.request().url());
        const answer = await route.fetch({ url: `${stripeSite.standIn.url}${address.pathname}${address.search}` });
        await route.fulfill({ response: answer, headers: { ...answer.headers(), 'access-control-allow-origin': stripeSite.url } });
      });
      await use();
    },
    { auto: true },
  ],
});

async function fillStripeCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

test('a doctor joins in Stripe mode: a declined card, then a good one; signed in, they turn on automatic renewal with a saved card', async ({
  page,
  stripeSite,
}) => {
  test.slow();
  const dialogs = collectDialogs(page);
  const email = uniqueEmail('stripe-member');
  await fillRegistration(page, { tier: /^Doctors/, email, password: 'Stripe-member-1234' });
  // The card step is a document of its own, whose policy lets Stripe's frame offer wallets.
  const payDocument = page.waitForResponse((r) => r.request().resourceType() === 'document' && /\/register\/pay$/.test(r.url()));
  await continueToPayment(page);
  expect((await payDocument).headers()['permissions-policy']).toContain('payment=(self "https://js.stripe.com")');
  // Stripe's Payment Element, drawn by the provider's script (here its stand-in).
  await expect(page.getByRole('group', { name: 'Payment method' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText('Test payments — no real card is charged')).toHaveCount(0);
  await checkA11y(page);

  await fillStripeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect.poll(() => dialogs).toEqual(['Payment failed: Your card was declined.']);
  await expect(page.getByTestId('card-failure')).toHaveText('Payment failed: Your card was declined.');
  await expect(page).toHaveURL(/\/register\/pay$/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);
  await expect(page.getByRole('status').filter({ hasText: 'You are signed in.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText('Doctors, Dental Surgeons and Pharmacists', { exact: true })).toBeVisible();
  expect(dialogs).toEqual(['Payment failed: Your card was declined.']);

  // The server priced the intent, the browser confirmed it with the card, and the server read it back.
  const { requests, intents } = stripeSite.standIn;
  const confirmations = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/confirm'));
  expect(confirmations.map((r) => r.body.get('payment_method_data[card][number]'))).toEqual(['4000000000000002', '4242424242424242']);
  expect(confirmations.every((r) => r.body.get('key') === 'pk_test_journeys')).toBe(true);
  // A method that leaves the page would come back to the thank-you page, which settles it.
  expect(confirmations.map((r) => r.body.get('return_url'))).toEqual(Array(2).fill(`${stripeSite.url}/register/thanks`));
  const intentId = confirmations[1]!.path.split('/')[3]!;
  expect(intents.get(intentId)).toMatchObject({ amount: 5000, currency: 'gbp', status: 'succeeded' });
  expect(requests.some((r) => r.method === 'GET' && r.path.startsWith(`/v1/payment_intents/${intentId}`))).toBe(true);

  // Automatic renewal from My Profile: the card is saved through the Payment Element's setup flow, nothing charged.
  const paidBefore = [...intents.values()].filter((intent) => intent.status === 'succeeded').length;
  await page.getByRole('button', { name: 'Turn on automatic renewal' }).click();
  await fillStripeCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your membership renews automatically.')).toBeVisible();
  await expect(page.getByText(/Visa ending 4242/)).toBeVisible();
  const setups = requests.filter((r) => r.method === 'POST' && /^\/v1\/setup_intents\/[^/]+\/confirm$/.test(r.path));
  expect(setups.map((r) => r.body.get('payment_method_data[card][number]'))).toEqual(['4242424242424242']);
  expect([...intents.values()].filter((intent) => intent.status === 'succeeded')).toHaveLength(paidBefore);
});

test('a visitor books a paid event in Stripe mode and pays by a card the bank asks them to confirm', async ({ page, stripeSite }) => {
  test.slow();
  const dialogs = collectDialogs(page);
  const email = uniqueEmail('stripe-booker');
  const title = `Stripe lecture ${email.slice(0, 24)}`;
  const admin = stripeSite.admin;
  const created = await page.request.post('/api/new_event', {
    headers: admin,
    data: { title, dated: '2099-05-07T18:30', description: 'A paid lecture.', capacity: 10, member_price_pence: 1200, price_pence: 2000 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { inserted_id: eventId } = (await created.json()) as { inserted_id: string };

  await page.goto(`/events/${eventId}`);
  await page.getByLabel('Your name').fill('Lilit Hakobyan');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Book a place' }).click();
  await expect(page.getByText('To pay: £20.00')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await checkA11y(page);
  // Stripe's test card that asks for 3-D Secure: the bank's step, in Stripe's frame, completed.
  await fillStripeCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Pay £20.00' }).click();
  await page.getByRole('dialog', { name: '3D Secure authentication' }).getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('booking-outcome')).toHaveText(
    'Your place is booked. A confirmation with a calendar file is on its way to your inbox.',
  );
  expect(dialogs).toEqual([]);
  const paid = [...stripeSite.standIn.intents.values()].filter((intent) => intent.amount === 2000 && intent.status === 'succeeded');
  expect(paid).toHaveLength(1);
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
      return mails.map((mail) => mail.subject);
    })
    .toContain(`Booking confirmed: ${title}`);
});
