import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { paymentsApi } from '../../shared/api/payments';
import { startStripeStandIn } from './stripe-stand-in';
import { createTestApp, type TestApp } from './test-app';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_suite';

/** The app with Stripe as its provider, pointed at a fresh stand-in for Stripe's API. */
export async function stripeTestApp(options: { captureLogs?: boolean; env?: Record<string, string> } = {}) {
  const standIn = await startStripeStandIn();
  const t = await createTestApp(
    {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_suite',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_suite',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      ...options.env,
    },
    { captureLogs: options.captureLogs },
  );
  return {
    t,
    standIn,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

/** Signed webhook events as Stripe sends them, and their delivery to the app. */
export function stripeWebhooks(t: TestApp) {
  const signer = new Stripe('sk_test_signing_only');
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  const deliver = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentsApi.webhook.path,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const event = (type: string, object: Record<string, unknown>, id = `evt_${randomBytes(8).toString('hex')}`) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  return {
    sign,
    deliver,
    event,
    /** Builds, signs and delivers one event. */
    send(type: string, object: Record<string, unknown>, id?: string) {
      const payload = event(type, object, id);
      return deliver(payload, sign(payload));
    },
  };
}
