/**
 * Errors that mean the database cannot serve just now, as opposed to a bug or a bad request: the
 * server is unreachable or restarting, a connection dropped, SQLite is locked, read-only or its
 * disk is full. Such a request answers 503 with Retry-After and the process carries on
 * (decision 095).
 */

/** PostgreSQL SQLSTATEs of a server that is down, restarting, full or read-only. */
const POSTGRES_CODES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop or restart -m fast
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '53100', // disk_full
  '25006', // read_only_sql_transaction: a standby, or default_transaction_read_only
  '58030', // io_error
]);

/** The connection itself failed (the network, or the server closed it). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** SQLite's primary result codes: busy, locked, read-only, I/O error, full, cannot open. */
const SQLITE_CODES = new Set([5, 6, 8, 10, 13, 14]);

/** What node-postgres says when a connection dies under a query or cannot be made in time. */
const POSTGRES_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  /terminating connection due to administrator command/,
  /the database system is (starting up|shutting down|in recovery mode)/,
];

/** Raised where a database failure was seen second-hand (an in-process API call that answered 503). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor() {
    super('The database is unavailable');
    this.name = 'DatabaseUnavailableError';
  }
}

type Coded = { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown };

function unavailableHere(error: Coded): boolean {
  const { code, errcode, message } = error;
  if (typeof code === 'string') {
    if (code === 'DATABASE_UNAVAILABLE' || POSTGRES_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true;
  }
  // node:sqlite: code ERR_SQLITE_ERROR and the (extended) result code in errcode.
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && SQLITE_CODES.has(errcode & 0xff)) return true;
  return typeof message === 'string' && POSTGRES_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when the error (or what caused it, or any error it aggregates) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  if (unavailableHere(error)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable((error as Coded).cause, depth + 1);
}

/** Seconds a client is asked to wait when the database is unavailable: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE = 'The site’s database is not available just now. Please try again in a few seconds.';
