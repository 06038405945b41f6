import type { Worker } from 'node:worker_threads';
import { serviceUnavailable } from './http/errors';

/** A thread's answer to job `id`: its result, or the error it reports. */
export type WorkerAnswer<Out> = { id: number; result: Out } | { id: number; error: string };

export type WorkerPoolOptions<Out> = {
  workers: number;
  maxQueue: number;
  /** Starts one thread; each is sent `{ id, ...input }` for a job and answers it. */
  start(): Worker;
  /** A thread's message as an answer, or undefined for a message that answers no job. */
  read(message: unknown): WorkerAnswer<Out> | undefined;
  /** Roughly how many jobs a thread finishes in a second, for Retry-After. */
  jobsPerSecond: number;
  /** The 503's words when the queue is full; what a job is told when the pool is closed; a dead thread's name. */
  texts: { busy: string; closed: string; thread: string };
};

/**
 * Threads that each do one job at a time, never the web server's thread, with a bounded queue:
 * past `maxQueue` waiting, a job is refused at once with 503 and Retry-After, so a burst costs the
 * site nothing (decisions 016 and 090). A thread that dies (out of memory, say) fails its job and
 * is replaced. Used by the password hashes and the PDFs.
 */
export function workerPool<In extends object, Out>(options: WorkerPoolOptions<Out>) {
  type Job = { id: number; input: In; resolve(result: Out): void; reject(error: Error): void };
  type Slot = { worker: Worker; job?: Job };
  const { workers: size, maxQueue, texts } = options;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = options.start();
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (message: unknown) => {
      const answer = options.read(message);
      if (!answer) return;
      const job = slot.job;
      slot.job = undefined;
      if (job && job.id === answer.id) {
        if ('result' in answer) job.resolve(answer.result);
        else job.reject(new Error(answer.error));
      }
      pump();
    });
    worker.on('error', (error: Error) => replace(slot, error));
    worker.on('exit', (code) => replace(slot, new Error(`${texts.thread} stopped (code ${code})`)));
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
      slot.worker.postMessage({ id: job.id, ...job.input });
    }
  }

  /** Roughly when the queue will have moved on, in seconds. */
  const retryAfter = () => Math.max(1, Math.ceil(queue.length / size / options.jobsPerSecond));

  return {
    /** The job on a thread; refused with 503 when `maxQueue` jobs already wait. */
    run(input: In): Promise<Out> {
      if (closed) return Promise.reject(new Error(texts.closed));
      if (queue.length >= maxQueue) return Promise.reject(serviceUnavailable(texts.busy, retryAfter()));
      return new Promise<Out>((resolve, reject) => {
        queue.push({ id: nextId++, input, resolve, reject });
        pump();
      });
    },
    /** Refuses with 503 at once when a job would be refused, before any other work for it. */
    refuseWhenFull(): void {
      if (queue.length >= maxQueue) throw serviceUnavailable(texts.busy, retryAfter());
    },
    /** Jobs waiting for a thread (not those running). */
    get waiting(): number {
      return queue.length;
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error(texts.closed));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
