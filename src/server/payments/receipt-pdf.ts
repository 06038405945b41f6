import { formatPence } from '../../shared/domain/money';
import { longDate, pdfDocument } from '../pdf/pdf-document';
import { BRAND, drawLogo } from '../pdf/site-mark';

export type Receipt = {
  siteName: string;
  /** The logo from Settings (PNG or JPEG bytes), or null for the site's own mark. */
  logo: Buffer | null;
  charityNumber: string;
  /** The receipt's short number, R-2026-000123 (decision 104). */
  receiptNumber: string;
  memberName: string;
  /** The address the payment was made with (an account's address may have changed since). */
  email: string;
  /** What was bought: the membership tier, "Donation", or the event booked by its title. */
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
  const {
    doc,
    line: write,
    done,
  } = pdfDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt ${receipt.receiptNumber}`, Author: receipt.siteName },
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
  if (receipt.charityNumber) line(`Registered charity number ${receipt.charityNumber}`, 10);
  doc.page.margins.left = margin;
  doc.x = margin;
  doc.y = Math.max(doc.y, top + LOGO_SIZE);
  doc.moveDown(1);
  line('Receipt', 22, true, 0.8);

  const rows: [string, string][] = [
    ['Receipt number', receipt.receiptNumber],
    ['Date', longDate(receipt.paidAt)],
    ['Received from', receipt.memberName],
    ['E-mail', receipt.email],
    ['For', receipt.description],
    ...(receipt.period
      ? ([['Membership period', `${longDate(receipt.period.start)} to ${longDate(receipt.period.end)}`]] as [string, string][])
      : []),
    ['Amount', `${formatPence(receipt.amountPence)} (GBP)`],
    ...(receipt.refundedPence > 0 ? ([['Refunded', formatPence(receipt.refundedPence)]] as [string, string][]) : []),
  ];
  for (const [label, value] of rows) {
    line(label, 9, false, 0.1);
    line(value, 12, true, 0.6);
  }
  doc.moveDown(1);
  line(`Thank you. This receipt was issued by the ${receipt.siteName}.`, 10);
  doc.end();
  return done;
}
