import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import sax from 'sax';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_LIMITS } from '../../../shared/api/imports';
import { ValidationError } from '../../http/validation';

/** One cell as read: its text, the number behind it (XLSX numbers, e.g. a date), and whether it was a formula. */
export type Cell = { text: string; number?: number; formula: boolean };
/** A row with the number the spreadsheet shows for it (the header is usually row 1). */
export type SheetRow = { number: number; cells: Cell[] };
export type Sheet = { encoding: string; date1904: boolean; rows: AsyncGenerator<SheetRow> };

/**
 * Limits on a workbook's zip (decision 110): a zip bomb is refused from its directory before any
 * of it is inflated, and yauzl stops any entry that inflates past what its directory declares.
 */
export const XLSX_LIMITS = {
  entries: 5_000,
  /** Inflated bytes of the sheet read, and of the shared strings. */
  entryBytes: 120 * 1024 * 1024,
  totalBytes: 300 * 1024 * 1024,
  /** An entry inflating more than this many times its stored size is taken for a bomb. */
  ratio: 200,
};

/** The file cannot be read as a members or payments file: a 400 naming the form field, nothing written. */
export const refused = (field: string, detail: string) => new ValidationError(detail, field);

const CHUNK = 64 * 1024;

/** Reads a CSV or XLSX file from memory (at most IMPORT_LIMITS.maxBytes), row by row. */
export async function readSpreadsheet(data: Buffer, field: string): Promise<Sheet> {
  if (data.length === 0) throw refused(field, 'The file is empty');
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return readXlsx(data, field);
  if (data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
    throw refused(field, 'This is an old Excel file (.xls): open it in Excel and save it as an Excel Workbook (.xlsx) or as CSV UTF-8');
  return readCsv(data, field);
}

// ---- CSV ----

/** The bytes Windows-1252 leaves undefined: a file holding them is in some other encoding. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function textEncoding(data: Buffer, field: string): { label: string; decoder: 'utf-8' | 'windows-1252'; start: number } {
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff))
    throw refused(field, 'The file is in UTF-16 ("Unicode Text"): save it from your spreadsheet as "CSV UTF-8"');
  if (data.includes(0)) throw refused(field, 'This is not a spreadsheet: upload a CSV file or an Excel workbook (.xlsx)');
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    if (!isUtf8(data.subarray(3)))
      throw refused(field, 'The file says it is UTF-8 but is not: save it from your spreadsheet as "CSV UTF-8"');
    return { label: 'UTF-8 with a byte-order mark', decoder: 'utf-8', start: 3 };
  }
  if (isUtf8(data)) return { label: 'UTF-8', decoder: 'utf-8', start: 0 };
  for (const byte of data)
    if (UNDEFINED_1252.has(byte))
      throw refused(field, 'The file is neither UTF-8 nor Windows-1252: save it from your spreadsheet as "CSV UTF-8"');
  return { label: 'Windows-1252 (Excel on Windows)', decoder: 'windows-1252', start: 0 };
}

/** Comma, or the semicolon or tab some spreadsheets write, whichever the first line has most of. */
function delimiterOf(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** A cell our own export defused (`'=...`) is read back as written; another that starts a formula is one. */
function csvCell(raw: string): Cell {
  if (/^'[=+\-@\t\r]/.test(raw)) return { text: raw.slice(1), formula: false };
  const formula = raw.startsWith('=') || (/^[+\-@]/.test(raw) && !/^[+-]?[\d\s().,]*$/.test(raw));
  return { text: raw, formula };
}

async function readCsv(data: Buffer, field: string): Promise<Sheet> {
  const encoding = textEncoding(data, field);
  const decoder = new TextDecoder(encoding.decoder);
  const head = new TextDecoder(encoding.decoder).decode(data.subarray(encoding.start, encoding.start + 4096));
  const delimiter = delimiterOf(head.split(/\r?\n/)[0] ?? '');
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: false,
    // An unclosed quote must not swallow the whole file into one record.
    max_record_size: IMPORT_LIMITS.maxCellChars * 40,
  });
  // The bytes are decoded and parsed a piece at a time, so a large file never becomes one string.
  const feed = (async () => {
    for (let at = encoding.start; at < data.length; at += CHUNK) {
      const more = parser.write(decoder.decode(data.subarray(at, at + CHUNK), { stream: true }));
      if (!more) await new Promise((resolve) => parser.once('drain', resolve));
    }
    parser.end(decoder.decode());
  })();
  feed.catch((error: unknown) => parser.destroy(error instanceof Error ? error : new Error(String(error))));

  async function* rows(): AsyncGenerator<SheetRow> {
    let number = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        number++;
        yield { number, cells: record.map(csvCell) };
      }
    } catch (error) {
      if (error instanceof ValidationError) throw error;
      const code = (error as { code?: string }).code ?? '';
      const line = (error as { lines?: number }).lines;
      const where = line ? ` near line ${line}` : '';
      if (code === 'CSV_MAX_RECORD_SIZE') throw refused(field, `A row${where} is far too long: a quote may be missing its closing quote`);
      throw refused(field, `The CSV could not be read${where}: check that quotes are closed and the file is a CSV`);
    }
  }
  return { encoding: encoding.label, date1904: false, rows: rows() };
}

