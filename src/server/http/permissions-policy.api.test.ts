import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeTestApp } from '../testing/stripe-webhooks';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The `payment` permission, which Stripe's Payment Element needs to offer Apple Pay and Google
 * Pay, is given to Stripe's frames on the card step's pages only, and only when Stripe is on;
 * every other answer keeps the strict policy (decision 145).
 */
const STRICT = 'camera=(), microphone=(), geolocation=(), usb=(), payment=()';
const WALLETS = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")';

function builtFrontEnd() {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-permissions-'));
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="en-GB"><title>Site</title><div id="root"></div></html>');
  fs.writeFileSync(path.join(webDir, 'mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return webDir;
}

const CARD_STEP_PAGES = [
  '/register/pay',
  '/renew/pay',
  '/donate',
  '/events/0f5b6a2c-event',
  '/events/bookings/7d1e-booking',
  // As the router reads addresses: any case, a trailing slash, a query (the provider's return).
  '/Register/Pay/',
  '/donate?amount=25',
  '/events/0f5b6a2c-event?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded',
];
const OTHER_ANSWERS = [
  '/',
  '/register',
  '/register/thanks',
  '/renew',
  '/profile',
  '/donate/thanks',
  '/events',
  '/news',
  '/admin/payments',
  '/no-such-page',
  '/mark.svg',
  '/api/health',
  '/api/payments/config',
  '/api/no-such-call',
];

describe('Permissions-Policy with Stripe on', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  const webDir = builtFrontEnd();
  beforeAll(async () => {
    stripe = await stripeTestApp({ env: { WEB_DIR: webDir } });
    t = stripe.t;
  });
  afterAll(async () => {
    await stripe.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("lets Stripe's frame ask for wallets on the card step's pages", async () => {
    for (const url of CARD_STEP_PAGES) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['permissions-policy'], url).toBe(WALLETS);
    }
  });

  it('keeps the strict policy on every other page, file, call and error', async () => {
    for (const url of OTHER_ANSWERS) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], `${url} (${res.statusCode})`).toBe(STRICT);
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: 'pi_x_secret_y' } });
    expect(post.headers['permissions-policy']).toBe(STRICT);
  });
});

describe('Permissions-Policy with the test provider', () => {
  let t: TestApp;
  const webDir = builtFrontEnd();
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('allows no wallet anywhere: no frame of the provider needs it', async () => {
    for (const url of [...CARD_STEP_PAGES, ...OTHER_ANSWERS]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(STRICT);
    }
  });
});
