import { Readable } from 'node:stream';
import { csvHead, csvRows } from '../../shared/domain/csv';

type Cell = string | number | null | undefined;

/**
 * A CSV written as its rows are read, a page at a time by keyset (decision 094): 10,000 members
 * never sit in memory at once, and each page's query lets others run between (SQLite has one
 * connection). A failure after the first page ends the download short, logged by the caller.
 */
export function csvStream(header: string[], pages: () => AsyncIterable<Cell[][]>): Readable {
  async function* lines() {
    yield csvHead(header);
    for await (const rows of pages()) if (rows.length) yield csvRows(rows);
  }
  return Readable.from(lines());
}

/** Every page of a keyset-paged read, `size` rows at a time, following each page's next cursor. */
export async function* everyPage<T>(read: (after: string | undefined) => Promise<{ rows: T[]; next: string | null }>): AsyncIterable<T[]> {
  let after: string | undefined;
  for (;;) {
    const { rows, next } = await read(after);
    yield rows;
    if (!next) return;
    after = next;
  }
}
