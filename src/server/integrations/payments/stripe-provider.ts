import Stripe from 'stripe';
import type { Intent, NewIntent, PaymentProvider } from './provider';

export type StripeOptions = {
  secretKey: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local stand-in for Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** Signed events older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function stripeProvider(options: StripeOptions) {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  const toIntent = (pi: Stripe.PaymentIntent): Intent => ({
    id: pi.id,
    status: pi.status,
    amountPence: pi.amount,
    clientSecret: pi.client_secret ?? '',
  });

  return {
    name: 'stripe' as const,

    async createIntent(intent: NewIntent): Promise<Intent> {
      const pi = await stripe.paymentIntents.create(
        {
          amount: intent.amountPence,
          currency: 'gbp',
          description: intent.description,
          metadata: intent.metadata,
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: intent.idempotencyKey },
      );
      return toIntent(pi);
    },

    async retrieveIntent(id: string): Promise<Intent | undefined> {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },

    /** The verified event, or undefined when the signature, secret or timestamp does not hold. */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event | undefined {
      if (!signature || !options.webhookSecret) return undefined;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        return undefined;
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type StripeProvider = ReturnType<typeof stripeProvider>;
