import { useEffect, useRef } from 'react';
import { namedAction } from '../../core/funnels/actions.ts';
import type { PageEnterAction, PageEnterTracker } from '../../core/pages/page-enter-actions.ts';

/** The page-enter actions by name, loaded when a page names one. */
export type PageEnterActions = Readonly<Record<string, PageEnterAction>>;

/** The actions' own chunk: only a page with an `onEnter` loads it. */
const loadPageEnterActions = async (): Promise<PageEnterActions> => (await import('../../core/pages/page-enter-actions.ts')).PAGE_ENTER_ACTIONS;

/**
 * Fires the page configuration's `onEnter` action once, after the first client render, with the
 * event tracker (spec §2). Later renders of the same page (a funnel's step changes) do not fire
 * it again. An unknown name, or actions that fail to load, are reported, never thrown into the page.
 */
export function usePageEnter(name: string | undefined, track: PageEnterTracker, loadActions: () => Promise<PageEnterActions> = loadPageEnterActions): void {
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current || !name) return;
    fired.current = true;
    loadActions()
      .then((actions) => namedAction(actions, name, 'page on-enter')(track))
      .catch((error: unknown) => console.error('Page onEnter action failed', error));
  }, [name, track, loadActions]);
}
