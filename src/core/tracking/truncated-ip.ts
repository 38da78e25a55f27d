/**
 * An event's client address, cut to its network: an IPv4 address to its /24 (the last number
 * zeroed), an IPv6 address to its /48 (the first three groups). Events keep only this, so the events
 * table holds no address that names one household or phone; the lead table keeps the full address
 * of a consent, where it is evidence.
 */

/** The IPv6 groups of `text`, eight of them, or undefined when it is not an IPv6 address. */
function ipv6Groups(text: string): string[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const split = (half: string | undefined) => (half ? half.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group)) ? groups : undefined;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

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
  const v4 = IPV4.exec(ip);
  if (v4) return v4.slice(1, 4).every((part) => Number(part) <= 255) && Number(v4[4]) <= 255 ? `${v4[1]}.${v4[2]}.${v4[3]}.0` : null;
  const groups = ipv6Groups(ip.split('%')[0] ?? '');
  if (groups === undefined) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::`;
}
