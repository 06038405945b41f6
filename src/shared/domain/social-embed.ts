import { isWebAddress } from './richtext/safe-url';

/**
 * How the home page shows the association's social media page: a frame that loads only after the
 * visitor asks for it (it brings the network's scripts and cookies), and the origin the page's
 * Content-Security-Policy then allows. A Facebook page is framed through Facebook's Page plugin
 * (a page itself refuses to be framed); another https address is framed as it is.
 */
export type SocialEmbed = {
  /** The frame's address. */
  src: string;
  /** For the CSP's frame-src. */
  origin: string;
  /** Who serves the frame, in the visitor's note. */
  host: string;
  /** The network's name for the button ("Show our Facebook page"). */
  network: string;
};

const NETWORKS: [RegExp, string][] = [
  [/(^|\.)(facebook\.com|fb\.com)$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)(x\.com|twitter\.com)$/, 'X'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)youtube\.com$/, 'YouTube'],
];

export function networkName(hostname: string): string {
  return NETWORKS.find(([pattern]) => pattern.test(hostname))?.[1] ?? 'social media';
}

/** Null when there is nothing to frame: no address, or one that is not https. */
export function socialEmbed(address: string): SocialEmbed | null {
  const url = address.trim();
  if (!isWebAddress(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return null;
  const network = networkName(parsed.hostname);
  if (network === 'Facebook') {
    const plugin = new URL('https://www.facebook.com/plugins/page.php');
    plugin.search = new URLSearchParams({
      href: url,
      tabs: 'timeline',
      width: '500',
      height: '500',
      adapt_container_width: 'true',
    }).toString();
    return { src: plugin.href, origin: plugin.origin, host: plugin.hostname, network };
  }
  return { src: parsed.href, origin: parsed.origin, host: parsed.hostname, network };
}
