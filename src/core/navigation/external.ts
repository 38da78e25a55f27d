/** Thrown when navigation to another origin was not explicitly allowed (spec §8). */
export const EXTERNAL_NAVIGATION_MESSAGE = 'Navigating to an external URL is not allowed by default';

const DANGEROUS_PROTOCOLS = new Set(['javascript:', 'data:', 'vbscript:']);

/** The verdict on a navigation target. */
export type NavigationTarget =
  | { kind: 'internal'; url: URL }
  | { kind: 'external'; url: URL }
  | { kind: 'refused'; reason: string };

/**
 * Classifies a navigation target: same-origin URLs are internal; other origins are refused
 * unless `allowExternal`; javascript:, data: and vbscript: URLs are always refused.
 */
export function classifyNavigation(href: string, currentHref: string, allowExternal = false): NavigationTarget {
  let url: URL;
  try {
    url = new URL(href, currentHref);
  } catch {
    return { kind: 'refused', reason: `Invalid URL: ${href}` };
  }
  if (DANGEROUS_PROTOCOLS.has(url.protocol)) return { kind: 'refused', reason: `Refusing to navigate to a ${url.protocol} URL` };
  if (url.origin === new URL(currentHref).origin) return { kind: 'internal', url };
  return allowExternal ? { kind: 'external', url } : { kind: 'refused', reason: EXTERNAL_NAVIGATION_MESSAGE };
}
