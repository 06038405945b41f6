import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local stand-in for the part of Stripe's HTTP API the site uses (payment intents and refunds,
 * and the confirmation Stripe.js sends from the browser), so the real `stripe` SDK can be
 * exercised without the network. It records what it was sent, and can be
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
};

/** Stripe's test cards that are refused, and how Stripe words the refusal. */
const CARD_OUTCOMES: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
};

export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
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
        const card = (body.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
        const declined = CARD_OUTCOMES[card] ?? { code: 'incorrect_number', message: 'Your card number is incorrect.' };
        if (card === '4242424242424242') {
          intent.status = 'succeeded';
          return send(200, intent);
        }
        return send(402, { error: { type: 'card_error', ...declined, payment_intent: intent } });
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
    /** What Stripe does when the card step succeeds in the browser. */
    succeed(id: string) {
      const intent = intents.get(id)!;
      if (intent.status === 'canceled') throw new Error(`${id} was cancelled: Stripe would refuse its card step`);
      intent.status = 'succeeded';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
