import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { PDF_BUSY, pdfPool, type PdfPool } from './pdf-pool';
import type { Receipt, ReceiptWordKey } from '../payments/receipt-pdf';
import { siteTextDefaults } from '../../shared/domain/site-text';
import { wordsOf } from './pdf-document';

const receipt = (n: number): Receipt => ({
  language: 'en',
  words: wordsOf<ReceiptWordKey>((key) => siteTextDefaults[key], 'pdf.receipt.'),
  siteName: 'Armenian Medical Association',
  logo: null,
  charityNumber: '1234567',
  receiptNumber: `R-${n}`,
  memberName: 'Անի Պետրոսյան',
  email: 'ani@example.org',
  description: 'Donation',
  period: null,
  amountPence: 1000 + n,
  refundedPence: 0,
  paidAt: '2026-11-21T12:00:00.000Z',
});

describe('the PDF threads', () => {
  let pool: PdfPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('draws on a thread, one at a time, and refuses at once with 503 and Retry-After past the queue', async () => {
    pool = pdfPool({ workers: 1, maxQueue: 2 });
    // One is handed to the thread at once, two wait: the queue is full before any can finish.
    const taken = [pool.draw('receipt', receipt(1)), pool.draw('receipt', receipt(2)), pool.draw('receipt', receipt(3))];
    expect(pool.waiting).toBe(2);
    const refused = await pool.draw('receipt', receipt(4)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, detail: PDF_BUSY });
    expect((refused as HttpError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(() => pool!.refuseWhenFull()).toThrow(PDF_BUSY);
    const pdfs = await Promise.all(taken);
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.waiting).toBe(0);
    expect(() => pool!.refuseWhenFull()).not.toThrow();
  });

  it('fails a drawing that cannot be made without stopping the others, and refuses work once closed', async () => {
    pool = pdfPool({ workers: 1, maxQueue: 4 });
    const bad = pool.draw('receipt', { ...receipt(1), paidAt: 'not a date' });
    const good = pool.draw('receipt', receipt(2));
    await expect(bad).rejects.toThrow();
    expect((await good).subarray(0, 5).toString()).toBe('%PDF-');
    await pool.close();
    await expect(pool.draw('receipt', receipt(3))).rejects.toThrow(/stopped/);
  });
});
