/** Scrolling to a funnel's form after a step change (spec §2: form top, 24 px plus sticky bars). */
import { SCROLL_OFFSET_PX } from '../../core/funnels/constants.ts';

/** What covers the top of the page while scrolling: the site header and any sticky banner. */
export const STICKY_SELECTOR = '.site-header, [data-sticky]';

/** The page offset to scroll to so `elementTop` sits below `stickyHeight` plus {@link SCROLL_OFFSET_PX}. */
export function formScrollTop(elementTop: number, stickyHeight: number): number {
  return Math.max(0, elementTop - stickyHeight - SCROLL_OFFSET_PX);
}

/** The height the sticky header and banners cover at the top of the window, measured now. */
export function stickyBarsHeight(): number {
  return [...document.querySelectorAll(STICKY_SELECTOR)].reduce((sum, bar) => sum + bar.getBoundingClientRect().height, 0);
}

/**
 * Smooth-scrolls the window so `element`'s top shows just below the sticky header and banners
 * (plus {@link SCROLL_OFFSET_PX}). Heights are measured now, since the header wraps to two rows
 * on narrow screens; people who ask for reduced motion get an instant jump.
 */
export function scrollBelowStickyBars(element: Element): void {
  const top = formScrollTop(element.getBoundingClientRect().top + window.scrollY, stickyBarsHeight());
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
}

/** Brings a funnel's form top into view after a step change (spec §2). */
export function scrollToFormTop(element: Element): void {
  scrollBelowStickyBars(element);
}
