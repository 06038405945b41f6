import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addressKey, networkKey } from '../http/client-address';
import { tooManyRequests } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';

/**
 * Card testers try stolen card numbers through any form that charges a card. The same limits
 * hold on every card path (registration, renewal, donation), counted per address (an IPv6
 * client by its /64), and a site-wide pause needs declines from many networks, so one busy
 * office or one tester on a few addresses cannot stop everyone's payments. Decision record 015.
 */
export const CARD_LIMITS = {
  windowMs: 10 * 60 * 1000,
  /** Card payments one address may start. */
  startsPerAddress: 10,
  /** Card steps one address may take (the test provider's; Stripe takes them itself). */
  stepsPerAddress: 20,
  /** Declined payments (distinct intents) after which an address may not try again for a while. */
  declinesPerAddress: 5,
  /** The site-wide pause: this many declined payments, from at least this many /24 or /64 networks. */
  siteDeclines: 20,
  siteNetworks: 10,
} as const;

const TOO_MANY = 'Too many payment attempts. Please wait a few minutes and try again.';
export const CARD_PAYMENTS_PAUSED = 'Card payments are paused for a few minutes because of unusual activity. Please try again later.';

export function cardBrake(db: Kysely<Database>, limiter: RateLimiter, clock: () => Date) {
  const since = () => new Date(clock().getTime() - CARD_LIMITS.windowMs).toISOString();

  async function declinedFrom(address: string): Promise<number> {
    const row = await db
      .selectFrom('card_declines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address', '=', address)
      .where('at', '>', since())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function refuseDeclinedAddress(address: string): Promise<void> {
    if ((await declinedFrom(address)) >= CARD_LIMITS.declinesPerAddress)
      throw tooManyRequests(TOO_MANY, Math.ceil(CARD_LIMITS.windowMs / 1000));
  }

  /** Whether card payments are paused site-wide: many declines, from many networks, lately. */
  async function sitePaused(): Promise<boolean> {
    const row = await db
      .selectFrom('card_declines')
      .select([sql<number>`count(*)`.as('declines'), sql<number>`count(distinct network)`.as('networks')])
      .where('at', '>', since())
      .executeTakeFirstOrThrow();
    return Number(row.declines) >= CARD_LIMITS.siteDeclines && Number(row.networks) >= CARD_LIMITS.siteNetworks;
  }

  return {
    /**
     * Before a card payment starts. `pausable`: the site-wide pause applies (anonymous paths;
     * a signed-in member renewing is not a card tester).
     */
    async beforeStart(ip: string, options: { pausable: boolean }): Promise<void> {
      if (options.pausable && (await sitePaused())) throw tooManyRequests(CARD_PAYMENTS_PAUSED, Math.ceil(CARD_LIMITS.windowMs / 1000));
      const address = addressKey(ip);
      await refuseDeclinedAddress(address);
      await limiter.hit(
        { bucket: 'card-start', key: address, max: CARD_LIMITS.startsPerAddress, windowMs: CARD_LIMITS.windowMs },
        TOO_MANY,
      );
    },

    /** Before the simulated card step of the test provider. */
    async beforeCardStep(ip: string): Promise<void> {
      const address = addressKey(ip);
      await refuseDeclinedAddress(address);
      await limiter.hit({ bucket: 'card-step', key: address, max: CARD_LIMITS.stepsPerAddress, windowMs: CARD_LIMITS.windowMs }, TOO_MANY);
    },

    /**
     * Counts a declined payment once, however many times it is declined or reported (a webhook
     * event delivered again, the card step and the webhook for the same payment). `ip` is the
     * address that started or tried it; unknown for a payment made before it was recorded.
     */
    async recordDecline(intentId: string, ip: string | null): Promise<void> {
      await db
        .insertInto('card_declines')
        .values({
          intent_id: intentId,
          address: ip ? addressKey(ip) : 'unknown',
          network: ip ? networkKey(ip) : 'unknown',
          at: clock().toISOString(),
        })
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .execute();
    },

    /** Forgets declines older than a day. */
    async prune(): Promise<void> {
      await db
        .deleteFrom('card_declines')
        .where('at', '<', new Date(clock().getTime() - 24 * 60 * 60 * 1000).toISOString())
        .execute();
    },
  };
}
export type CardBrake = ReturnType<typeof cardBrake>;
