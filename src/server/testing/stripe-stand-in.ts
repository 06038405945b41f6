import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { workingDaysAfter } from '../../shared/domain/direct-debit';

/**
 * A local stand-in for the part of Stripe's HTTP API the site uses (payment intents and refunds,
 * customers (made and deleted), setup intents, saved payment methods, off-session payments, and the confirmations
 * Stripe.js sends from the browser), so the real `stripe` SDK can be exercised without the
 * network. It records what it was sent, keeps the events Stripe would send by webhook, and can be
 * made to fail as Stripe does: a revoked key (401), its rate limit (429), an outage (500).
 */
export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** As the intent was created: which methods the Payment Element may offer (decision 145). */
  automatic_payment_methods: { enabled: boolean } | null;
  excluded_payment_method_types: string[] | null;
  /** What the card step must do next (3-D Secure), as Stripe says it. */
  next_action: { type: string } | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  /** Automatic renewal (decision 143): the customer and card, and whether the card is kept for later. */
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
};

export type StandInSetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string;
  usage: string;
  status: string;
  payment_method: string | null;
};

export type StandInPaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card' | 'bacs_debit';
  customer: string | null;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** A Direct Debit's bank account, as Stripe shows it (decision 175). */
  bacs_debit?: { last4: string; sort_code: string; fingerprint: string };
  /** Not Stripe's: the test number, to answer later charges as Stripe's test cards do. */
  number: string;
};

/** Stripe's test cards for saved cards: 3184 asks for authentication on every charge, 0341 saves but is declined. */
const OFF_SESSION_REFUSALS: Record<string, { code: string; decline_code: string; message: string }> = {
  '4000002760003184': {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  '4000000000000341': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
};
/** Cards Stripe saves (a setup intent succeeds): the ones that succeed, and the saved-card test numbers above. */
const SAVES = new Set(['4242424242424242', '5555555555554444', '4000002760003184', '4000000000000341', '4000003800000446']);
const brandOf = (number: string) =>
  number.startsWith('4') ? 'visa' : number.startsWith('5') || number.startsWith('2') ? 'mastercard' : 'unknown';

/** Stripe's test card that asks for 3-D Secure on every payment. */
export const AUTHENTICATION_CARD = '4000002500003155';
/** Stripe's words when the person fails or abandons the bank's check. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Stripe's test cards that are refused, and how Stripe words the refusal. */
const CARD_OUTCOMES: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
};

/** A list parameter as the SDK sends it: `name[0]=a&name[1]=b`; null when absent. */
function listParam(body: URLSearchParams, name: string): string[] | null {
  const values = [...body].filter(([key]) => key.startsWith(`${name}[`)).map(([, value]) => value);
  return values.length ? values : null;
}

/** Stripe's Bacs test accounts (sort code 10-88-00), by how the payment ends after processing. */
const DEBIT_OUTCOMES: Record<string, 'succeeds' | 'fails'> = { '00012345': 'succeeds', '33333335': 'fails' };
const DEBIT_NOT_AUTHORIZED = 'The customer’s bank did not authorise this Direct Debit.';

