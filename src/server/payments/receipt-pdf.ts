import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPence } from '../../shared/domain/money';

const require = createRequire(import.meta.url);
/** Noto Sans Armenian: its Armenian file for Armenian letters, its Latin file (with £) for the rest. */
const FONTS = {
  latin: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-latin-700-normal.woff'),
  armenian: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-400-normal.woff'),
  armenianBold: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-700-normal.woff'),
};

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

const ARMENIAN = /[\u0530-\u058F\uFB13-\uFB17]+/g;

/** A line cut into runs of Armenian and of other text: each run goes out in the font that has its letters. */
export function scriptRuns(text: string): { text: string; armenian: boolean }[] {
  const runs: { text: string; armenian: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(ARMENIAN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), armenian: false });
    runs.push({ text: match[0], armenian: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last), armenian: false });
  return runs;
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(
    new Date(date.length === 10 ? `${date}T12:00:00Z` : date),
  );

/** A receipt a member can file (membership fees of HMRC-approved bodies are tax-deductible): made with pdfkit. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${receipt.receiptNumber}`, Author: receipt.siteName } });
  doc.registerFont('latin', FONTS.latin);
  doc.registerFont('latin-bold', FONTS.latinBold);
  doc.registerFont('armenian', FONTS.armenian);
  doc.registerFont('armenian-bold', FONTS.armenianBold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const line = (text: string, size: number, bold = false, gap = 0.4) => {
    const runs = scriptRuns(text);
    runs.forEach((run, i) => {
      doc.font(`${run.armenian ? 'armenian' : 'latin'}${bold ? '-bold' : ''}`).fontSize(size);
      doc.text(run.text, { continued: i < runs.length - 1 });
    });
    doc.moveDown(gap);
  };

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
