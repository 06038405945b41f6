import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Database } from '../db/schema';

/**
 * A proof of work the browser does while card payments are paused (ALTCHA's scheme, made and
 * checked here: nothing third-party, no cookie, nothing to consent to). The server hides a
 * counter in a signed challenge; the browser finds it by hashing, a second or so of its time,
 * which costs a tester with thousands of cards as much each time. Each solution is taken once.
 * Decision record 015.
 */
export const CHALLENGE_COUNTER = { min: 5_000, max: 50_000 };
const VALID_MS = 10 * 60 * 1000;

export type CardCheckChallenge = Challenge;

export function cardCheckChallenges(db: Kysely<Database>, serverSecret: string, clock: () => Date) {
  // Its own key, derived from the server's secret: a challenge signature is never a token.
  const secret = createHmac('sha256', serverSecret).update('card-check-challenge').digest('hex');

  return {
    /** A new challenge; its expiry is in real time, as the library checks it. */
    create(): Promise<CardCheckChallenge> {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(CHALLENGE_COUNTER.min, CHALLENGE_COUNTER.max),
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + VALID_MS),
      });
    },

    /**
     * True when `payload` (base64 JSON of the challenge and its solution) solves a challenge made
     * here, not expired and never used before; it is used up by this call.
     */
    async redeem(payload: string | undefined): Promise<boolean> {
      if (!payload || payload.length > 4096) return false;
      let parsed: { challenge: Challenge; solution: Solution };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge: Challenge; solution: Solution };
        if (!parsed?.challenge?.parameters || !parsed.solution || typeof parsed.challenge.signature !== 'string') return false;
        const result = await verifySolution({
          challenge: parsed.challenge,
          solution: parsed.solution,
          deriveKey,
          hmacSignatureSecret: secret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      const taken = await db
        .insertInto('used_challenges')
        .values({ signature: parsed.challenge.signature, at: clock().toISOString() })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** Forgets used challenges once they could no longer be valid (kept a day). */
    async prune(): Promise<void> {
      await db
        .deleteFrom('used_challenges')
        .where('at', '<', new Date(clock().getTime() - 24 * 60 * 60 * 1000).toISOString())
        .execute();
    },
  };
}
export type CardCheckChallenges = ReturnType<typeof cardCheckChallenges>;
