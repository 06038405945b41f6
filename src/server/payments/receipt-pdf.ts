import type { Language } from '../../shared/domain/language';
import { formatPence } from '../../shared/domain/money';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { fillText } from '../../shared/domain/site-text-languages';
import { longDate, pdfDocument, type DocumentWords } from '../pdf/pdf-document';
import { BRAND, drawLogo } from '../pdf/site-mark';

/** The site texts a receipt is written with (`pdf.receipt.*`). */
export type ReceiptWordKey = Extract<SiteTextKey, `pdf.receipt.${string}`>;

export type Receipt = {
  /** The language it is written in: its owner's (decision 196). Its dates and money are written as its readers expect. */
  language: Language;
  /** Its words in that language, as the admin worded them. */
  words: DocumentWords<ReceiptWordKey>;
  siteName: string;
  /** The logo from Settings (PNG or JPEG bytes), or null for the site's own mark. */
  logo: Buffer | null;
  charityNumber: string;
  /** The receipt's short number, R-2026-000123 (decision 104). */
  receiptNumber: string;
  memberName: string;
  /** The address the payment was made with (an account's address may have changed since). */
  email: string;
  /** What was bought, in the receipt's language: the membership tier, "Donation", or the event booked by its title. */
  description: string;
  /** London dates YYYY-MM-DD of the membership year bought; null for a donation. */
  period: { start: string; end: string } | null;
  amountPence: number;
  refundedPence: number;
  /** The instant the money arrived. */
  paidAt: string;
};

const LOGO_SIZE = 56;

/** A receipt a member can file (membership fees of HMRC-approved bodies are tax-deductible): made with pdfkit. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const { language, words } = receipt;
  const say = (key: ReceiptWordKey, values: Record<string, string> = {}) => fillText(words[key], values);
  const date = (value: string) => longDate(value, language);
  const {
    doc,
    line: write,
    done,
  } = pdfDocument({
    size: 'A4',
    margin: 56,
    lang: language === 'hy' ? 'hy' : 'en-GB',
    info: { Title: say('pdf.receipt.document_title', { number: receipt.receiptNumber }), Author: receipt.siteName },
  });
  const line = (text: string, size: number, bold = false, gap = 0.4) => write(text, { size, bold, gap });

  // The logo beside the association's name and number, as on its letters: those two lines start
  // right of it (the page's left margin moved over for them, then put back).
  const margin = doc.page.margins.left;
  const top = doc.y;
  drawLogo(doc, receipt.logo, margin, top, LOGO_SIZE);
  doc.page.margins.left = margin + LOGO_SIZE + 16;
  doc.y = top + 4;
  write(receipt.siteName, { size: 18, bold: true, gap: 0.2, color: BRAND });
  if (receipt.charityNumber) line(say('pdf.receipt.charity_number', { number: receipt.charityNumber }), 10);
  doc.page.margins.left = margin;
  doc.x = margin;
  doc.y = Math.max(doc.y, top + LOGO_SIZE);
  doc.moveDown(1);
  line(say('pdf.receipt.title'), 22, true, 0.8);

  const rows: [string, string][] = [
    [say('pdf.receipt.number'), receipt.receiptNumber],
    [say('pdf.receipt.date'), date(receipt.paidAt)],
    [say('pdf.receipt.received_from'), receipt.memberName],
    [say('pdf.receipt.email'), receipt.email],
    [say('pdf.receipt.for'), receipt.description],
    ...(receipt.period
      ? ([
          [
            say('pdf.receipt.period'),
            say('pdf.receipt.period_value', { start: date(receipt.period.start), end: date(receipt.period.end) }),
          ],
        ] as [string, string][])
      : []),
    [say('pdf.receipt.amount'), say('pdf.receipt.amount_value', { amount: formatPence(receipt.amountPence, language) })],
    ...(receipt.refundedPence > 0
      ? ([[say('pdf.receipt.refunded'), formatPence(receipt.refundedPence, language)]] as [string, string][])
      : []),
  ];
  for (const [label, value] of rows) {
    line(label, 9, false, 0.1);
    line(value, 12, true, 0.6);
  }
  doc.moveDown(1);
  line(say('pdf.receipt.thanks', { site: receipt.siteName }), 10);
  doc.end();
  return done;
}
