import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { HashPool } from './hash-pool';

export type ScryptParams = { N: number; r: number; p: number };

/** OWASP's recommendation for scrypt: N=2^17, r=8, p=1. The production default. */
export const PRODUCTION_COST = 17;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export function scryptParams(cost: number): ScryptParams {
  return { N: 2 ** cost, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, params: ScryptParams, pool: HashPool | undefined): Promise<Buffer> {
  // 128 * N * r bytes are needed; Node's 32 MiB default maxmem refuses N=2^17.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  if (pool) return pool.scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

type Parsed = ScryptParams & { salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return null;
  return { N: Number(N), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/**
 * Password hashing with scrypt at the configured cost (log2 N; PASSWORD_HASH_COST). The parameters
 * are stored in each hash, `scrypt$N$r$p$salt$key`, so the cost can change later and old hashes
 * still verify (and weaker ones are rehashed at the next sign-in). The server hashes on `pool`'s worker
 * threads (hash-pool.ts); without one (scripts, unit tests) Node's own thread pool is used.
 */
export function passwordHasher(cost: number = PRODUCTION_COST, pool?: HashPool) {
  const params = scryptParams(cost);
  return {
    params,
    async hash(password: string): Promise<string> {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, params, pool);
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password: string, stored: string): Promise<boolean> {
      const parsed = parse(stored);
      if (!parsed) return false;
      const key = await derive(password, parsed.salt, parsed, pool);
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
    /** Throws 503 when the hashing queue is full, before a caller does work a hash would then refuse. */
    refuseWhenBusy(): void {
      pool?.refuseWhenFull();
    },
    /**
     * True when the hash is weaker than today's parameters make (or not ours) and should be
     * replaced at sign-in. A stronger one is kept: lowering PASSWORD_HASH_COST (a smaller machine)
     * must never weaken the hashes already stored (decision 098).
     */
    needsRehash(stored: string): boolean {
      const parsed = parse(stored);
      if (!parsed) return true;
      // scrypt's work grows with N * r * p and its memory with N * r.
      return parsed.N * parsed.r * parsed.p < params.N * params.r * params.p || parsed.N * parsed.r < params.N * params.r;
    },
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;
