import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, OffSessionBehaviour } from '../../db/schema';
import { cardBrand, cardDigits, cardNumberProblem, cvcProblem, expiryProblem } from '../../../shared/domain/card-rules';
import {
  DEBIT_MESSAGES,
  DEBIT_NOT_AUTHORISED,
  DEBIT_WORKING_DAYS,
  sortCodeDigits,
  TEST_DEBIT_ACCOUNTS,
  TEST_SORT_CODE,
  workingDaysAfter,
} from '../../../shared/domain/direct-debit';
import {
  PaymentProviderError,
  type Intent,
  type NewIntent,
  type NewRefund,
  type OffSessionCharge,
  type OffSessionOutcome,
  type PaymentProvider,
  type ProviderEvent,
  type Refund,
  type SavedMethod,
  type SetupIntent,
} from './provider';

/**
 * The offline stand-in for Stripe: it issues intents and client secrets and answers Stripe's
 * test card numbers as Stripe does. No money moves; it exists so the site can be tried and
 * tested without network access or a Stripe account.
 */
export type CardOutcome = { ok: true } | { ok: false; message: string };
/** A card step's outcome: paid, refused, or waiting for the payer to authenticate with their bank. */
export type StepOutcome = CardOutcome | { ok: 'action' } | { ok: 'processing' };

/** The card as the card step sends it. */
export type CardEntry = { number: string; expMonth: number; expYear: number; cvc: string };
/** What the payer chose in the test provider's step (decision 145): a card, a wallet, or a bank that asks them to authenticate. */
/** Bank details for a Direct Debit, with the payer's confirmation of the mandate (decision 175). */
export type DebitEntry = { sortCode: string; accountNumber: string; accountHolder: string };
export type MethodEntry =
  { method: 'card'; card: CardEntry } | { method: 'wallet' } | { method: 'bank' } | { method: 'bacs_debit'; debit: DebitEntry };

/** How an authentication ended: paid, cancelled or failed, not waiting for one (already cancelled, never asked), or no such payment. */
export type AuthenticationResult = 'succeeded' | 'failed' | 'not-waiting' | 'unknown';

/** Stripe's test card that asks for 3-D Secure on every payment. */
export const AUTHENTICATION_CARD = '4000002500003155';
/** Stripe's words when the payer fails or abandons the bank's check. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Stripe's test cards that are declined, with Stripe's message for each (its "Testing" page). */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000009979': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
  '4100000000000019': 'Your card was declined.',
  '4000000000006975': 'Your card was declined.',
  '4000000000000341': 'Your card was declined.',
};
export const CANCELLED_INTENT = 'This payment was cancelled because its time ran out. Nothing was charged: please start again.';

/** Stripe's test cards that succeed: Visa, Visa debit, UK Visa, Mastercard (both ranges), UK Mastercard, American Express, Discover, Diners. */
const SUCCEEDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '4000008260000000',
  '4000058260000005',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5555558265554449',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
]);

/**
 * Stripe's test cards for saved cards (its "Testing" page), by how they behave when charged later
 * without the cardholder: 3184 asks for authentication on every charge, 0341 saves but every
 * charge is declined, 0446 (and every card that succeeds) is charged. Saving them succeeds.
 */
const OFF_SESSION: Record<string, OffSessionBehaviour> = {
  '4000002760003184': 'requires_action',
  '4000000000000341': 'declines',
  '4000003800000446': 'succeeds',
};
export const AUTHENTICATION_REQUIRED = 'Your card was declined. This transaction requires authentication.';
/** A Direct Debit whose mandate the payer's bank cancelled cannot be charged (decision 175). */
export const DEBIT_MANDATE_INACTIVE = 'The Direct Debit mandate for this bank account is no longer active.';
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

/**
 * The outcome Stripe would give: what it refuses before charging (a number of the wrong length or
 * checksum, an expiry in the past, a security code of the wrong length: card-rules.ts), then its
 * test numbers' outcomes; any other number is refused as Stripe refuses real cards in test mode.
 */
