import { PAGE, TOKEN_PAGES } from '../../shared/domain/page-paths';

/**
 * The calls whose address carries one of those pages' secrets: the API's check of a reset link, a
 * mail's unsubscribe and preference links, an invitation's check. The pages themselves are
 * `TOKEN_PAGES` in the page paths (decision 088): one list, read here for the page cache, the
 * Referer and the log (decision 098).
 */
const TOKEN_CALLS = ['/api/pw_reset_validate/:uid', '/api/unsubscribe/:token', '/api/preferences/:token', '/api/invitations/:token'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each address up to its secret, lower case, without the leading slash: `signin/pwreset`, `api/unsubscribe`. */
const BEFORE_SECRET = [...TOKEN_PAGES.map((page) => PAGE[page]), ...TOKEN_CALLS].map((pattern) =>
  pattern.slice(1, pattern.lastIndexOf('/:')).toLowerCase(),
);
/** Addresses that carry a secret token (matched on the readable, lower-case path). */
const TOKEN_PATHS = new RegExp(`/(${BEFORE_SECRET.map(escapeRegExp).join('|')})/[^/]`);
/** The segment right before a secret, in any case, for the log's redaction. */
const TOKEN_SEGMENT = new RegExp(
  `/(${[...new Set(BEFORE_SECRET.map((path) => path.split('/').at(-1)!))].map(escapeRegExp).join('|')})/[^/]+`,
  'gi',
);

/**
 * The path as a router reads it, so a token page cannot hide behind its spelling: dot segments
 * resolved, percent-encoding undone (`/signIn/%70wReset/...` is the reset page), runs of slashes
 * as one. The query string and fragment are left out.
 */
export function readablePath(url: string): string {
  const raw = url.split(/[?#]/)[0]!;
  let path = raw;
  try {
    path = new URL(raw, 'http://site.invalid').pathname;
  } catch {
    // Not a path a URL can hold: matched as it came.
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // Broken percent-encoding (Fastify refuses it before routing; the logger may still see it).
  }
  return path.replace(/\/{2,}/g, '/');
}

/** True for a page or call whose address holds a secret: no Referer leaves it, no cache keeps it, no log shows it. */
export function carriesToken(url: string): boolean {
  return TOKEN_PATHS.test(readablePath(url).toLowerCase());
}

/** The address for the log: no query string, and any token replaced (decision 098). */
export function loggableUrl(url: string): string {
  if (!carriesToken(url)) return url.split('?')[0]!;
  return readablePath(url).replace(TOKEN_SEGMENT, '/$1/[redacted]');
}
