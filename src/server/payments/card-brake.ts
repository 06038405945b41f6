import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { cardAddressKey, cardNetworkKey } from '../http/client-address';
import { tooManyRequests } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';
import type { CardCheckChallenges } from './card-check-challenge';

/**
 * Card testers try stolen card numbers through any form that charges a card, and want the small
 * charges that succeed as much as the declines. The same limits hold on every card path
 * (registration, renewal, donation, event booking, a place taken from the waitlist), counted per
 * address (an IPv6 client by its /48, the block one site is given), and a site-wide pause that
 * needs declines from many networks and that a person passes by a proof of work done in their
 * browser. Decision record 015.
 */
export const CARD_LIMITS = {
  windowMs: 10 * 60 * 1000,
  /**
   * Cards one address may put to the provider: each card payment started counts as its first
   * card, and each further card tried on it (after a decline) as another, declined or not.
   */
  cardsPerAddress: 5,
  /** The site-wide pause: this many declined cards, from at least this many /24 (IPv4) or /48 (IPv6) networks. */
  siteDeclines: 40,
  siteNetworks: 25,
} as const;

const TOO_MANY = 'Too many payment attempts. Please wait a few minutes and try again.';
export const CARD_PAYMENTS_PAUSED = 'Card payments are paused for a few minutes because of unusual activity. Please try again later.';
/** The header that carries a solved challenge; the browser sends it when told the pause is on. */
export const CARD_CHECK_HEADER = 'x-card-check';

/** Who starts a card payment: the address, and the solved challenge their browser sent, if any. */
export type CardClient = { ip: string; check?: string };

/** The pause as the admin sees it. */
export type BrakeState = { paused: boolean; declines: number; networks: number; since: string | null };

export function cardBrake(db: Kysely<Database>, limiter: RateLimiter, clock: () => Date, challenges: CardCheckChallenges) {
  const since = () => new Date(clock().getTime() - CARD_LIMITS.windowMs).toISOString();

  /** Cards tried beyond the first on each payment, from this address, lately (a start counts the first). */
  async function furtherCards(address: string): Promise<number> {
    const row = await db
      .selectFrom('card_checks')
      .select([sql<number>`count(*)`.as('checks'), sql<number>`count(distinct intent_id)`.as('intents')])
      .where('address', '=', address)
      .where('at', '>', since())
      .executeTakeFirstOrThrow();
    return Number(row.checks) - Number(row.intents);
  }

  async function state(): Promise<BrakeState> {
    const row = await db
      .selectFrom('card_checks')
      .select([
        sql<number>`count(*)`.as('declines'),
        sql<number>`count(distinct network)`.as('networks'),
        sql<string | null>`min(at)`.as('since'),
      ])
      .where('outcome', '=', 'declined')
      .where('at', '>', since())
      .executeTakeFirstOrThrow();
    const declines = Number(row.declines);
    const networks = Number(row.networks);
    const paused = declines >= CARD_LIMITS.siteDeclines && networks >= CARD_LIMITS.siteNetworks;
    return { paused, declines, networks, since: paused ? row.since : null };
  }

  async function record(id: string, intentId: string, outcome: 'declined' | 'succeeded', ip: string | null): Promise<void> {
    await db
      .insertInto('card_checks')
      .values({
        id,
        intent_id: intentId,
        outcome,
        address: ip ? cardAddressKey(ip) : 'unknown',
        network: ip ? cardNetworkKey(ip) : 'unknown',
        at: clock().toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  return {
    /**
     * Before a card payment starts. `pausable`: the site-wide pause applies, unless the browser
     * solved a challenge (a signed-in member renewing is not a card tester, and is never paused).
     */
    async beforeStart(client: CardClient, options: { pausable: boolean }): Promise<void> {
      if (options.pausable && (await state()).paused && !(await challenges.redeem(client.check))) {
        throw tooManyRequests(CARD_PAYMENTS_PAUSED, Math.ceil(CARD_LIMITS.windowMs / 1000), { [CARD_CHECK_HEADER]: 'required' });
      }
      const address = cardAddressKey(client.ip);
      const max = Math.max(0, CARD_LIMITS.cardsPerAddress - (await furtherCards(address)));
      await limiter.hit({ bucket: 'card-start', key: address, max, windowMs: CARD_LIMITS.windowMs }, TOO_MANY);
    },

    /**
     * Before the simulated card step of the test provider: the first card on a payment was
     * counted when it started; a further one needs the address's budget.
     */
    async beforeCardStep(ip: string, intentId: string | undefined): Promise<void> {
      const address = cardAddressKey(ip);
      const tried = intentId
        ? await db.selectFrom('card_checks').select('id').where('intent_id', '=', intentId).executeTakeFirst()
        : undefined;
      if (!tried) return;
      const started = await limiter.recent('card-start', address, CARD_LIMITS.windowMs);
      if (started + (await furtherCards(address)) >= CARD_LIMITS.cardsPerAddress)
        throw tooManyRequests(TOO_MANY, Math.ceil(CARD_LIMITS.windowMs / 1000));
    },

    /**
     * One card that reached the provider and was declined: `attempt` names it (Stripe's event id,
     * so an event delivered again counts once). `ip` is the address that started the payment.
     */
    recordDecline(intentId: string, ip: string | null, attempt: string = randomUUID()): Promise<void> {
      return record(`declined:${attempt}`, intentId, 'declined', ip);
    },

    /** A card that was charged: once per payment, whoever reports it (the card step, settle, the webhook). */
    recordSuccess(intentId: string, ip: string | null): Promise<void> {
      return record(`succeeded:${intentId}`, intentId, 'succeeded', ip);
    },

    /** Whether the pause is on, for the admin's payments page. */
    state,

    /** Forgets cards tried more than a day ago, and challenges used. */
    async prune(): Promise<void> {
      const dayAgo = new Date(clock().getTime() - 24 * 60 * 60 * 1000).toISOString();
      await db.deleteFrom('card_checks').where('at', '<', dayAgo).execute();
      await challenges.prune();
    },
  };
}
export type CardBrake = ReturnType<typeof cardBrake>;
