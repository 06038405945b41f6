/**
 * How limits see a client. An IPv4 address counts as itself and an IPv6 client by its /64, since
 * one client usually holds a whole /64 and could otherwise rotate through it. Card payments count
 * an IPv6 client by its /48, the block one site is routed (one host can hold a whole /48, 65,536
 * /64s), and networks as the /24 (IPv4) or /48 (IPv6) around it (decision record 015).
 */
function ipv6Groups(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back] : front;
  return groups.map((g) => parseInt(g || '0', 16).toString(16));
}

function plain(ip: string): string {
  const address = ip.split('%')[0]!;
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

export function addressKey(ip: string): string {
  if (ip.endsWith('::/64')) return ip;
  const address = plain(ip);
  if (!address.includes(':')) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** `ip` may also be an address key already (an IPv6 /64 stays as it is). */
export function networkKey(ip: string): string {
  if (ip.endsWith('::/64')) return ip;
  const address = plain(ip);
  if (address.includes(':')) return addressKey(address);
  const parts = address.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : address;
}

/** The solved challenge a browser sends with a card payment while payments are paused (decision record 015). */
export function cardCheckOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['x-card-check'];
  return typeof value === 'string' ? value : undefined;
}

/** An address as the card limits count it: IPv4 as itself, IPv6 by its /48. */
export function cardAddressKey(ip: string): string {
  if (ip.endsWith('::/48')) return ip;
  const address = plain(ip.replace(/::\/64$/, '::'));
  if (!address.includes(':')) return address;
  return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
}

/** A network as the site-wide card pause counts it: the /24 (IPv4) or the /48 (IPv6). */
export function cardNetworkKey(ip: string): string {
  const address = cardAddressKey(ip);
  if (address.includes(':')) return address;
  const parts = address.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : address;
}
