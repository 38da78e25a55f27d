/**
 * The one answer to "is this link a client navigation?" (after preact-iso's router). Click
 * interception (link-intercept.ts) takes over exactly these links, and prefetch (prefetch.ts)
 * fetches the payloads of exactly these, so a prefetched payload is one a click would use.
 */

/**
 * The URL a link navigates to client-side, or undefined when the browser should have it: a
 * download, a new window or frame (`target` other than `_self`), `rel="external"`, another origin
 * (which includes `tel:`, `mailto:` and `sms:`, whose origin is opaque), an href that is no URL,
 * or a mere hash change on the page at `pageUrl` (the browser scrolls to the anchor itself).
 */
export function navigationTarget(anchor: Element, pageUrl: URL): URL | undefined {
  const href = anchor.getAttribute('href');
  if (href === null) return undefined;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.split(/\s+/).includes('external')) return undefined;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return undefined;
  let url: URL;
  try {
    url = new URL(href, anchor.baseURI || pageUrl.href);
  } catch {
    return undefined; // An unparsable href is nobody's navigation.
  }
  if (url.origin !== pageUrl.origin) return undefined;
  // `href="#"` has an empty hash, but is a hash change all the same.
  const samePage = url.pathname === pageUrl.pathname && url.search === pageUrl.search;
  if (samePage && (url.hash !== '' || href.includes('#'))) return undefined;
  return url;
}
