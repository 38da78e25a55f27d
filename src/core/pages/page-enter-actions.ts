/**
 * The actions a page configuration may name in `onEnter` (spec §2 "Page configuration: onEnter
 * fires once after first client render, with an event tracker"). A route sets one in routes.ts
 * (`page: { onEnter: 'name' }`); the browser loads this module only for a page that names one
 * (ui/funnel/use-page-enter.ts), so the actions weigh nothing on the first load.
 */

/** Records a tracked event (spec §3): the runtime's `track`. */
export type PageEnterTracker = (event: string, props: Record<string, unknown>) => void;

/** A page's `onEnter` action: runs once after the first client render, with the event tracker. */
export type PageEnterAction = (track: PageEnterTracker) => void;

/** What the test page's onEnter records: the experiment-entry shape, under a name no experiment uses. */
export const TEST_PAGE_ENTERED = { name: 'test-page', variant: 'on-enter' } as const;

/**
 * The actions by name; every route's `onEnter` names one of them (test/unit/funnel-page-enter.test.ts).
 *
 * @example
 * // routes.ts
 * route('test', { theme: 'test', brands: SITES, template: 'test', page: { onEnter: 'testPageEntered' } })
 */
export const PAGE_ENTER_ACTIONS: Readonly<Record<string, PageEnterAction>> = {
  /**
   * The test page checks the site end to end (monitoring, deployments, people): its onEnter
   * records one event, so the check also sees a page's onEnter reach the events store.
   */
  testPageEntered: (track) => track('experimentEntered', { ...TEST_PAGE_ENTERED }),
};
