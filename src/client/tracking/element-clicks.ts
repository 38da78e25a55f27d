/**
 * Click tracking (spec §7 "Every click on a link or button is reported as an event named
 * elementClicked", §3 call events and learn-more clicks): one document-level listener covers
 * every link and button, including those rendered after later navigations.
 */
import { phoneForms } from '../../core/marketplace/phone.ts';
import { DEFAULT_LINK_TARGET, LEARN_MORE_ATTRIBUTE, type CallProps, type ElementClickedProps, type LearnMoreClickedProps } from '../../core/tracking/event-props.ts';

/** The data attribute naming the content block an element sits in (spec §7). */
export const BLOCK_ID_ATTRIBUTE = 'data-block-id';

/** ctcLocation of a call link, and source of a learn-more link, outside every content block. */
export const CTC_LOCATION_OUTSIDE_BLOCKS = 'page';

/** What counts as a link or a button: an anchor without href is no link. */
const CLICKABLE_SELECTOR = 'a[href], button';

/** The id of the nearest content block around (or on) `element`; null outside blocks. */
export function closestBlockId(element: Element): string | null {
  return element.closest(`[${BLOCK_ID_ATTRIBUTE}]`)?.getAttribute(BLOCK_ID_ATTRIBUTE) ?? null;
}

function visibleText(element: Element): string {
  // innerText is what the visitor read; textContent stands in where layout is unknown.
  return ((element as HTMLElement).innerText ?? element.textContent ?? '').trim();
}

/** The elementClicked props of a link or button (spec §7); undefined for anything else. */
export function elementClickedProps(element: Element): ElementClickedProps | undefined {
  if (element.tagName === 'A' && element.hasAttribute('href')) {
    const link = element as HTMLAnchorElement;
    return { tagName: 'A', innerText: visibleText(link), href: link.href, target: link.getAttribute('target') || DEFAULT_LINK_TARGET, closestBlockId: closestBlockId(link) };
  }
  if (element.tagName === 'BUTTON') {
    const button = element as HTMLButtonElement;
    return { tagName: 'BUTTON', innerText: visibleText(button), type: button.type, closestBlockId: closestBlockId(button) };
  }
  return undefined;
}

/**
 * The call event of a tel: link (spec §3 call events): the dialled number as its digits (a US
 * number's ten, without the +1) and the block it was clicked in; undefined for other links.
 */
export function callProps(element: Element): CallProps | undefined {
  if (element.tagName !== 'A') return undefined;
  const href = element.getAttribute('href')?.trim() ?? '';
  if (!/^tel:/i.test(href)) return undefined;
  return { didNumber: phoneForms(href.slice('tel:'.length)).raw, ctcLocation: closestBlockId(element) ?? CTC_LOCATION_OUTSIDE_BLOCKS };
}

/** The learnMoreClicked event of a learn-more link (spec §3); undefined for any other element. */
export function learnMoreProps(element: Element): LearnMoreClickedProps | undefined {
  if (element.tagName !== 'A' || !element.hasAttribute(LEARN_MORE_ATTRIBUTE)) return undefined;
  return { source: closestBlockId(element) ?? CTC_LOCATION_OUTSIDE_BLOCKS, destination: (element as HTMLAnchorElement).href, button: visibleText(element) };
}

/** Where clicks are reported. */
export interface ClickTrackers {
  elementClicked(props: ElementClickedProps): void;
  call(props: CallProps): void;
  learnMoreClicked(props: LearnMoreClickedProps): void;
}

/**
 * Listens for clicks on `page`. The listener captures, so it runs before any handler that stops
 * the click (the navigation layer prevents default on links it takes over). Returns the stop function.
 */
export function startClickTracking(page: Pick<Document, 'addEventListener' | 'removeEventListener'>, trackers: ClickTrackers): () => void {
  function onClick(event: Event) {
    const element = (event.target as Element | null)?.closest?.(CLICKABLE_SELECTOR);
    if (!element) return;
    const clicked = elementClickedProps(element);
    if (clicked) trackers.elementClicked(clicked);
    const call = callProps(element);
    if (call) trackers.call(call);
    const learnMore = learnMoreProps(element);
    if (learnMore) trackers.learnMoreClicked(learnMore);
  }
  page.addEventListener('click', onClick, { capture: true });
  return () => page.removeEventListener('click', onClick, { capture: true });
}