// ---- XLSX ----

function openZip(data: Buffer, field: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) =>
      error || !zip ? reject(refused(field, 'The workbook could not be opened: save it again as an Excel Workbook (.xlsx)')) : resolve(zip),
    ),
  );
}

function entriesOf(zip: ZipFile, field: string): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (entries.size >= XLSX_LIMITS.entries) {
        zip.close();
        reject(refused(field, 'The workbook holds too many parts to be a members list'));
        return;
      }
      entries.set(entry.fileName.replace(/^\//, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(refused(field, 'The workbook is damaged: save it again as an Excel Workbook (.xlsx)')));
    zip.readEntry();
  });
}

function streamOf(zip: ZipFile, entry: Entry, field: string): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(refused(field, 'The workbook is damaged')) : resolve(stream))),
  );
}

async function entryText(zip: ZipFile, entry: Entry, field: string): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await streamOf(zip, entry, field)) chunks.push(chunk as Buffer);
  } catch {
    throw refused(field, 'The workbook is damaged: a part does not inflate to the size it declares');
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Streams an XML entry through sax, calling `handlers` as it goes and yielding whatever they queue. */
async function* xmlEvents<T>(
  zip: ZipFile,
  entry: Entry,
  field: string,
  setUp: (parser: sax.SAXParser, queue: T[]) => void,
): AsyncGenerator<T> {
  // Strict XML; sax never fetches or expands an external entity (no XXE).
  const parser = sax.parser(true, { trim: false, normalize: false });
  const queue: T[] = [];
  let failure: Error | undefined;
  parser.onerror = (error) => {
    failure = error;
  };
  setUp(parser, queue);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of await streamOf(zip, entry, field)) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (failure) throw failure;
      while (queue.length) yield queue.shift()!;
    }
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw refused(field, 'The workbook is damaged: a part of it is not valid XML, or inflates past its declared size');
  }
  if (failure) throw refused(field, 'The workbook is damaged: a part of it is not valid XML');
  while (queue.length) yield queue.shift()!;
}

async function sharedStrings(zip: ZipFile, entry: Entry | undefined, field: string): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  for await (const text of xmlEvents<string>(zip, entry, field, (parser, queue) => {
    let current: string | null = null;
    let inText = false;
    let phonetic = 0;
    parser.onopentag = (node) => {
      if (node.name === 'si') current = '';
      else if (node.name === 'rPh') phonetic++;
      else if (node.name === 't' && phonetic === 0) inText = true;
    };
    const onText = (text: string) => {
      if (inText && current !== null) current += text;
    };
    parser.ontext = onText;
    parser.oncdata = onText;
    parser.onclosetag = (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        queue.push(current ?? '');
        current = null;
      }
    };
  }))
    strings.push(text);
  return strings;
}

/** "BC12" -> 54 (columns from 0). */
function columnOf(reference: string | undefined, fallback: number): number {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference ?? '')?.[1];
  if (!letters) return fallback;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** The first sheet's part, from the workbook and its relationships (sheet1.xml when they say nothing). */