export async function startStripeStandIn() {
  /** Direct Debits submitted: when each settles (by the tests' clock) and how (decision 175). */
  const debits = new Map<string, { settlesAt: Date; outcome: 'succeeds' | 'fails' }>();
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const customers = new Map<string, { id: string; object: 'customer'; email: string; name: string }>();
  const setupIntents = new Map<string, StandInSetupIntent>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  /** Stripe keeps each keyed request's answer (a 402 included) and gives it again for the same key. */
  const answersByKey = new Map<string, { status: number; json: unknown }>();
  /** The events Stripe would send to the webhook, in order; a test delivers them (again, out of order). */
  const events: { id: string; object: 'event'; type: string; created: number; data: { object: unknown } }[] = [];
  /** The clock the tests control: a saved card expires by it. */
  let clock = () => new Date();
  const emit = (type: string, object: unknown) =>
    events.push({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(clock().getTime() / 1000),
      data: { object: structuredClone(object) },
    });
  const intentJson = (intent: StandInIntent) => ({ ...intent });
  const methodJson = ({ number: _number, ...method }: StandInPaymentMethod) => method;
  /** A card typed in the browser, kept for the customer (Stripe.js's payment_method_data). */
  const saveCard = (body: URLSearchParams, customer: string | null): StandInPaymentMethod => {
    const number = (body.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    const method: StandInPaymentMethod = {
      id: `pm_${randomBytes(12).toString('hex')}`,
      object: 'payment_method',
      type: 'card',
      customer,
      card: {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: Number(body.get('payment_method_data[card][exp_month]') ?? 12),
        exp_year: Number(body.get('payment_method_data[card][exp_year]') ?? 2034),
      },
      number,
    };
    paymentMethods.set(method.id, method);
    return method;
  };
  const refunds: { id: string; amount: number; payment_intent: string }[] = [];
  const refundsByKey = new Map<string, (typeof refunds)[number]>();
  const requests: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string }[] = [];
  /** While set, every call is answered with this failure, as Stripe words it. */
  let failure: { status: number; type: string; message: string } | undefined;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const path = req.url ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, body, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}` });
        res.end(JSON.stringify(json));
      };
      if (failure) return send(failure.status, { error: { type: failure.type, message: failure.message } });
      const kept = idempotencyKey ? answersByKey.get(`${path} ${idempotencyKey}`) : undefined;
      if (kept && req.method === 'POST') return send(kept.status, kept.json);
      /** Answers and keeps the answer for the request's key, as Stripe does. */
      const answer = (status: number, json: unknown) => {
        if (idempotencyKey) answersByKey.set(`${path} ${idempotencyKey}`, { status, json });
        send(status, json);
      };
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer = {
          id: `cus_${randomBytes(12).toString('hex')}`,
          object: 'customer' as const,
          email: body.get('email') ?? '',
          name: body.get('name') ?? '',
        };
        customers.set(customer.id, customer);
        return answer(200, customer);
      }
      // Deleting a customer detaches its saved methods, as Stripe does.
      const customerDelete = /^\/v1\/customers\/([^/?]+)$/.exec(path);
      if (req.method === 'DELETE' && customerDelete) {
        const id = customerDelete[1]!;
        if (!customers.delete(id))
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${id}'` } });
        for (const method of paymentMethods.values()) if (method.customer === id) method.customer = null;
        return send(200, { id, object: 'customer', deleted: true });
      }
      if (req.method === 'POST' && path === '/v1/setup_intents') {
        const customer = body.get('customer') ?? '';
        if (!customers.has(customer))
          return send(400, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'` },
          });
        const id = `seti_${randomBytes(12).toString('hex')}`;
        const setup: StandInSetupIntent = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          customer,
          usage: body.get('usage') ?? 'off_session',
          status: 'requires_payment_method',
          payment_method: null,
        };
        setupIntents.set(id, setup);
        return answer(200, setup);
      }
      // Stripe.js's confirmSetup from the Payment Element: the card is checked and saved for the customer.
      const setupConfirm = /^\/v1\/setup_intents\/([^/?]+)\/confirm$/.exec(path);
      if (req.method === 'POST' && setupConfirm) {
        const setup = setupIntents.get(setupConfirm[1]!);
        if (!setup || body.get('client_secret') !== setup.client_secret)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setupintent' } });
        const number = (body.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
        if (!SAVES.has(number)) {
          const declined = CARD_OUTCOMES[number] ?? { code: 'incorrect_number', message: 'Your card number is incorrect.' };
          return send(402, { error: { type: 'card_error', ...declined, setup_intent: setup } });
        }
        const method = saveCard(body, setup.customer);
        Object.assign(setup, { status: 'succeeded', payment_method: method.id });
        emit('setup_intent.succeeded', setup);
        return send(200, setup);
      }
      const setupGet = /^\/v1\/setup_intents\/([^/?]+)$/.exec(path);
      if (req.method === 'GET' && setupGet) {
        const setup = setupIntents.get(setupGet[1]!);
        return setup
          ? send(200, setup)
          : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setupintent' } });
      }
      const methodDetach = /^\/v1\/payment_methods\/([^/?]+)\/detach$/.exec(path);
      if (req.method === 'POST' && methodDetach) {
        const method = paymentMethods.get(methodDetach[1]!);
        if (!method)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } });
        if (!method.customer)
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
            },
          });
        method.customer = null;
        return send(200, methodJson(method));
      }
      const methodGet = /^\/v1\/payment_methods\/([^/?]+)$/.exec(path);
      if (req.method === 'GET' && methodGet) {
        const method = paymentMethods.get(methodGet[1]!);
        return method
          ? send(200, methodJson(method))
          : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } });
      }
      // A charge on a saved card without the cardholder (off_session and confirm): as Stripe's saved test cards behave.
      if (req.method === 'POST' && path === '/v1/payment_intents' && body.get('off_session') === 'true') {
        const method = paymentMethods.get(body.get('payment_method') ?? '');
        if (!method || method.customer !== body.get('customer'))
          return answer(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } });
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of body) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const now = clock();
        if (method.type === 'bacs_debit') {
          const debit: StandInIntent = {
            id,
            object: 'payment_intent',
            amount: Number(body.get('amount')),
            currency: body.get('currency') ?? '',
            status: 'processing',
            client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
            metadata,
            customer: method.customer,
            payment_method: method.id,
            setup_future_usage: null,
            automatic_payment_methods: null,
            excluded_payment_method_types: null,
            next_action: null,
            last_payment_error: null,
          };
          intents.set(id, debit);
          debits.set(id, { settlesAt: workingDaysAfter(now, 3), outcome: DEBIT_OUTCOMES[method.number] ?? 'fails' });
          emit('payment_intent.processing', debit);
          return answer(200, intentJson(debit));
        }
        const card = method.card!;
        const expired =
          card.exp_year < now.getUTCFullYear() || (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
        const refusal = expired
          ? { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' }
          : OFF_SESSION_REFUSALS[method.number];
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? '',
          status: refusal ? 'requires_payment_method' : 'succeeded',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata,
          customer: method.customer,
          payment_method: method.id,
          setup_future_usage: null,
          automatic_payment_methods: null,
          excluded_payment_method_types: listParam(body, 'excluded_payment_method_types'),
          next_action: null,
          last_payment_error: refusal ? { type: 'card_error', ...refusal } : null,
        };
        intents.set(id, intent);
        if (refusal) {
          emit('payment_intent.payment_failed', intent);
          return answer(402, {
            error: { type: 'card_error', ...refusal, payment_intent: intentJson(intent), payment_method: methodJson(method) },
          });
        }
        emit('payment_intent.succeeded', intent);
        return answer(200, intentJson(intent));
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, existing);
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of body) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata,
          automatic_payment_methods: body.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
          excluded_payment_method_types: listParam(body, 'excluded_payment_method_types'),
          next_action: null,
          last_payment_error: null,
          customer: body.get('customer'),
          payment_method: null,
          setup_future_usage: body.get('setup_future_usage'),
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, existing);
        const intent = intents.get(body.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'This PaymentIntent does not have a successful charge to refund.' },
          });
        const refund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount: Number(body.get('amount') ?? intent.amount),
          payment_intent: intent.id,
          status: 'succeeded',
        };
        refunds.push(refund);
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      // What Stripe.js does in the browser when the card step is sent (the journeys' fake Stripe.js
      // posts here): the test cards' outcomes, as Stripe answers them.
      const confirm = /^\/v1\/payment_intents\/([^/?]+)\/confirm$/.exec(path);
      if (req.method === 'POST' && confirm) {
        const intent = intents.get(confirm[1]!);
        if (!intent || body.get('client_secret') !== intent.client_secret)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        if (intent.status === 'succeeded')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
            },
          });
        // confirmPayment with the saved card and the cardholder present, after Stripe asked for
        // authentication off-session: the bank's check follows (the authenticate step below).
        const saved = body.get('payment_method');
        if (saved && saved === intent.payment_method && intent.last_payment_error?.code === 'authentication_required') {
          Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
          return send(200, intent);
        }
        // Bacs Direct Debit from the Payment Element (its mandate accepted there): processing for three working days.
        if (body.get('payment_method_data[type]') === 'bacs_debit') {
          if (intent.excluded_payment_method_types?.includes('bacs_debit'))
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_invalid_parameter',
                message: 'The payment method type "bacs_debit" is excluded for this PaymentIntent.',
              },
            });
          const sortCode = (body.get('payment_method_data[bacs_debit][sort_code]') ?? '').replace(/\D/g, '');
          const account = body.get('payment_method_data[bacs_debit][account_number]') ?? '';
          const outcome = DEBIT_OUTCOMES[account];
          if (sortCode !== '108800' || !outcome)
            return send(400, {
              error: { type: 'invalid_request_error', code: 'invalid_bank_account', message: 'Invalid account number.' },
            });
          const method: StandInPaymentMethod = {
            id: `pm_${randomBytes(12).toString('hex')}`,
            object: 'payment_method',
            type: 'bacs_debit',
            customer: intent.setup_future_usage ? intent.customer : null,
            bacs_debit: { last4: account.slice(-4), sort_code: sortCode, fingerprint: `fp_${account}` },
            number: account,
          };
          paymentMethods.set(method.id, method);
          Object.assign(intent, { status: 'processing', payment_method: method.id, next_action: null, last_payment_error: null });
          debits.set(intent.id, { settlesAt: workingDaysAfter(clock(), 3), outcome });
          emit('payment_intent.processing', intent);
          return send(200, intent);
        }
        const card = (body.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
        const declined = CARD_OUTCOMES[card] ?? { code: 'incorrect_number', message: 'Your card number is incorrect.' };
        // A wallet (Apple Pay, Google Pay) pays with a card of the device's: as good as the card.
        if (card === '4242424242424242' || (intent.setup_future_usage && card === '5555555555554444')) {
          intent.status = 'succeeded';
          intent.next_action = null;
          intent.last_payment_error = null;
          // setup_future_usage: the card is kept for the customer as it is charged.
          if (intent.setup_future_usage && intent.customer) intent.payment_method = saveCard(body, intent.customer).id;
          emit('payment_intent.succeeded', intent);
          return send(200, intent);
        }
        if (card === AUTHENTICATION_CARD) {
          intent.status = 'requires_action';
          intent.next_action = { type: 'use_stripe_sdk' };
          return send(200, intent);
        }
        return send(402, { error: { type: 'card_error', ...declined, payment_intent: intent } });
      }
      // What Stripe's 3-D Secure frame reports once the person has completed or failed the bank's
      // check (the fake Stripe.js posts here; the real frame talks to Stripe's own hosts).
      const authenticate = /^\/v1\/payment_intents\/([^/?]+)\/authenticate$/.exec(path);
      if (req.method === 'POST' && authenticate) {
        const intent = intents.get(authenticate[1]!);
        if (!intent || body.get('client_secret') !== intent.client_secret)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        if (intent.status !== 'requires_action')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}: there is nothing to authenticate.`,
            },
          });
        intent.next_action = null;
        if (body.get('outcome') === 'complete') {
          intent.status = 'succeeded';
          intent.last_payment_error = null;
          emit('payment_intent.succeeded', intent);
        } else {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message: AUTHENTICATION_FAILED,
          };
        }
        return send(200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([^/?]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]!);
        if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'canceled')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        intent.status = 'canceled';
        return send(200, intent);
      }
      const get = /^\/v1\/payment_intents\/([^/?]+)/.exec(path);
      if (req.method === 'GET' && get) {
        const intent = intents.get(get[1]!);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Its origin, as STRIPE_API_BASE takes it. */
    url: `http://127.0.0.1:${port}`,
    intents,
    /** Refunds made, as Stripe would list them. */
    refunds,
    requests,
    customers,
    setupIntents,
    paymentMethods,
    /** The events Stripe would have sent to the webhook, in order. */
    events,
    /** Saved cards expire by the tests' clock. */
    useClock(next: () => Date) {
      clock = next;
    },
    /** Calls Stripe received (the SDK retries 429 and 500 twice, so one request may be three calls). */
    get calls() {
      return requests.length;
    },
    /** Answers every call from now on as Stripe does when it fails, until `recover()`. */
    fail(status: 401 | 429 | 500) {
      failure = {
        401: { status, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****uite' },
        429: { status, type: 'rate_limit_error', message: 'Too many requests hit the API too quickly.' },
        500: { status, type: 'api_error', message: 'An unknown error occurred on Stripe (req_internal_42).' },
      }[status];
    },
    recover() {
      failure = undefined;
    },
    /**
     * The bank's answers to the Direct Debits whose three working days have passed by the tests'
     * clock: each settles once, with the event Stripe sends (succeeded, or payment_failed with
     * the reason and the bacs_debit method).
     */
    settleDebits() {
      for (const [id, debit] of debits) {
        const intent = intents.get(id)!;
        if (intent.status !== 'processing' || debit.settlesAt > clock()) continue;
        debits.delete(id);
        if (debit.outcome === 'succeeds') {
          intent.status = 'succeeded';
          emit('payment_intent.succeeded', intent);
        } else {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = { type: 'invalid_request_error', code: 'debit_not_authorized', message: DEBIT_NOT_AUTHORIZED };
          emit('payment_intent.payment_failed', {
            ...intent,
            last_payment_error: { ...intent.last_payment_error, payment_method: { id: intent.payment_method, type: 'bacs_debit' } },
          });
        }
      }
    },
    /** The payer's bank cancels a Direct Debit's mandate: Stripe's mandate.updated, status inactive. */
    cancelMandate(paymentMethodId: string) {
      emit('mandate.updated', {
        id: `mandate_${paymentMethodId}`,
        object: 'mandate',
        status: 'inactive',
        payment_method: paymentMethodId,
        type: 'multi_use',
      });
    },
    /** What Stripe does when the card step succeeds in the browser. */
    succeed(id: string) {
      const intent = intents.get(id)!;
      if (intent.status === 'canceled') throw new Error(`${id} was cancelled: Stripe would refuse its card step`);
      intent.status = 'succeeded';
      intent.next_action = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
