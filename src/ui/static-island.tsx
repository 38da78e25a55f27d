/**
 * Static islands: parts of a page that have no state and no handlers
 * of their own (long copy, legal text, disclaimers, the footer's owner and links) are rendered by
 * the server as usual, and the browser keeps that HTML instead of hydrating it.
 *
 * React 19 has no partial hydration, but an element whose content is `dangerouslySetInnerHTML`
 * has no child fibers: React claims the element and never walks, compares or re-renders what is
 * inside. Before hydrating, the client entry reads each island's server HTML
 * ({@link captureStaticIslands}); the island then renders that same string, so hydration finds
 * exactly what it expects and later re-renders (a funnel's step change) leave the DOM alone.
 * Passing the server's own HTML rather than `''` matters: if React ever has to render the element
 * afresh (an error elsewhere making it drop the server DOM), it writes the same content back.
 *
 * An island is identified by a hash of the `contentKey` its caller derives from everything the
 * content depends on: when a client navigation shows other content, the key differs, nothing
 * was captured for it, and the island renders its children like any React tree. Links inside keep
 * working: link interception and click tracking listen on the document.
 */
import type { ReactNode } from 'react';

/** The attribute naming an island's content hash in the server HTML. */
export const STATIC_ISLAND_ATTRIBUTE = 'data-static-island';

/** Server HTML of the islands on the page the browser loaded, by content hash; empty on the server. */
const captured = new Map<string, string>();

/**
 * A short hash of `contentKey` (cyrb53: 53 bits, so two different contents of one page do not
 * meet by chance), in base 36. Pure and the same on server and client.
 */
export function staticIslandId(contentKey: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < contentKey.length; index++) {
    const code = contentKey.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Reads the server HTML of every island under `root`; the client entry calls it once, before
 * `hydrateRoot`. Returns how many islands it found.
 */
export function captureStaticIslands(root: ParentNode): number {
  const islands = root.querySelectorAll(`[${STATIC_ISLAND_ATTRIBUTE}]`);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the selector matched only elements with the attribute
  for (const island of islands) captured.set(island.getAttribute(STATIC_ISLAND_ATTRIBUTE)!, island.innerHTML);
  return islands.length;
}

/** Forgets captured islands (tests that hydrate several documents in one process). */
export function forgetStaticIslands(): void {
  captured.clear();
}

/**
 * Renders `children` inside a `<div>` (styled `display: contents`, so layout is as without it)
 * that the browser does not hydrate when the server rendered it with the same `contentKey`.
 * Nothing interactive belongs inside: it would never get its handlers.
 */
export function StaticIsland({ contentKey, children }: { contentKey: string; children?: ReactNode }) {
  const id = staticIslandId(contentKey);
  const html = captured.get(id);
  const attributes = { className: 'static-island', [STATIC_ISLAND_ATTRIBUTE]: id };
  if (html === undefined) return <div {...attributes}>{children}</div>;
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
