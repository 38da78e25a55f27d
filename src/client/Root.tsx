import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import type { Assets } from '../ui/boot-data.ts';
import { Document } from '../ui/Document.tsx';
import { RuntimeProvider, type Runtime } from '../ui/runtime.tsx';
import type { Navigator } from './navigation/navigator.ts';

/**
 * The element a URL hash names: by id, else the first element with that name (an old-style
 * `<a name>` anchor), matched as-is and then percent-decoded. A hash that is not valid
 * percent-encoding ('#%E0%A4%A') names nothing: this runs in a layout effect, above every error
 * boundary, where a URIError would unmount the whole page.
 */
export function hashTarget(document: Document, hash: string): Element | undefined {
  const raw = hash.replace(/^#/, '');
  if (!raw) return undefined;
  const find = (id: string) => document.getElementById(id) ?? document.getElementsByName(id)[0] ?? undefined;
  const found = find(raw);
  if (found) return found;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded === raw ? undefined : find(decoded);
}

/**
 * The client's root: renders the same Document as the server from the navigator's current
 * payload, and scrolls after each navigation (top, hash anchor, or the saved Back position).
 * `onHydrated` runs once, after the first commit (hydration) has painted.
 */
export function Root({ navigator, assets, runtime, nonce, onHydrated }: { navigator: Navigator; assets: Assets; runtime: Runtime; nonce?: string | undefined; onHydrated?: () => void }) {
  const state = useSyncExternalStore(navigator.subscribe, navigator.getSnapshot, navigator.getSnapshot);
  useLayoutEffect(() => {
    const { scroll } = state;
    if (scroll.kind === 'top') window.scrollTo(0, 0);
    else if (scroll.kind === 'restore') window.scrollTo(scroll.x, scroll.y);
    else if (scroll.kind === 'hash') hashTarget(document, scroll.hash)?.scrollIntoView();
  }, [state]);
  // A passive effect of the first commit: React runs it after the hydrated page has painted.
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <RuntimeProvider value={runtime}>
      <Document boot={{ payload: state.payload, assets }} nonce={nonce} />
    </RuntimeProvider>
  );
}
