import { createHash } from 'node:crypto';
import { addressKey } from '../http/client-address';
import type { RateLimiter } from '../http/rate-limit';
import type { DrawingInput, DrawingName } from './pdf-drawings';
import type { PdfPool } from './pdf-pool';

/** Drawings one account (or one booking's link) and one address may ask for; copies already made are free. */
export const PDF_LIMITS = {
  windowMs: 10 * 60 * 1000,
  perAccount: 20,
  perAddress: 40,
};
/** Documents kept in memory, by their bytes: some 30-80 KiB each. */
const KEPT_BYTES = 32 * 1024 * 1024;

const TOO_MANY = 'Too many documents asked for. Please wait a few minutes and try again.';

/** Who asks: the account, or what stands for it (a booking reached through its mail link), and the address. */
export type PdfRequester = { account: string; ip: string };

/**
 * The version of a document: a hash of everything drawn on it (a logo by its bytes). A changed
 * name, refund or logo is a new version; the same one is never drawn twice.
 */
export function documentVersion(name: DrawingName, input: object): string {
  const fields = Object.entries(input).map(([key, value]: [string, unknown]) => [
    key,
    value instanceof Uint8Array ? `bytes:${createHash('sha256').update(value).digest('hex')}` : value,
  ]);
  return createHash('sha256')
    .update(JSON.stringify([name, fields]))
    .digest('hex');
}

/**
 * Receipts and certificates as served: kept per version (the last used goes last), a drawing
 * already under way shared by whoever asks for the same version, and new drawings limited per
 * account and per address before they reach the PDF threads (decision 090).
 */
export function pdfDocuments(pool: PdfPool, limiter: RateLimiter) {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const drawing = new Map<string, Promise<Buffer>>();

  function keep(version: string, pdf: Buffer): void {
    kept.set(version, pdf);
    keptBytes += pdf.byteLength;
    for (const [oldest, bytes] of kept) {
      if (keptBytes <= KEPT_BYTES) break;
      kept.delete(oldest);
      keptBytes -= bytes.byteLength;
    }
  }

  return {
    async get<K extends DrawingName>(name: K, input: DrawingInput<K>, who: PdfRequester): Promise<Buffer> {
      const version = documentVersion(name, input);
      const copy = kept.get(version);
      if (copy) {
        // Read again: it goes to the back of the line.
        kept.delete(version);
        kept.set(version, copy);
        return copy;
      }
      // A drawing already under way is shared (checked and set with no wait between, so 100 at once start one).
      const under = drawing.get(version);
      if (under) return under;
      pool.refuseWhenFull();
      const pdf = (async () => {
        const { windowMs } = PDF_LIMITS;
        const account = await limiter.hit({ bucket: 'pdf-account', key: who.account, max: PDF_LIMITS.perAccount, windowMs }, TOO_MANY);
        const address = await limiter
          .hit({ bucket: 'pdf-address', key: addressKey(who.ip), max: PDF_LIMITS.perAddress, windowMs }, TOO_MANY)
          .catch(async (error: unknown) => {
            await account.undo();
            throw error;
          });
        // A drawing the threads were too busy to take did not happen: it counts against nobody.
        const done = await pool.draw(name, input).catch(async (error: unknown) => {
          await Promise.all([account.undo(), address.undo()]);
          throw error;
        });
        keep(version, done);
        return done;
      })();
      drawing.set(version, pdf);
      try {
        return await pdf;
      } finally {
        drawing.delete(version);
      }
    },
    /** Versions kept in memory (for tests and the metrics). */
    get keptCount(): number {
      return kept.size;
    },
  };
}
export type PdfDocuments = ReturnType<typeof pdfDocuments>;
