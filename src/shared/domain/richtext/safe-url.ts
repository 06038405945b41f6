/**
 * Which addresses a document may hold (house rule 8, docs/architecture.md). Links keep only http, https, mailto and
 * tel; media are http(s) or the site's own uploaded images. Anything with a control character is
 * refused outright: browsers drop tabs and newlines inside a scheme, so "java\tscript:" would run.
 */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'] as const;
export const MAX_URL_LENGTH = 2048;

// C0 controls, DEL and C1 controls; also the zero-width and bidi marks that hide a scheme.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
/** A path on this site, e.g. /events; never "//host" or "/\host", which browsers send elsewhere. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** Images uploaded through POST /api/image_upload. */
const SITE_IMAGE = /^\/api\/images\/[0-9a-f-]{36}\.(png|jpg)$/;

function parseAbsolute(url: string): URL | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH || UNSAFE_CHARACTERS.test(url)) return null;
  if (url !== url.trim()) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * A web address written out in full: the scheme, "//", a host of letters, digits, "-" and "_"
 * in dot-separated labels (any script: an international domain), or an IPv6 address in brackets,
 * an optional port, then anything but spaces. Checked here, not left to the URL parser, because
 * browsers' parsers differ from the server's: Chrome takes "http://a b.org/" as "http://a%20b.org/",
 * which Node refuses. One rule, the same in the editor and on the server (decision 108).
 */
const HOST_LABEL = '[\\p{L}\\p{N}_](?:[\\p{L}\\p{N}_-]{0,61}[\\p{L}\\p{N}_])?';
const WEB_ADDRESS = new RegExp(
  `^https?://(?:[^\\s/?#@]*@)?(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  'iu',
);

/** docs/product.md: a pasted link is kept only when it parses and uses http, https, mailto or tel. */
export function isAllowedLinkUrl(url: string): boolean {
  if (typeof url !== 'string' || /\s/.test(url)) return false;
  const parsed = parseAbsolute(url);
  if (!parsed) return false;
  if (!(LINK_PROTOCOLS as readonly string[]).includes(parsed.protocol)) return false;
  // "mailto:" and "tel:" need an address or a number after them.
  if (parsed.protocol === 'mailto:' || parsed.protocol === 'tel:') return url.length > parsed.protocol.length;
  // "http:foo" parses but goes nowhere useful; a web link is written out with its host.
  return WEB_ADDRESS.test(url) && parsed.hostname.length > 0;
}

/** A link stored in a document: an allowed absolute URL, or a path on this site. */
export function isSafeLinkUrl(url: string): boolean {
  if (typeof url !== 'string') return false;
  if (url.startsWith('/')) return url.length <= MAX_URL_LENGTH && !UNSAFE_CHARACTERS.test(url) && SITE_PATH.test(url);
  return isAllowedLinkUrl(url);
}

/** A media address: http(s) with a host, or one of the site's own uploaded images. */
export function isSafeMediaUrl(url: string): boolean {
  if (typeof url !== 'string') return false;
  if (url.startsWith('/')) return SITE_IMAGE.test(url);
  const parsed = parseAbsolute(url);
  return (
    parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0 && WEB_ADDRESS.test(url)
  );
}

/**
 * An address kept in a site setting (the social media page, the footer's link): http or https,
 * written out with "//" and a host. "http:evil.org", "//evil.org" and "http://" are refused.
 */
export function isWebAddress(url: string): boolean {
  const parsed = parseAbsolute(url);
  return (
    parsed !== null && WEB_ADDRESS.test(url) && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0
  );
}

/** An image uploaded to this site, as POST /api/image_upload answers it. */
export function isSiteImagePath(url: string): boolean {
  return typeof url === 'string' && SITE_IMAGE.test(url);
}

/** Whether a link leaves this site (it then opens with rel="noopener noreferrer"). */
export function isExternalUrl(url: string): boolean {
  return !url.startsWith('/');
}
