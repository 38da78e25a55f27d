import { useEffect, useRef } from 'react';
import { PAGE_ENTER_ACTIONS, namedAction, type PageEnterAction } from '../../core/funnels/actions.ts';

/**
 * Fires the page configuration's `onEnter` action once, after the first client render, with the
 * event tracker (spec §2). Later renders of the same page (a funnel's step changes) do not fire
 * it again. An unknown name is reported, never thrown into the page.
 */
export function usePageEnter(
  name: string | undefined,
  track: (event: string, props: Record<string, unknown>) => void,
  actions: Readonly<Record<string, PageEnterAction>> = PAGE_ENTER_ACTIONS,
): void {
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current || !name) return;
    fired.current = true;
    try {
      namedAction(actions, name, 'page on-enter')(track);
    } catch (error) {
      console.error('Page onEnter action failed', error);
    }
  }, [name, track, actions]);
}
