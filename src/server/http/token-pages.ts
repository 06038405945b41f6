/**
 * Addresses that carry a secret token: a password reset link, an e-mail change confirmation, the
 * API's check of a reset link, and a mail's unsubscribe and preference links (page and calls).
 */
const TOKEN_PATHS = /\/(signin\/pwreset|account\/confirm-email|api\/pw_reset_validate|unsubscribe|preferences)\/[^/]/;
const TOKEN_SEGMENT = /\/(pw_reset_validate|pwReset|confirm-email|unsubscribe|preferences)\/[^/]+/gi;

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
