/** What the site needs of a card payment provider; `stripe` and `test` implement it. */

/** `status` is Stripe's: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled, or a newer one. */
export type Intent = {
  id: string;
  status: string;
  amountPence: number;
  clientSecret: string;
  /** The card it was paid with (or tried), once known: read to keep a card saved for later. */
  paymentMethodId?: string | null;
};

export type NewIntent = {
  amountPence: number;
  description: string;
  metadata: Record<string, string>;
  /** Retrying with the same key returns the same intent instead of a second charge. */
  idempotencyKey: string;
  /** Save the card to this customer for later charges without the payer (Stripe's setup_future_usage: off_session). */
  saveForCustomer?: string;
  /** Bacs Direct Debit may be offered (a membership's payment, decision 175): it settles days later. */
  directDebit?: boolean;
};

/** A card kept by the provider for later charges: only what the member is shown of it. */
export type SavedMethod = {
  id: string;
  /** A card, or a Bacs Direct Debit (brand "bacs_debit", last4 the account's, no expiry; decision 175). */
  type: 'card' | 'bacs_debit';
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
};

/** Saving a card without a payment (Stripe's SetupIntent): the card step confirms it with the client secret. */
export type SetupIntent = { id: string; status: string; clientSecret: string; customerId: string; paymentMethodId: string | null };

/** A charge made without the payer present, on a card saved before. */
export type OffSessionCharge = {
  amountPence: number;
  description: string;
  metadata: Record<string, string>;
  customerId: string;
  paymentMethodId: string;
  idempotencyKey: string;
};

/**
 * How an off-session charge went. `requires_action`: the bank wants the cardholder to authenticate
 * (Stripe's authentication_required); the intent can be confirmed on the site with them present.
 */
export type OffSessionOutcome =
  | { outcome: 'succeeded'; intent: Intent }
  /** A Direct Debit: submitted to the bank, its outcome comes by webhook days later (decision 175). */
  | { outcome: 'processing'; intent: Intent }
  | { outcome: 'requires_action'; intent: Intent; message: string }
  | { outcome: 'declined'; intent?: Intent; message: string };

/** Money back on a paid intent; the key makes a retry return the same refund instead of a second one. */
export type NewRefund = { intentId: string; amountPence: number; idempotencyKey: string };
export type Refund = { id: string; amountPence: number };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(intent: NewIntent): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | undefined>;
  /**
   * Cancels an intent that has not been paid, so a card step finished late takes no money. An
   * intent past cancelling (succeeded, processing) is answered as it is; undefined when unknown.
   */
  cancelIntent(id: string): Promise<Intent | undefined>;
  refund(refund: NewRefund): Promise<Refund>;
  /** A customer to save cards to; the key makes a retry return the same customer. */
  createCustomer(customer: { email: string; name: string; idempotencyKey: string }): Promise<string>;
  createSetupIntent(setup: { customerId: string; idempotencyKey: string }): Promise<SetupIntent>;
  retrieveSetupIntent(id: string): Promise<SetupIntent | undefined>;
  paymentMethod(id: string): Promise<SavedMethod | undefined>;
  /** Creates and confirms a payment on a saved card; the key makes a repeat return the first outcome. */
  chargeOffSession(charge: OffSessionCharge): Promise<OffSessionOutcome>;
  /** The card is no longer to be charged (automatic renewal turned off, or the card replaced). */
  detachPaymentMethod(id: string): Promise<void>;
  /** The person was erased: the provider deletes the customer and its saved methods; one already gone is done (decision 220). */
  deleteCustomer(id: string): Promise<void>;
}

/**
 * The provider failed in a way the payer cannot fix: a bad or revoked key, its rate limit, an
 * outage, a network failure. Answered 502 with a plain message; only the operator sees the rest.
 */
export class PaymentProviderError extends Error {
  constructor(
    /** Stripe's own request id, to quote to Stripe's support. */
    readonly providerRequestId: string | undefined,
    readonly providerStatus: number | undefined,
    readonly providerType: string,
  ) {
    super(`Payment provider failed (${providerType}${providerStatus ? ` ${providerStatus}` : ''})`);
    this.name = 'PaymentProviderError';
  }
}

/** The card was refused: its reason is for the payer (402). */
export class CardDeclinedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CardDeclinedError';
  }
}

/** A verified webhook event, in the site's terms. Amounts in pence. */
export type ProviderEvent = { id: string; type: string } & (
  | { kind: 'succeeded'; intentId: string }
  /** Declined; for a Direct Debit after processing, the bank's reason (decision 175). */
  | { kind: 'failed'; intentId: string; message?: string; directDebit?: boolean }
  /** A Direct Debit submitted to the bank: its outcome comes days later. */
  | { kind: 'processing'; intentId: string }
  /** A Direct Debit's mandate was cancelled (by the payer's bank) or its method detached: it cannot be charged again. */
  | { kind: 'mandate-ended'; paymentMethodId: string }
  | { kind: 'canceled'; intentId: string }
  | { kind: 'refunded'; intentId: string; amountRefunded: number }
  | { kind: 'dispute-opened'; intentId: string }
  | { kind: 'dispute-closed'; intentId: string; won: boolean }
  | { kind: 'other' }
);

/** Stripe's client secrets are "<intent id>_secret_<random>"; the test provider's too. */
export function intentIdFromSecret(clientSecret: string): string | undefined {
  const match = /^(pi_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match?.[1];
}
