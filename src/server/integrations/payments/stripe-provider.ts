import Stripe from 'stripe';
import {
  CardDeclinedError,
  PaymentProviderError,
  type Intent,
  type NewIntent,
  type NewRefund,
  type OffSessionCharge,
  type OffSessionOutcome,
  type PaymentProvider,
  type SavedMethod,
  type SetupIntent,
  type ProviderEvent,
  type Refund,
} from './provider';

export type StripeOptions = {
  secretKey: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local stand-in for Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/**
 * The Payment Element offers what the Stripe account has turned on (cards, Apple Pay, Google Pay,
 * Link, and methods that leave the page and come back), but not the methods that take days to
 * settle (decision 145), except Bacs Direct Debit for a membership's payment, which has its
 * "payment processing" state, mandate and webhooks (decision 175).
 */
export const DELAYED_METHODS = ['bacs_debit', 'sepa_debit', 'customer_balance'] as const;
/** What an intent leaves out: every delayed method, or all but Bacs where Direct Debit is offered. */
export const excludedMethods = (directDebit: boolean | undefined): string[] =>
  DELAYED_METHODS.filter((method) => !(directDebit && method === 'bacs_debit'));

/** Signed events older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's object ids are strings, or the object itself when expanded. */
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? undefined));

/** A verified Stripe event in the site's terms; events the site does not act on are "other". */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ...base, kind: 'succeeded', intentId: event.data.object.id };
    case 'payment_intent.payment_failed': {
      const error = event.data.object.last_payment_error;
      const directDebit = error?.payment_method?.type === 'bacs_debit';
      return {
        ...base,
        kind: 'failed',
        intentId: event.data.object.id,
        ...(error?.message ? { message: error.message } : {}),
        directDebit,
      };
    }
    case 'payment_intent.processing':
      return { ...base, kind: 'processing', intentId: event.data.object.id };
    // A Bacs mandate goes inactive when the payer (or their bank) cancels the Direct Debit (decision 175).
    case 'mandate.updated': {
      const paymentMethodId = idOf(event.data.object.payment_method);
      return event.data.object.status === 'inactive' && paymentMethodId
        ? { ...base, kind: 'mandate-ended', paymentMethodId }
        : { ...base, kind: 'other' };
    }
    case 'payment_method.detached':
      return { ...base, kind: 'mandate-ended', paymentMethodId: event.data.object.id };
    case 'payment_intent.canceled':
      return { ...base, kind: 'canceled', intentId: event.data.object.id };
    case 'charge.refunded': {
      const intentId = idOf(event.data.object.payment_intent);
      return intentId
        ? { ...base, kind: 'refunded', intentId, amountRefunded: event.data.object.amount_refunded }
        : { ...base, kind: 'other' };
    }
    case 'charge.dispute.created': {
      const intentId = idOf(event.data.object.payment_intent);
      return intentId ? { ...base, kind: 'dispute-opened', intentId } : { ...base, kind: 'other' };
    }
    case 'charge.dispute.closed': {
      const intentId = idOf(event.data.object.payment_intent);
      // warning_closed: an inquiry that never became a chargeback, so the money stayed.
      const won = event.data.object.status !== 'lost';
      return intentId ? { ...base, kind: 'dispute-closed', intentId, won } : { ...base, kind: 'other' };
    }
    default:
      return { ...base, kind: 'other' };
  }
}

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
    paymentMethodId: idOf(pi.payment_method) ?? null,
  });
  const toSetup = (si: Stripe.SetupIntent): SetupIntent => ({
    id: si.id,
    status: si.status,
    clientSecret: si.client_secret ?? '',
    customerId: idOf(si.customer) ?? '',
    paymentMethodId: idOf(si.payment_method) ?? null,
  });
  /** Stripe answers 404 (resource_missing) for an id it does not know: undefined, not a failure. */
  async function unlessMissing<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  /**
   * Stripe's own errors never reach the payer: a card decline keeps its reason (it is written for
   * the cardholder), anything else (key, rate limit, outage, network) becomes PaymentProviderError.
   */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
      if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error.requestId, error.statusCode, error.type);
      throw new PaymentProviderError(undefined, undefined, error instanceof Error ? error.name : 'unknown');
    }
  }

  return {
    name: 'stripe' as const,

    createIntent(intent: NewIntent): Promise<Intent> {
      return call(async () =>
        toIntent(
          await stripe.paymentIntents.create(
            {
              amount: intent.amountPence,
              currency: 'gbp',
              description: intent.description,
              metadata: intent.metadata,
              automatic_payment_methods: { enabled: true },
              excluded_payment_method_types: excludedMethods(intent.directDebit),
              // Automatic renewal chosen at joining or renewing: Stripe keeps the method for later
              // charges (the Payment Element then offers only methods that can be saved so).
              ...(intent.saveForCustomer ? { customer: intent.saveForCustomer, setup_future_usage: 'off_session' as const } : {}),
            },
            { idempotencyKey: intent.idempotencyKey },
          ),
        ),
      );
    },

    retrieveIntent(id: string): Promise<Intent | undefined> {
      return call(async () => {
        try {
          return toIntent(await stripe.paymentIntents.retrieve(id));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
          throw error;
        }
      });
    },

    cancelIntent(id: string): Promise<Intent | undefined> {
      return call(async () => {
        try {
          return toIntent(await stripe.paymentIntents.cancel(id));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) {
            if (error.statusCode === 404) return undefined;
            // Paid (or being paid) meanwhile: it can no longer be cancelled, and says how it stands.
            if (error.code === 'payment_intent_unexpected_state') return toIntent(await stripe.paymentIntents.retrieve(id));
          }
          throw error;
        }
      });
    },

    refund(refund: NewRefund): Promise<Refund> {
      return call(async () => {
        const made = await stripe.refunds.create(
          { payment_intent: refund.intentId, amount: refund.amountPence },
          { idempotencyKey: refund.idempotencyKey },
        );
        return { id: made.id, amountPence: made.amount };
      });
    },

    createCustomer(customer: { email: string; name: string; idempotencyKey: string }): Promise<string> {
      return call(
        async () =>
          (await stripe.customers.create({ email: customer.email, name: customer.name }, { idempotencyKey: customer.idempotencyKey })).id,
      );
    },

    createSetupIntent(setup: { customerId: string; idempotencyKey: string }): Promise<SetupIntent> {
      return call(async () =>
        toSetup(
          await stripe.setupIntents.create(
            { customer: setup.customerId, usage: 'off_session', allowed_payment_method_types: ['card'] },
            { idempotencyKey: setup.idempotencyKey },
          ),
        ),
      );
    },

    retrieveSetupIntent(id: string): Promise<SetupIntent | undefined> {
      return call(() => unlessMissing(async () => toSetup(await stripe.setupIntents.retrieve(id))));
    },

    paymentMethod(id: string): Promise<SavedMethod | undefined> {
      return call(() =>
        unlessMissing(async () => {
          const method = await stripe.paymentMethods.retrieve(id);
          if (method.bacs_debit)
            return {
              id: method.id,
              type: 'bacs_debit' as const,
              brand: 'bacs_debit',
              last4: method.bacs_debit.last4 ?? '',
              expMonth: null,
              expYear: null,
            };
          // A method without a card (Link) is named by its type: it has no number or expiry to show.
          if (!method.card) return { id: method.id, type: 'card' as const, brand: method.type, last4: '', expMonth: 0, expYear: 0 };
          return {
            id: method.id,
            type: 'card' as const,
            brand: method.card.brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
          };
        }),
      );
    },

    detachPaymentMethod(id: string): Promise<void> {
      return call(async () => {
        // Detached already, or never attached: nothing is left to charge.
        await unlessMissing(() => stripe.paymentMethods.detach(id)).catch((error: unknown) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
          throw error;
        });
      });
    },

    deleteCustomer(id: string): Promise<void> {
      // Stripe deletes the customer's saved methods with it; a customer deleted already is gone.
      return call(async () => void (await unlessMissing(() => stripe.customers.del(id))));
    },

    /**
     * Creates and confirms the payment on the saved card with `off_session: true`. Stripe answers
     * a refusal with a card error carrying the intent: `authentication_required` means the bank
     * wants the cardholder, who can confirm the same intent on the site.
     */
    async chargeOffSession(charge: OffSessionCharge): Promise<OffSessionOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountPence,
            currency: 'gbp',
            customer: charge.customerId,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: charge.metadata,
            // A saved Bacs Direct Debit is charged as well as a card (decision 175).
            allowed_payment_method_types: ['card', 'bacs_debit'],
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { outcome: 'succeeded', intent: toIntent(intent) };
        // A Direct Debit: its outcome comes by webhook days later, never fulfilled before (decision 175).
        if (intent.status === 'processing') return { outcome: 'processing', intent: toIntent(intent) };
        return { outcome: 'requires_action', intent: toIntent(intent), message: 'Your bank asks you to confirm this payment.' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: Stripe.PaymentIntent };
          const intent = raw.payment_intent ? toIntent(raw.payment_intent) : undefined;
          if (error.code === 'authentication_required' && intent) return { outcome: 'requires_action', intent, message: error.message };
          return { outcome: 'declined', intent, message: error.message };
        }
        return call(() => Promise.reject(error as Error));
      }
    },

    /** The verified event, or undefined when the signature, secret or timestamp does not hold. */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent | undefined {
      if (!signature || !options.webhookSecret) return undefined;
      try {
        return toProviderEvent(stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS));
      } catch {
        return undefined;
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type StripeProvider = ReturnType<typeof stripeProvider>;
