import { isIPv4, isIPv6 } from 'node:net';

/**
 * An event's client address, cut to its network: an IPv4 address to its /24 (the last number
 * zeroed), an IPv6 address to its /48 (the first three groups). Events keep only this, so the events
 * table holds no address that names one household or phone; the lead table keeps the full address
 * of a consent, where it is evidence.
 */

/** The eight groups of an IPv6 address node:net accepts, `::` expanded. */
function ipv6Groups(text: string): string[] {
  const [head = '', tail = ''] = text.split('::');
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const missing = 8 - split(head).length - split(tail).length;
  return text.includes('::') ? [...split(head), ...Array<string>(missing).fill('0'), ...split(tail)] : split(head);
}

/**
 * `ip` cut to its network, or null when it is no address (nothing is better than a raw value that
 * might be one).
 *
 * @example
 * truncatedIp('203.0.113.77'); // '203.0.113.0'
 * truncatedIp('2001:db8:85a3:8d3:1319:8a2e:370:7348'); // '2001:db8:85a3::'
 * truncatedIp('::ffff:203.0.113.77'); // '::ffff:203.0.113.0'
 */
export function truncatedIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(.+)$/i.exec(ip);
  if (mapped) {
    const inner = truncatedIp(mapped[1]);
    return inner === null ? null : `::ffff:${inner}`;
  }
  if (isIPv4(ip)) return `${ip.slice(0, ip.lastIndexOf('.'))}.0`;
  const address = ip.split('%')[0] ?? '';
  if (!isIPv6(address)) return null;
  return `${ipv6Groups(address)
    .slice(0, 3)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::`;
}
