import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';
import { serviceUnavailable } from '../http/errors';

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

type Job = {
  id: number;
  message: { password: string; salt: Uint8Array; keyLength: number; options: ScryptOptions };
  resolve(key: Buffer): void;
  reject(error: Error): void;
};

type Slot = { worker: Worker; job?: Job };

export function hashPool({ workers: size, maxQueue }: HashPoolOptions) {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (answer: { id: number; key?: Uint8Array; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (job && job.id === answer.id) {
        if (answer.key) job.resolve(Buffer.from(answer.key));
        else job.reject(new Error(answer.error ?? 'scrypt failed'));
      }
      pump();
    });
    // A worker that dies (out of memory, say) fails its job and is replaced.
    worker.on('error', (error: Error) => replace(slot, error));
    worker.on('exit', (code) => replace(slot, new Error(`Password worker stopped (code ${code})`)));
    return slot;
  }

  function replace(slot: Slot, error: Error): void {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slot.job?.reject(error);
    slot.job = undefined;
    slots.splice(index, 1);
    if (!closed) pump();
  }

  function pump(): void {
    while (queue.length > 0) {
      let slot = slots.find((s) => !s.job);
      if (!slot && slots.length < size) {
        slot = spawn();
        slots.push(slot);
      }
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, ...job.message });
    }
  }

  /** Roughly when the queue will have moved on, in seconds: each hash takes a fraction of a second. */
  const retryAfter = () => Math.max(1, Math.ceil(queue.length / size / 2));

  return {
    /** scrypt on a worker; refused with 503 when `maxQueue` hashes already wait. */
    scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('The password pool is closed'));
      if (queue.length >= maxQueue) return Promise.reject(serviceUnavailable(BUSY, retryAfter()));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, message: { password, salt: new Uint8Array(salt), keyLength, options }, resolve, reject });
        pump();
      });
    },
    /** Hashes waiting for a worker (not those running). */
    get waiting(): number {
      return queue.length;
    },
    /** Refuses with 503 at once when a hash would be refused: work for a request that cannot be served is saved. */
    refuseWhenFull(): void {
      if (queue.length >= maxQueue) throw serviceUnavailable(BUSY, retryAfter());
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The password pool is closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
export type HashPool = ReturnType<typeof hashPool>;
