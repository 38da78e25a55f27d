/**
 * The `__Host-` cookie prefix (RFC 6265bis): a browser keeps such a cookie only when it is Secure,
 * has Path=/ and no Domain, and came over HTTPS. Apart from the list of names (cookie-names.ts) so
 * the visitor page, which names one cookie itself, ships this and not the whole list.
 */

/** The prefix browsers hold to Secure, Path=/ and no Domain. */
export const HOST_COOKIE_PREFIX = '__Host-';

/**
 * `baseName` as named in a mode: prefixed when `hostPrefixed` (production; in the browser, a page
 * served over HTTPS), plain otherwise.
 * @example
 * hostCookieName('cobrand_aid', true); // '__Host-cobrand_aid'
 */
export function hostCookieName(baseName: string, hostPrefixed: boolean): string {
  return hostPrefixed ? `${HOST_COOKIE_PREFIX}${baseName}` : baseName;
}
