import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { Assets } from '../ui/boot-data.ts';
import { Document } from '../ui/Document.tsx';
import { RuntimeProvider, type Runtime } from '../ui/runtime.tsx';
import type { Navigator } from './navigation/navigator.ts';

/**
 * The client's root: renders the same Document as the server from the navigator's current
 * payload, and scrolls after each navigation (top, hash anchor, or the saved Back position).
 */
export function Root({ navigator, assets, runtime }: { navigator: Navigator; assets: Assets; runtime: Runtime }) {
  const state = useSyncExternalStore(navigator.subscribe, navigator.getSnapshot, navigator.getSnapshot);
  useLayoutEffect(() => {
    const { scroll } = state;
    if (scroll.kind === 'top') window.scrollTo(0, 0);
    else if (scroll.kind === 'restore') window.scrollTo(scroll.x, scroll.y);
    else if (scroll.kind === 'hash') {
      const id = decodeURIComponent(scroll.hash.slice(1));
      (document.getElementById(id) ?? document.getElementsByName(id)[0])?.scrollIntoView();
    }
  }, [state]);
  return (
    <RuntimeProvider value={runtime}>
      <Document boot={{ payload: state.payload, assets }} />
    </RuntimeProvider>
  );
}
