/**
 * IP address text: validation, normal form, the non-public ranges, and the numbers the ASN
 * range tables are searched by.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** A valid IP address in the form the databases are searched with. */
export type IpAddress = { version: 4; text: string } | { version: 6; text: string };

/** `::ffff:a.b.c.d`: an IPv4 address as a dual-stack socket reports it. */
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * Parses an IP address, or returns undefined when `text` is not one. A zone (`fe80::1%eth0`) is
 * dropped and an IPv4-mapped IPv6 address becomes plain IPv4, since that is what it stands for.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  const withoutZone = text.replace(/%.*$/, '');
  const mapped = IPV4_MAPPED.exec(withoutZone)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return { version: 4, text: mapped };
  if (isIPv4(withoutZone)) return { version: 4, text: withoutZone };
  if (isIPv6(withoutZone)) return { version: 6, text: withoutZone.toLowerCase() };
  return undefined;
}

/** Addresses that never reach us from the public internet: the lookup answers them empty. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, carrier-grade NAT, link-local and unspecified addresses. */
export function isNonPublicAddress(address: IpAddress): boolean {
  return NON_PUBLIC.check(address.text, address.version === 4 ? 'ipv4' : 'ipv6');
}

/** An IPv4 address as an unsigned 32-bit number. The text must be a valid dotted quad. */
export function ipv4Number(text: string): number {
  // A character loop, not split/map: the ASN table parses ~400k of these at load.
  let value = 0;
  let octet = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === DOT) {
      value = value * 256 + octet;
      octet = 0;
    } else {
      octet = octet * 10 + (code - DIGIT_ZERO);
    }
  }
  return value * 256 + octet;
}

const DOT = 0x2e;
const COLON = 0x3a;
const DIGIT_ZERO = 0x30;

/** The value of one hexadecimal digit character. */
function hexDigit(code: number): number {
  if (code <= 0x39) return code - DIGIT_ZERO;
  return (code | 0x20) - 0x61 + 10; // a-f, either case
}

/** The eight 16-bit groups of the address being parsed (reused: parsing is synchronous). */
const groups = new Uint32Array(8);

/**
 * An IPv6 address as four unsigned 32-bit words, most significant first, written into `out`
 * at `offset` so tables fill without allocating. The text must be a valid IPv6 address without
 * a zone; a trailing dotted quad (`::ffff:1.2.3.4`) is understood.
 */
export function writeIpv6Words(text: string, out: Uint32Array, offset: number): void {
  let count = 0;
  /** Where `::` stands, as a group index, or -1. */
  let gap = -1;
  let value = 0;
  let digits = 0;
  let groupStart = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === COLON) {
      if (digits > 0) groups[count++] = value;
      value = 0;
      digits = 0;
      if (text.charCodeAt(index + 1) === COLON) {
        gap = count;
        index++;
      }
      groupStart = index + 1;
    } else if (code === DOT) {
      // An embedded IPv4 address fills the last two groups.
      const v4 = ipv4Number(text.slice(groupStart));
      groups[count++] = Math.floor(v4 / 0x10000);
      groups[count++] = v4 % 0x10000;
      digits = 0;
      break;
    } else {
      value = value * 16 + hexDigit(code);
      digits++;
    }
  }
  if (digits > 0) groups[count++] = value;
  if (gap >= 0) {
    // Slide the groups after `::` to the end and zero the ones it stands for.
    const shift = 8 - count;
    for (let group = count - 1; group >= gap; group--) groups[group + shift] = groups[group] ?? 0;
    groups.fill(0, gap, gap + shift);
  }
  for (let word = 0; word < 4; word++) out[offset + word] = (groups[word * 2] ?? 0) * 0x10000 + (groups[word * 2 + 1] ?? 0);
}
