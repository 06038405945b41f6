import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** Noto Sans Armenian: its Armenian file for Armenian letters, its Latin file (with £) for the rest. */
const FONTS = {
  latin: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-latin-700-normal.woff'),
  armenian: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-400-normal.woff'),
  armenianBold: require.resolve('@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-700-normal.woff'),
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

/** A London date in words ("5 December 2026"), from a date (YYYY-MM-DD) or an instant. */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(
    new Date(date.length === 10 ? `${date}T12:00:00Z` : date),
  );

export type LineOptions = { size: number; bold?: boolean; gap?: number; center?: boolean; color?: string };

/**
 * A pdfkit document with the Armenian-capable fonts registered, a `line` that writes text in the
 * font each script needs, and the finished bytes once `doc.end()` is called.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
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

  const font = (armenian: boolean, { size, bold }: LineOptions) =>
    doc.font(`${armenian ? 'armenian' : 'latin'}${bold ? '-bold' : ''}`).fontSize(size);

  const line = (text: string, opts: LineOptions) => {
    const runs = scriptRuns(text);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.fillColor(opts.color ?? 'black');
    if (opts.center && runs.length === 1) {
      // One script: pdfkit centres it, wrapping a long title over several lines.
      font(runs[0]!.armenian, opts).text(runs[0]!.text, left, doc.y, { width, align: 'center' });
    } else {
      // Mixed scripts go out run by run; centred by measuring them when they fit on one line.
      const measured = runs.reduce((sum, run) => sum + font(run.armenian, opts).widthOfString(run.text), 0);
      doc.x = opts.center && measured < width ? left + (width - measured) / 2 : left;
      runs.forEach((run, i) => font(run.armenian, opts).text(run.text, { continued: i < runs.length - 1 }));
      doc.x = left;
    }
    doc.moveDown(opts.gap ?? 0.4);
  };

  return { doc, line, done };
}