export function cardOutcome(card: CardEntry, now: Date): CardOutcome {
  const digits = cardDigits(card.number);
  const refusal = cardNumberProblem(digits) ?? expiryProblem(card.expMonth, card.expYear, now) ?? cvcProblem(card.cvc, digits);
  if (refusal) return { ok: false, message: refusal };
  if (SUCCEEDS.has(digits) || digits === AUTHENTICATION_CARD) return { ok: true };
  return { ok: false, message: DECLINES[digits] ?? 'Your card was declined. Your request was in test mode, but used a non test card.' };
}

/** Saving a card (a setup intent, or a payment that keeps its card) as Stripe checks it first. */
export function setupOutcome(card: CardEntry, now: Date): CardOutcome {
  const digits = cardDigits(card.number);
  if (OFF_SESSION[digits] && !(expiryProblem(card.expMonth, card.expYear, now) ?? cvcProblem(card.cvc, digits))) return { ok: true };
  return cardOutcome(card, now);
}

type IntentRow = { id: string; status: string; amount_pence: number; client_secret: string; payment_method_id?: string | null };

/** The card step's calls, as they call themselves again when another request changed the intent first. */
type TestProviderSteps = {
  confirm(clientSecret: string, entry: MethodEntry): Promise<{ intent?: Intent; outcome: StepOutcome }>;
  authenticate(clientSecret: string, complete: boolean): Promise<{ intent?: Intent; result: AuthenticationResult }>;
};

