import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serviceUnavailable } from '../http/errors';
import type { DrawingInput, DrawingName } from './pdf-drawings';

/**
 * Receipts and certificates are drawn on these threads, never on the web server's: pdfkit holds
 * its thread for tens of milliseconds a page, and 100 downloads at once held every answer for
 * seconds. Each thread draws one document at a time; past `maxQueue` waiting, a download is
 * answered 503 with Retry-After at once (decision 090, as the password threads of decision 016).
 */
export type PdfPoolOptions = { workers: number; maxQueue: number };

export const PDF_BUSY = 'The site is busy making documents just now. Please try again in a few seconds.';

/**
 * Where the thread's code is: beside the bundle (dist/server/pdf-worker.js, its own entry; this
 * module may sit in dist/server/chunks/), or the TypeScript source, which tsx loads.
 */
function workerEntry(): { file: string; tsx?: string } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const require = createRequire(import.meta.url);
    return { file: path.join(path.dirname(here), 'pdf-worker.ts'), tsx: pathToFileURL(require.resolve('tsx/esm/api')).href };
  }
  const dir = path.basename(path.dirname(here)) === 'chunks' ? path.dirname(path.dirname(here)) : path.dirname(here);
  return { file: path.join(dir, 'pdf-worker.js') };
}

// Run from the sources, the thread first loads tsx's loader (a development dependency) for itself.
const BOOT_FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
import(workerData.tsx).then((api) => api.tsImport(pathToFileURL(workerData.file).href, pathToFileURL(workerData.file).href));
`;

type Job = { id: number; name: DrawingName; input: unknown; resolve(pdf: Buffer): void; reject(error: Error): void };
type Slot = { worker: Worker; job?: Job };
type Answer = { id?: number; pdf?: Uint8Array; error?: string; ready?: boolean };

export function pdfPool({ workers: size, maxQueue }: PdfPoolOptions) {
  const entry = workerEntry();
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    // A document needs a few MiB; a runaway one stops its own thread, not the site.
    const resourceLimits = { maxOldGenerationSizeMb: 256 };
    const worker = entry.tsx
      ? new Worker(BOOT_FROM_SOURCE, { eval: true, workerData: entry, resourceLimits })
      : new Worker(entry.file, { resourceLimits });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (answer: Answer) => {
      if (answer.ready) return;
      const job = slot.job;
      slot.job = undefined;
      if (job && job.id === answer.id) {
        if (answer.pdf) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
        else job.reject(new Error(answer.error ?? 'The document could not be drawn'));
      }
      pump();
    });
    // A thread that dies (out of memory, say) fails its job and is replaced.
    worker.on('error', (error: Error) => replace(slot, error));
    worker.on('exit', (code) => replace(slot, new Error(`PDF thread stopped (code ${code})`)));
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
      slot.worker.postMessage({ id: job.id, name: job.name, input: job.input });
    }
  }

  /** Roughly when the queue will have moved on, in seconds: a document takes a few tens of milliseconds. */
  const retryAfter = () => Math.max(1, Math.ceil(queue.length / size / 10));

  return {
    /** The named drawing on a PDF thread; refused with 503 when `maxQueue` documents already wait. */
    draw<K extends DrawingName>(name: K, input: DrawingInput<K>): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('The PDF threads are stopped'));
      if (queue.length >= maxQueue) return Promise.reject(serviceUnavailable(PDF_BUSY, retryAfter()));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, name, input, resolve, reject });
        pump();
      });
    },
    /** Refuses with 503 at once when a drawing would be refused, before any other work for it. */
    refuseWhenFull(): void {
      if (queue.length >= maxQueue) throw serviceUnavailable(PDF_BUSY, retryAfter());
    },
    /** Documents waiting for a thread (not those being drawn). */
    get waiting(): number {
      return queue.length;
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The PDF threads are stopped'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
export type PdfPool = ReturnType<typeof pdfPool>;
