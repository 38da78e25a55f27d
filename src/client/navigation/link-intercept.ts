import { classifyNavigation } from '../../core/navigation/external.ts';
import { navigationTarget } from './links.ts';

/** Link protocols that open another app (dialler, mail, messages) rather than navigate. */
const HANDOFF_PROTOCOLS = new Set(['tel:', 'mailto:', 'sms:']);

/**
 * The client navigation a click asks for, or undefined when the browser should handle it: only a
 * plain primary-button click (no modifier key, not already handled) on a link that
 * {@link navigationTarget} calls a client navigation.
 */
export function interceptableLink(event: MouseEvent, location: Pick<Location, 'href'>): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  return anchor ? navigationTarget(anchor, new URL(location.href)) : undefined;
}

/** What {@link interceptLinkClicks} needs: where to send a taken-over click, and the page's address. */
export interface LinkClickOptions {
  navigate(href: string): Promise<void>;
  location: Pick<Location, 'href'>;
}

/**
 * Takes over link clicks on `document` (spec §2, §8): phone, mail and text links are left to the
 * browser (they hand over to another app and the page stays); links to dangerous protocols and
 * to other sites without `data-allow-external` are refused (spec §8 "External navigation");
 * {@link interceptableLink} clicks become client navigations. Returns the function that stops it.
 */
export function interceptLinkClicks(document: Document, options: LinkClickOptions): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor) return;
    if (HANDOFF_PROTOCOLS.has(anchor.protocol)) return;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the anchor matched a[href], so it has an href
    const verdict = classifyNavigation(anchor.getAttribute('href')!, options.location.href, anchor.hasAttribute('data-allow-external'));
    if (verdict.kind === 'refused') {
      // Dangerous protocols and unapproved external links never leave the page.
      event.preventDefault();
      console.warn(verdict.reason, anchor.href);
      return;
    }
    const url = interceptableLink(event, options.location);
    if (!url) return;
    event.preventDefault();
    options.navigate(url.href).catch((error) => console.error(error));
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