export function testProvider(db: Kysely<Database>, clock: () => Date) {
  const toIntent = (row: IntentRow): Intent => ({
    id: row.id,
    status: row.status,
    amountPence: row.amount_pence,
    clientSecret: row.client_secret,
    paymentMethodId: row.payment_method_id ?? null,
  });
  const toSetup = (row: {
    id: string;
    status: string;
    client_secret: string;
    customer_id: string;
    payment_method_id: string | null;
  }): SetupIntent => ({
    id: row.id,
    status: row.status,
    clientSecret: row.client_secret,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
  });

  /** Keeps the card typed in the card step, as Stripe keeps it: only its brand, last four and expiry are ever shown. */
  async function saveCard(card: CardEntry, customerId: string | null): Promise<string> {
    const digits = cardDigits(card.number);
    const id = `pm_test${randomBytes(12).toString('hex')}`;
    await db
      .insertInto('test_payment_methods')
      .values({
        id,
        customer_id: customerId,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
        off_session: OFF_SESSION[digits] ?? 'succeeds',
        created_at: clock().toISOString(),
      })
      .execute();
    return id;
  }

  /** What the payer chose in the card step, kept as Stripe keeps it: a wallet's and a 3-D Secure bank's are cards too. */
  function saveEntry(entry: MethodEntry, customerId: string | null): Promise<string> {
    if (entry.method === 'card') return saveCard(entry.card, customerId);
    const year = clock().getUTCFullYear() + 4;
    const number = entry.method === 'wallet' ? '4242424242424242' : AUTHENTICATION_CARD;
    return saveCard({ number, expMonth: 12, expYear: year, cvc: '123' }, customerId);
  }

  /**
   * A Direct Debit confirmed in the step (decision 175): offered only where the intent allows it,
   * the bank details checked as Stripe's test mode checks them, then processing until three
   * working days have passed (`settleDebits`). The mandate is kept when the payer chose so.
   */
  async function debit(row: IntentRow & { customer_id: string | null; setup_future_usage: string | null }, entry: DebitEntry) {
    const types = (row as { payment_method_types?: string | null }).payment_method_types ?? 'card';
    if (!types.split(',').includes('bacs_debit'))
      return { outcome: { ok: false as const, message: 'Direct Debit is not available for this payment.' } };
    const outcome = TEST_DEBIT_ACCOUNTS[entry.accountNumber];
    if (sortCodeDigits(entry.sortCode) !== TEST_SORT_CODE || !outcome)
      return { outcome: { ok: false as const, message: DEBIT_MESSAGES.notTest } };
    const methodId = row.setup_future_usage ? await saveDebit(entry, row.customer_id, outcome) : (row.payment_method_id ?? null);
    const changed = await db
      .updateTable('test_payment_intents')
      .set({
        status: 'processing',
        last_error: null,
        payment_method_id: methodId,
        method_type: 'bacs_debit',
        settles_at: workingDaysAfter(clock(), DEBIT_WORKING_DAYS).toISOString(),
        debit_outcome: outcome,
      })
      .where('id', '=', row.id)
      .where('status', 'in', ['requires_payment_method', 'requires_action'])
      .executeTakeFirst();
    const now = await db.selectFrom('test_payment_intents').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    if (Number(changed.numUpdatedRows) === 0 && now.status !== 'processing')
      return {
        intent: toIntent(now),
        outcome: now.status === 'succeeded' ? { ok: true as const } : { ok: false as const, message: CANCELLED_INTENT },
      };
    return { intent: toIntent(now), outcome: { ok: 'processing' as const } };
  }

  /** Keeps a Direct Debit's mandate for the customer: shown by the account's last four and sort code. */
  async function saveDebit(entry: DebitEntry, customerId: string | null, outcome: 'succeeds' | 'fails'): Promise<string> {
    const id = `pm_test${randomBytes(12).toString('hex')}`;
    await db
      .insertInto('test_payment_methods')
      .values({
        id,
        customer_id: customerId,
        type: 'bacs_debit',
        brand: 'bacs_debit',
        last4: entry.accountNumber.slice(-4),
        sort_code: sortCodeDigits(entry.sortCode),
        mandate_status: 'active',
        // No expiry: the columns are kept as "never".
        exp_month: 12,
        exp_year: 9999,
        off_session: outcome === 'succeeds' ? 'succeeds' : 'declines',
        created_at: clock().toISOString(),
      })
      .execute();
    return id;
  }

  /** The outcome of an off-session intent as it stands (a repeat with its key answers this). */
  function offSessionOutcome(row: IntentRow & { last_error: string | null }): OffSessionOutcome {
    const intent = toIntent(row);
    if (row.status === 'succeeded') return { outcome: 'succeeded', intent };
    if (row.status === 'processing') return { outcome: 'processing', intent };
    if (row.last_error === AUTHENTICATION_REQUIRED) return { outcome: 'requires_action', intent, message: AUTHENTICATION_REQUIRED };
    return { outcome: 'declined', intent, message: row.last_error ?? 'Your card was declined.' };
  }

  return {
    name: 'test' as const,

    async createIntent(intent: NewIntent): Promise<Intent> {
      const existing = await db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('idempotency_key', '=', intent.idempotencyKey)
        .executeTakeFirst();
      if (existing) return toIntent(existing);
      const id = `pi_test${randomBytes(12).toString('hex')}`;
      const row = {
        id,
        client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        idempotency_key: intent.idempotencyKey,
        amount_pence: intent.amountPence,
        status: 'requires_payment_method' as const,
        last_error: null,
        created_at: clock().toISOString(),
        customer_id: intent.saveForCustomer ?? null,
        payment_method_id: null,
        setup_future_usage: intent.saveForCustomer ? 'off_session' : null,
        payment_method_types: intent.directDebit ? 'card,bacs_debit' : 'card',
        method_type: null,
        settles_at: null,
        debit_outcome: null,
      };
      await db.insertInto('test_payment_intents').values(row).execute();
      return toIntent(row);
    },

    async retrieveIntent(id: string): Promise<Intent | undefined> {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toIntent(row);
    },

    /** As Stripe: an unpaid intent is cancelled for good; a paid one stays as it is. */
    async cancelIntent(id: string): Promise<Intent | undefined> {
      await db
        .updateTable('test_payment_intents')
        .set({ status: 'canceled' })
        .where('id', '=', id)
        .where('status', '!=', 'succeeded')
        .execute();
      return this.retrieveIntent(id);
    },

    /** Only a charged intent can be refunded; the refund's id follows from its key, so a retry is the same refund. */
    async refund(refund: NewRefund): Promise<Refund> {
      const row = await db.selectFrom('test_payment_intents').select('status').where('id', '=', refund.intentId).executeTakeFirst();
      if (row?.status !== 'succeeded') throw new PaymentProviderError(undefined, 400, 'invalid_request_error');
      return {
        id: `re_test${createHash('sha256').update(refund.idempotencyKey).digest('hex').slice(0, 24)}`,
        amountPence: refund.amountPence,
      };
    },

    /**
     * The card step: charges the intent when the card is one that succeeds, or the wallet; the
     * bank, and Stripe's 3-D Secure test card, leave it waiting for the payer's authentication.
     */
    async confirm(this: TestProviderSteps, clientSecret: string, entry: MethodEntry): Promise<{ intent?: Intent; outcome: StepOutcome }> {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
      if (!row) return { outcome: { ok: false, message: 'This payment could not be found. Please start again.' } };
      if (row.status === 'succeeded') return { intent: toIntent(row), outcome: { ok: true } };
      // Cancelled when its booking's hold lapsed: no card is tried, and none counts as declined.
      if (row.status === 'canceled') return { outcome: { ok: false, message: CANCELLED_INTENT } };
      // Submitted to the bank already: its outcome comes in a few working days.
      if (row.status === 'processing') return { intent: toIntent(row), outcome: { ok: 'processing' } };
      if (entry.method === 'bacs_debit') return debit(row, entry.debit);
      const checked: CardOutcome = entry.method === 'card' ? cardOutcome(entry.card, clock()) : { ok: true };
      const needsAction =
        checked.ok && (entry.method === 'bank' || (entry.method === 'card' && cardDigits(entry.card.number) === AUTHENTICATION_CARD));
      const status = needsAction
        ? ('requires_action' as const)
        : checked.ok
          ? ('succeeded' as const)
          : ('requires_payment_method' as const);
      // Kept for later charges when the payer chose automatic renewal (Stripe's setup_future_usage, decision 143).
      const methodId = checked.ok && row.setup_future_usage ? await saveEntry(entry, row.customer_id) : row.payment_method_id;
      // Never over a payment finished or cancelled meanwhile (another tab, a lapsed hold).
      const changed = await db
        .updateTable('test_payment_intents')
        .set({ status, last_error: checked.ok ? null : checked.message, payment_method_id: methodId })
        .where('id', '=', row.id)
        .where('status', 'in', ['requires_payment_method', 'requires_action'])
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return this.confirm(clientSecret, entry);
      return { intent: toIntent({ ...row, status, payment_method_id: methodId }), outcome: needsAction ? { ok: 'action' } : checked };
    },

    /**
     * The simulated bank's check of an intent waiting for it: completed, the intent is paid;
     * cancelled, it wants another method (Stripe's words). Decided by one conditional change, so
     * two answers at once take effect once; an intent already paid is answered as it stands.
     */
    async authenticate(
      this: TestProviderSteps,
      clientSecret: string,
      complete: boolean,
    ): Promise<{ intent?: Intent; result: AuthenticationResult }> {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
      if (!row) return { result: 'unknown' };
      if (row.status === 'succeeded') return { intent: toIntent(row), result: 'succeeded' };
      if (row.status !== 'requires_action') return { intent: toIntent(row), result: 'not-waiting' };
      const status = complete ? ('succeeded' as const) : ('requires_payment_method' as const);
      const changed = await db
        .updateTable('test_payment_intents')
        .set({ status, last_error: complete ? null : AUTHENTICATION_FAILED })
        .where('id', '=', row.id)
        .where('status', '=', 'requires_action')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return this.authenticate(clientSecret, complete);
      return { intent: toIntent({ ...row, status }), result: complete ? 'succeeded' : 'failed' };
    },
    /** Customers need no record offline: the id follows from its key, so a retry is the same customer. */
    async createCustomer(customer: { email: string; name: string; idempotencyKey: string }): Promise<string> {
      return `cus_test${hashOf(customer.idempotencyKey)}`;
    },

    async createSetupIntent(setup: { customerId: string; idempotencyKey: string }): Promise<SetupIntent> {
      const id = `seti_test${hashOf(setup.idempotencyKey)}`;
      await db
        .insertInto('test_setup_intents')
        .values({
          id,
          client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          customer_id: setup.customerId,
          status: 'requires_payment_method',
          payment_method_id: null,
          created_at: clock().toISOString(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return (await this.retrieveSetupIntent(id))!;
    },

    async retrieveSetupIntent(id: string): Promise<SetupIntent | undefined> {
      const row = await db.selectFrom('test_setup_intents').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toSetup(row);
    },

    /** The card step of a setup intent: the card is checked as Stripe checks it, then kept for its customer. */
    async confirmSetup(clientSecret: string, card: CardEntry): Promise<{ setup?: SetupIntent; outcome: CardOutcome }> {
      const row = await db.selectFrom('test_setup_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
      if (!row) return { outcome: { ok: false, message: 'This card could not be saved. Please start again.' } };
      if (row.status === 'succeeded') return { setup: toSetup(row), outcome: { ok: true } };
      const outcome = setupOutcome(card, clock());
      if (!outcome.ok) return { setup: toSetup(row), outcome };
      const methodId = await saveCard(card, row.customer_id);
      await db
        .updateTable('test_setup_intents')
        .set({ status: 'succeeded', payment_method_id: methodId })
        .where('id', '=', row.id)
        .where('status', '=', 'requires_payment_method')
        .execute();
      return { setup: (await this.retrieveSetupIntent(row.id))!, outcome: { ok: true } };
    },

    async paymentMethod(id: string): Promise<SavedMethod | undefined> {
      const row = await db.selectFrom('test_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      if (row.type === 'bacs_debit')
        return { id: row.id, type: 'bacs_debit', brand: 'bacs_debit', last4: row.last4, expMonth: null, expYear: null };
      return { id: row.id, type: 'card', brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year };
    },

    async detachPaymentMethod(id: string): Promise<void> {
      await db.updateTable('test_payment_methods').set({ customer_id: null }).where('id', '=', id).execute();
    },

    /** Customers have no record offline: deleting one forgets the cards saved to it. */
    async deleteCustomer(id: string): Promise<void> {
      await db.deleteFrom('test_payment_methods').where('customer_id', '=', id).execute();
    },

    /**
     * A charge on a saved card without the cardholder: as the card behaves off-session (OFF_SESSION),
     * and declined once the card has expired. The key makes a repeat answer the first outcome.
     */
    async chargeOffSession(charge: OffSessionCharge): Promise<OffSessionOutcome> {
      const existing = await db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('idempotency_key', '=', charge.idempotencyKey)
        .executeTakeFirst();
      if (existing) return offSessionOutcome(existing);
      const method = await db.selectFrom('test_payment_methods').selectAll().where('id', '=', charge.paymentMethodId).executeTakeFirst();
      const now = clock();
      let lastError: string | null = null;
      const debiting = method?.type === 'bacs_debit';
      if (!method || method.customer_id !== charge.customerId) lastError = 'No such PaymentMethod.';
      else if (debiting && method.mandate_status !== 'active') lastError = DEBIT_MANDATE_INACTIVE;
      else if (debiting) lastError = null;
      else if (expiryProblem(method.exp_month, method.exp_year, now)) lastError = 'Your card has expired.';
      else if (method.off_session === 'declines') lastError = 'Your card was declined.';
      else if (method.off_session === 'requires_action') lastError = AUTHENTICATION_REQUIRED;
      const id = `pi_test${randomBytes(12).toString('hex')}`;
      const row = {
        id,
        client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        idempotency_key: charge.idempotencyKey,
        amount_pence: charge.amountPence,
        // A Direct Debit is submitted to the bank and settles in three working days (decision 175).
        status: lastError ? ('requires_payment_method' as const) : debiting ? ('processing' as const) : ('succeeded' as const),
        last_error: lastError,
        created_at: now.toISOString(),
        customer_id: charge.customerId,
        payment_method_id: charge.paymentMethodId,
        setup_future_usage: null,
        payment_method_types: debiting ? 'bacs_debit' : 'card',
        method_type: debiting ? 'bacs_debit' : 'card',
        settles_at: debiting && !lastError ? workingDaysAfter(now, DEBIT_WORKING_DAYS).toISOString() : null,
        debit_outcome: debiting && !lastError ? (method.off_session === 'declines' ? ('fails' as const) : ('succeeds' as const)) : null,
      };
      await db.insertInto('test_payment_intents').values(row).execute();
      return offSessionOutcome(row);
    },

    /**
     * The member confirms an off-session payment the bank wanted them for, on the site, with the
     * saved card (as Stripe.js's confirmPayment with the saved payment method does): the intent then
     * waits for the bank's check, which the test provider's authentication step completes.
     */
    async confirmSaved(clientSecret: string): Promise<{ intent?: Intent; outcome: StepOutcome }> {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
      if (!row) return { outcome: { ok: false, message: 'This payment could not be found. Please start again.' } };
      if (row.status === 'succeeded') return { intent: toIntent(row), outcome: { ok: true } };
      // Asked for off-session, or the bank's check failed once: the member may confirm (again).
      const asked = row.last_error === AUTHENTICATION_REQUIRED || row.last_error === AUTHENTICATION_FAILED;
      if (!asked || (row.status !== 'requires_payment_method' && row.status !== 'requires_action'))
        return { outcome: { ok: false, message: row.status === 'canceled' ? CANCELLED_INTENT : 'This payment needs no authentication.' } };
      await db
        .updateTable('test_payment_intents')
        .set({ status: 'requires_action', last_error: AUTHENTICATION_REQUIRED })
        .where('id', '=', row.id)
        .where('status', '=', 'requires_payment_method')
        .execute();
      return { intent: toIntent({ ...row, status: 'requires_action' }), outcome: { ok: 'action' } };
    },

    /**
     * The bank's answers to Direct Debits whose three working days have passed by the site's clock
     * (decision 175), as the events Stripe would send: each debit settles once (a conditional
     * change), and its event is given until `delivered` is called, so a crash in between loses nothing.
     */
    async settleDebits(): Promise<Extract<ProviderEvent, { kind: 'succeeded' | 'failed' }>[]> {
      const due = await db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('method_type', '=', 'bacs_debit')
        .where('settles_at', '<=', clock().toISOString())
        .execute();
      const events: Extract<ProviderEvent, { kind: 'succeeded' | 'failed' }>[] = [];
      for (const row of due) {
        if (row.status === 'processing') {
          const fails = row.debit_outcome === 'fails';
          await db
            .updateTable('test_payment_intents')
            .set({ status: fails ? 'requires_payment_method' : 'succeeded', last_error: fails ? DEBIT_NOT_AUTHORISED : null })
            .where('id', '=', row.id)
            .where('status', '=', 'processing')
            .execute();
        }
        const settled = await db.selectFrom('test_payment_intents').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        if (settled.status === 'succeeded')
          events.push({ id: `evt_test_debit_${row.id}_succeeded`, type: 'payment_intent.succeeded', kind: 'succeeded', intentId: row.id });
        else
          events.push({
            id: `evt_test_debit_${row.id}_failed`,
            type: 'payment_intent.payment_failed',
            kind: 'failed',
            intentId: row.id,
            message: settled.last_error ?? DEBIT_NOT_AUTHORISED,
            directDebit: true,
          });
      }
      return events;
    },

    /** The settled debit's event was applied: it is not given again. */
    async delivered(intentId: string): Promise<void> {
      await db.updateTable('test_payment_intents').set({ settles_at: null }).where('id', '=', intentId).execute();
    },

    /** The payer's bank cancels a Direct Debit's mandate (the tests', and Stripe's mandate.updated): its event. */
    async cancelMandate(paymentMethodId: string): Promise<Extract<ProviderEvent, { kind: 'mandate-ended' }> | undefined> {
      const changed = await db
        .updateTable('test_payment_methods')
        .set({ mandate_status: 'inactive' })
        .where('id', '=', paymentMethodId)
        .where('type', '=', 'bacs_debit')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return undefined;
      return { id: `evt_test_mandate_${paymentMethodId}_inactive`, type: 'mandate.updated', kind: 'mandate-ended', paymentMethodId };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type TestProvider = ReturnType<typeof testProvider>;
