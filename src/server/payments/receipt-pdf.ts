import { formatPence } from '../../shared/domain/money';
import { longDate, pdfDocument } from '../pdf/pdf-document';

export type Receipt = {
  siteName: string;
  charityNumber: string;
  receiptNumber: string;
  memberName: string;
  email: string;
  description: string;
  /** London dates YYYY-MM-DD of the membership year bought; null for a donation. */
  period: { start: string; end: string } | null;
  amountPence: number;
  refundedPence: number;
  /** The instant the money arrived. */
  paidAt: string;
};

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

  line(receipt.siteName, 18, true, 0.2);
  if (receipt.charityNumber) line(`Registered charity number ${receipt.charityNumber}`, 10);
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
