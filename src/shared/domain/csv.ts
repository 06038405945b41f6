/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents and Armenian
 * letters), a header row, RFC 4180 quoting, and formula injection defused: a cell that starts
 * with =, +, -, @, tab or carriage return gets a leading apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The start of a CSV written in pieces: the byte-order mark and the header row. */
export function csvHead(header: string[]): string {
  return `\ufeff${header.map(csvCell).join(',')}\r\n`;
}

/** Rows of a CSV written in pieces, each ending its line. */
export function csvRows(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
