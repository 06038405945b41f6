import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { hashPool } from './hash-pool';
import { passwordHasher } from './password';

describe('password hashing pool', () => {
  const pool = hashPool({ workers: 2, maxQueue: 3 });
  afterAll(() => pool.close());
  const options = { N: 2 ** 12, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

  it('hashes as scrypt does, on its own threads', async () => {
    const salt = randomBytes(16);
    expect(await pool.scrypt('pässword', salt, 64, options)).toEqual(scryptSync('pässword', salt, 64, options));
  });

  it('runs as many hashes as it has workers, queues a few more and refuses the rest with 503', async () => {
    const salt = randomBytes(16);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => pool.scrypt(`password ${i}`, salt, 64, options)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason as HttpError);
    // Two start at once on the two workers, three wait, five are turned away.
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(503);
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    const done = results.flatMap((r, i) => (r.status === 'fulfilled' ? [[i, r.value] as const] : []));
    for (const [i, key] of done) expect(key).toEqual(scryptSync(`password ${i}`, salt, 64, options));
    expect(pool.waiting).toBe(0);
  });

  it('reports a hash that fails and carries on', async () => {
    await expect(pool.scrypt('x', randomBytes(16), 64, { ...options, maxmem: 1024 })).rejects.toThrow(/memory/i);
    expect(await passwordHasher(12, pool).verify('right', await passwordHasher(12, pool).hash('right'))).toBe(true);
  });
});
