/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents and Armenian
 * letters), a header row, RFC 4180 quoting, and formula injection defused: a cell that starts
 * with =, +, -, @, tab or carriage return gets a leading apostrophe, unless it is only a number
 * or a phone number (digits, spaces, dots, brackets and hyphens after an optional sign), which no
 * spreadsheet can run as more than arithmetic (decision 103).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_OR_PHONE = /^[+-]?[\d(][\d .()-]*$/;

export function csvCell(value: string | number | null | undefined, formulaGuard = true): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaGuard && FORMULA_START.test(text) && !NUMBER_OR_PHONE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file. `formulaGuard: false` is for files whose every cell was checked beforehand, such as
 * HMRC's schedule, whose reader would take the apostrophe as part of a name.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][], { formulaGuard = true } = {}): string {
  return `\ufeff${[header, ...rows].map((row) => row.map((cell) => csvCell(cell, formulaGuard)).join(',')).join('\r\n')}\r\n`;
}

/** The start of a CSV written in pieces: the byte-order mark and the header row. */
export function csvHead(header: string[]): string {
  return `\ufeff${header.map((cell) => csvCell(cell)).join(',')}\r\n`;
}

/** Rows of a CSV written in pieces, each ending its line. */
export function csvRows(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => `${row.map((cell) => csvCell(cell)).join(',')}\r\n`).join('');
}
