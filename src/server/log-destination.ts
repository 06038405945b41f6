import fs from 'node:fs';
import { Writable } from 'node:stream';

/** After a failed write, lines are dropped without trying for this long (a full disk stays full for a while). */
export const LOG_RETRY_MS = 1_000;

export type LogDestinationOptions = {
  /** The line that says how many lines were lost and why, written before the next line that gets through. */
  notice?: (dropped: number, reason: string) => string;
  now?: () => number;
};

const jsonNotice = (dropped: number, reason: string) =>
  `${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log line${dropped === 1 ? ' was' : 's were'} lost: the log could not be written (${reason})` })}\n`;

/**
 * Where the server's log lines go (stdout by default). A write that fails (a full disk, ENOSPC;
 * a slow reader's full pipe, EAGAIN; a closed pipe, EPIPE) drops the line and never throws,
 * waits or retries in a loop: the server keeps serving, and once writing works again one line
 * says how many were lost. Lines are written synchronously otherwise, so a log line and the
 * start banner never cut into each other (decision 096).
 */
export function logDestination(fd = 1, options: LogDestinationOptions = {}) {
  const notice = options.notice ?? jsonNotice;
  const now = options.now ?? (() => performance.now());
  let dropped = 0;
  let reason = '';
  let failedAt: number | null = null;

  function writeAll(text: string | Buffer): void {
    let bytes = typeof text === 'string' ? Buffer.from(text) : text;
    while (bytes.length) bytes = bytes.subarray(fs.writeSync(fd, bytes));
  }

  function write(line: string | Buffer): void {
    if (failedAt !== null && now() - failedAt < LOG_RETRY_MS) {
      dropped++;
      return;
    }
    try {
      if (dropped) {
        writeAll(notice(dropped, reason));
        dropped = 0;
      }
      writeAll(line);
      failedAt = null;
    } catch (error) {
      failedAt = now();
      reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
      dropped++;
    }
  }

  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      write(chunk);
      done();
    },
  });
  // Lines lost since the last one that got through (tests, and the notice).
  return Object.defineProperty(stream, 'dropped', { get: () => dropped }) as Writable & { readonly dropped: number };
}
