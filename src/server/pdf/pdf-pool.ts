import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerPool } from '../worker-pool';
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

export function pdfPool({ workers, maxQueue }: PdfPoolOptions) {
  const entry = workerEntry();
  // A document needs a few MiB; a runaway one stops its own thread, not the site.
  const resourceLimits = { maxOldGenerationSizeMb: 256 };
  const pool = workerPool<{ name: DrawingName; input: unknown }, Buffer>({
    workers,
    maxQueue,
    start: () =>
      entry.tsx
        ? new Worker(BOOT_FROM_SOURCE, { eval: true, workerData: entry, resourceLimits })
        : new Worker(entry.file, { resourceLimits }),
    read: (message) => {
      const answer = message as { id?: number; pdf?: Uint8Array; error?: string; ready?: boolean };
      if (answer.ready || answer.id === undefined) return undefined;
      return answer.pdf
        ? { id: answer.id, result: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength) }
        : { id: answer.id, error: answer.error ?? 'The document could not be drawn' };
    },
    // A document takes a few tens of milliseconds.
    jobsPerSecond: 10,
    texts: { busy: PDF_BUSY, closed: 'The PDF threads are stopped', thread: 'PDF thread' },
  });

  return {
    /** The named drawing on a PDF thread; refused with 503 when `maxQueue` documents already wait. */
    draw<K extends DrawingName>(name: K, input: DrawingInput<K>): Promise<Buffer> {
      return pool.run({ name, input });
    },
    /** Refuses with 503 at once when a drawing would be refused, before any other work for it. */
    refuseWhenFull: () => pool.refuseWhenFull(),
    /** Documents waiting for a thread (not those being drawn). */
    get waiting(): number {
      return pool.waiting;
    },
    close: () => pool.close(),
  };
}
export type PdfPool = ReturnType<typeof pdfPool>;