async function firstSheet(zip: ZipFile, entries: Map<string, Entry>, field: string): Promise<{ path: string; date1904: boolean }> {
  const workbook = entries.get('xl/workbook.xml');
  if (!workbook) throw refused(field, 'This zip file is not an Excel workbook: upload a CSV file or an .xlsx workbook');
  const xml = await entryText(zip, workbook, field);
  const date1904 = /<workbookPr[^>]*date1904="(1|true)"/.test(xml);
  const relId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(xml)?.[1];
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (relId && rels) {
    const relsXml = await entryText(zip, rels, field);
    for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
      const id = /\bId="([^"]+)"/.exec(match[0])?.[1];
      const target = /\bTarget="([^"]+)"/.exec(match[0])?.[1];
      if (id === relId && target) return { path: target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`, date1904 };
    }
  }
  return { path: 'xl/worksheets/sheet1.xml', date1904 };
}

async function readXlsx(data: Buffer, field: string): Promise<Sheet> {
  const zip = await openZip(data, field);
  const entries = await entriesOf(zip, field);
  let total = 0;
  for (const [name, entry] of entries) {
    if (/^xl\/externalLinks\//i.test(name))
      throw refused(field, 'The workbook links to other files (external links): break the links (Data, Edit Links) and save it again');
    if (/vbaProject\.bin$/i.test(name))
      throw refused(field, 'The workbook contains macros: save it as an Excel Workbook (.xlsx) without macros');
    total += entry.uncompressedSize;
    const bomb =
      entry.uncompressedSize > XLSX_LIMITS.entryBytes ||
      (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * XLSX_LIMITS.ratio);
    if (bomb || total > XLSX_LIMITS.totalBytes)
      throw refused(field, 'The workbook inflates to far more than a members list would: it is refused as a possible zip bomb');
  }
  const types = entries.get('[Content_Types].xml');
  if (types && /macroEnabled/i.test(await entryText(zip, types, field)))
    throw refused(field, 'The workbook contains macros: save it as an Excel Workbook (.xlsx) without macros');
  const { path, date1904 } = await firstSheet(zip, entries, field);
  const sheet = entries.get(path);
  if (!sheet) throw refused(field, 'The workbook has no sheet to read');
  const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), field);

  async function* rows(): AsyncGenerator<SheetRow> {
    try {
      yield* xmlEvents<SheetRow>(zip, sheet!, field, (parser, queue) => {
        let row: Cell[] | null = null;
        let rowNumber = 0;
        let cell: { column: number; type: string; value: string; formula: boolean } | null = null;
        let collecting = false;
        parser.onopentag = (node) => {
          const attributes = node.attributes as Record<string, string>;
          switch (node.name) {
            case 'row':
              row = [];
              rowNumber = Number(attributes.r) || rowNumber + 1;
              break;
            case 'c':
              cell = { column: columnOf(attributes.r, row?.length ?? 0), type: attributes.t ?? 'n', value: '', formula: false };
              break;
            case 'f':
              if (cell) cell.formula = true;
              break;
            case 'v':
            case 't':
              collecting = cell !== null;
              break;
          }
        };
        const onText = (text: string) => {
          if (collecting && cell) cell.value += text;
        };
        parser.ontext = onText;
        parser.oncdata = onText;
        parser.onclosetag = (name) => {
          if (name === 'v' || name === 't') collecting = false;
          else if (name === 'c' && cell && row) {
            const { column, type, value, formula } = cell;
            if (column > 16_384) return;
            let read: Cell;
            if (type === 's') read = { text: strings[Number(value)] ?? '', formula };
            else if (type === 'b') read = { text: value === '1' ? 'TRUE' : 'FALSE', formula };
            else if (type === 'inlineStr' || type === 'str' || type === 'd' || type === 'e') read = { text: value, formula };
            else {
              const number = Number(value);
              read = value !== '' && Number.isFinite(number) ? { text: String(number), number, formula } : { text: value, formula };
            }
            while (row.length < column) row.push({ text: '', formula: false });
            row[column] = read;
            cell = null;
          } else if (name === 'row' && row) {
            queue.push({ number: rowNumber, cells: row });
            row = null;
          }
        };
      });
    } finally {
      zip.close();
    }
  }
  return { encoding: 'Excel workbook (.xlsx)', date1904, rows: rows() };
}
