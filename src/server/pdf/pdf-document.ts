import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { formatLongDate } from '../../shared/domain/dates';
import type { Language } from '../../shared/domain/language';
import { londonDate } from '../../shared/domain/london-time';
import { siteTextDefaults, type SiteTextKey } from '../../shared/domain/site-text';

const require = createRequire(import.meta.url);
/** Noto Sans Armenian: its Armenian file for Armenian letters, its Latin file (with £) for the rest. */
const FONT_FILES = {
  latin: '@fontsource/noto-sans-armenian/files/noto-sans-armenian-latin-400-normal.woff',
  'latin-bold': '@fontsource/noto-sans-armenian/files/noto-sans-armenian-latin-700-normal.woff',
  armenian: '@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-400-normal.woff',
  'armenian-bold': '@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-700-normal.woff',
};

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const align4 = (n: number) => (n + 3) & ~3;

/**
 * A WOFF 1.0 font unpacked to the plain TrueType/OpenType file it wraps. pdfkit reads WOFF too, but
 * inflates every table in JavaScript for every document (most of a PDF's 70-90 ms); unpacked once
 * with zlib, a document takes a fraction of that.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((field) => woff.readUInt32BE(at + field)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const stored = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const headerSize = 12 + 16 * numTables;
  const sfnt = Buffer.alloc(tables.reduce((size, table) => size + align4(table.data.length), headerSize));
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's own version ("flavor")
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += align4(table.data.length);
  });
  return sfnt;
}

let fonts: Record<keyof typeof FONT_FILES, Buffer> | undefined;
/** The fonts unpacked on first use, then kept for the life of the process (about 200 KiB). */
function loadFonts() {
  fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, woffToSfnt(fs.readFileSync(require.resolve(file)))]),
  ) as Record<keyof typeof FONT_FILES, Buffer>;
  return fonts;
}

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

/**
 * A London date in words in the document's language ("5 December 2026", "5 դեկտեմբերի, 2026 թ."),
 * from a date (YYYY-MM-DD) or an instant; written by hand per language as the pages write them (decision 150).
 */
export const longDate = (date: string, language: Language = 'en') =>
  formatLongDate(date.length === 10 ? date : londonDate(new Date(date)), language);

/** The words of a document, by site text key: looked up in its language by the caller, so admins word them (decision 196). */
export type DocumentWords<K extends string> = Readonly<Record<K, string>>;

/** The site texts whose keys start with `prefix`, in a language: what a drawing is given to write with. */
export function wordsOf<K extends SiteTextKey>(text: (key: SiteTextKey) => string, prefix: string): DocumentWords<K> {
  return Object.fromEntries(
    (Object.keys(siteTextDefaults) as SiteTextKey[]).filter((key) => key.startsWith(prefix)).map((key) => [key, text(key)]),
  ) as DocumentWords<K>;
}

export type LineOptions = { size: number; bold?: boolean; gap?: number; center?: boolean; color?: string };

/**
 * A pdfkit document with the Armenian-capable fonts registered, a `line` that writes text in the
 * font each script needs, and the finished bytes once `doc.end()` is called.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
  for (const [name, font] of Object.entries(loadFonts())) doc.registerFont(name, font);
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
