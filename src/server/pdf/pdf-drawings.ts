import { certificatePdf } from '../features/events/certificate-pdf';
import { receiptPdf } from '../payments/receipt-pdf';

/**
 * Every document the site draws, by name. Only the PDF threads import this module (pdf-worker.ts):
 * the drawing code stays where it is, and the web server's thread never runs it (decision 090).
 */
export const drawings = {
  receipt: receiptPdf,
  certificate: certificatePdf,
};
export type Drawings = typeof drawings;
export type DrawingName = keyof Drawings;
export type DrawingInput<K extends DrawingName> = Parameters<Drawings[K]>[0];
