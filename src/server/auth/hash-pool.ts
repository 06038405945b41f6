import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';
import { workerPool } from '../worker-pool';

/**
 * scrypt runs on these threads, never on libuv's pool: that pool also reads the files the site
 * serves, and four hashes at N=2^17 would hold all of it for a third of a second each. Each
 * worker hashes one password at a time (128 MiB at N=2^17), so memory stays at workers x 128 MiB;
 * work beyond the queue limit is refused at once with 503 and Retry-After (decision record 016).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
// The lowest priority (Linux sets it per thread): on a busy machine the web server's thread goes first.
try { require('node:os').setPriority(19); } catch {}
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export type HashPoolOptions = { workers: number; maxQueue: number };

/** One worker for each core but the one the web server needs, at most four. */
export function defaultHashWorkers(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

export const BUSY = 'The site is busy checking passwords. Please try again in a few seconds.';

type ScryptJob = { password: string; salt: Uint8Array; keyLength: number; options: ScryptOptions };

export function hashPool({ workers, maxQueue }: HashPoolOptions) {
  const pool = workerPool<ScryptJob, Buffer>({
    workers,
    maxQueue,
    start: () => new Worker(WORKER_SOURCE, { eval: true }),
    read: (message) => {
      const answer = message as { id: number; key?: Uint8Array; error?: string };
      return answer.key ? { id: answer.id, result: Buffer.from(answer.key) } : { id: answer.id, error: answer.error ?? 'scrypt failed' };
    },
    // Each hash takes a fraction of a second.
    jobsPerSecond: 2,
    texts: { busy: BUSY, closed: 'The password pool is closed', thread: 'Password worker' },
  });

  return {
    /** scrypt on a worker; refused with 503 when `maxQueue` hashes already wait. */
    scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
      return pool.run({ password, salt: new Uint8Array(salt), keyLength, options });
    },
    /** Hashes waiting for a worker (not those running). */
    get waiting(): number {
      return pool.waiting;
    },
    /** Refuses with 503 at once when a hash would be refused: work for a request that cannot be served is saved. */
    refuseWhenFull: () => pool.refuseWhenFull(),
    close: () => pool.close(),
  };
}
export type HashPool = ReturnType<typeof hashPool>;
