import Bowser from 'bowser';

/** "Firefox on Windows" from a user agent; what a person recognises in their list of sessions. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 512));
    const browser = parsed.browser.name;
    const os = parsed.os.name;
    if (browser && os) return `${browser} on ${os}`;
    if (browser || os) return (browser ?? os)!;
  } catch {
    // An agent Bowser cannot read is named by its first word below.
  }
  return userAgent.split(/[\s/;(]/)[0]!.slice(0, 60) || 'Unknown device';
}

/**
 * An approximate place for an address, from what the server knows by itself: its own machine and
 * private networks. Nothing is looked up elsewhere (decision 133): a public address has no place.
 */
export function approximatePlace(ip: string): string | null {
  const address = ip.replace(/^::ffff:/i, '');
  if (address === '::1' || address.startsWith('127.')) return 'This server';
  if (
    /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(address) ||
    /^f[cd][0-9a-f]{2}:/i.test(address) ||
    /^fe80:/i.test(address)
  )
    return 'Local network';
  return null;
}
