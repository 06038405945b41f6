/** What the site needs of a card payment provider; `stripe` and `test` implement it. */

/** `status` is Stripe's: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled, or a newer one. */
export type Intent = { id: string; status: string; amountPence: number; clientSecret: string };

export type NewIntent = {
  amountPence: number;
  description: string;
  metadata: Record<string, string>;
  /** Retrying with the same key returns the same intent instead of a second charge. */
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(intent: NewIntent): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | undefined>;
}

/** Stripe's client secrets are "<intent id>_secret_<random>"; the test provider's too. */
export function intentIdFromSecret(clientSecret: string): string | undefined {
  const match = /^(pi_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match?.[1];
}
