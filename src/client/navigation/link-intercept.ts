/**
 * Which clicks the client router may take over (after preact-iso): a plain primary-button click
 * on a same-origin link with no target other than _self, no download attribute, and not a mere
 * change of hash on the current page. Everything else is left to the browser.
 */
export function interceptableLink(event: MouseEvent, location: Location): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const target = event.target as Element | null;
  const link = target?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link) return undefined;
  if (link.hasAttribute('download') || link.getAttribute('rel')?.split(/\s+/).includes('external')) return undefined;
  const linkTarget = link.getAttribute('target');
  if (linkTarget && linkTarget !== '_self') return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return undefined;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return undefined;
  return link;
}
