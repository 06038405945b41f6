// A PDF thread (decision 090): draws one document at a time for pdf-pool.ts. Built as its own
// entry (dist/server/pdf-worker.js); run from the sources, tsx loads it.
import { parentPort } from 'node:worker_threads';
import { setPriority } from 'node:os';
import { drawings, type DrawingName } from './pdf-drawings';

type Job = { id: number; name: DrawingName; input: unknown };

// The lowest priority (Linux sets it per thread): on a busy machine the web server's thread goes first.
try {
  setPriority(19);
} catch {
  // Not allowed here: the thread keeps the process's priority.
}

/** Bytes cross between threads as Uint8Array; pdfkit wants Buffers (a logo). */
function withBuffers(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value,
    ]),
  );
}

parentPort!.on('message', ({ id, name, input }: Job) => {
  const draw = drawings[name] as (input: unknown) => Promise<Buffer>;
  Promise.resolve()
    .then(() => draw(withBuffers(input)))
    .then(
      (pdf) => {
        const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
        parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer]);
      },
      (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
});
parentPort!.postMessage({ ready: true });
