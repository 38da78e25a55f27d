/**
 * Random ids for visitors, sessions and events: RFC 4122 version 4 UUIDs.
 */

/**
 * A new random UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS and localhost), so
 * a page served over plain HTTP builds the same shape from `crypto.getRandomValues`, which works
 * everywhere.
 */
export function randomId(source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4 (the array holds 16 bytes, so 6 and 8 are there)
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
