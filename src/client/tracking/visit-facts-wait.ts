/**
 * The wait before the tracker takes over the tracking queue on a page load, so the page's first
 * view carries the visitor's IP lookup and bot-check result (spec §3 event context). Both are
 * worked out after first paint (a same-origin request, and botd in the page); a view sent before
 * they answer would say `ipLookup: null` and `bot: null`, and geo reports and bot filtering would
 * miss exactly the landing views.
 *
 * Waiting loses nothing: every held event keeps the moment it happened (time, session, page,
 * address), and when the page is being left (hidden, or pagehide) the wait ends at once, so the
 * held events reach the transport's queue before its beacon goes out.
 */

/**
 * The longest the queue waits for the IP lookup and bot check. Both usually answer within a few
 * hundred milliseconds (the lookup is one small same-origin GET, botd inspects the page); 1.5 s
 * covers a slow mobile round trip, and is short enough that the events of a visitor who reads
 * and clicks on still go out about when they happen. Past it the events go without what did not answer.
 */
export const VISIT_FACTS_WAIT_MS = 1500;

/** What {@link afterVisitFacts} watches; timers, window and document default to the browser's. */
export interface VisitFactsWaitOptions {
  /** The IP lookup's and the bot check's work, each settling (never mind how) once it has answered. */
  facts: readonly Promise<unknown>[];
  waitMs?: number;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout'>;
  /** Fires pagehide. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Fires visibilitychange. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * Runs `run` once: when every fact has settled, after {@link VISIT_FACTS_WAIT_MS}, or when the
 * page is hidden or hidden for good (pagehide), whichever comes first.
 *
 * @example
 * afterVisitFacts(() => queue.attach(sink), { facts: [ipLookup.check(), botChecked] });
 */
export function afterVisitFacts(run: () => void, options: VisitFactsWaitOptions): void {
  const { facts, waitMs = VISIT_FACTS_WAIT_MS, timers = globalThis, window: view = globalThis.window, document: page = globalThis.document } = options;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    timers.clearTimeout(timer);
    view?.removeEventListener('pagehide', finish);
    page?.removeEventListener('visibilitychange', onVisibilityChange);
    run();
  };
  function onVisibilityChange() {
    if (page?.visibilityState === 'hidden') finish();
  }
  const timer = timers.setTimeout(finish, waitMs);
  view?.addEventListener('pagehide', finish);
  page?.addEventListener('visibilitychange', onVisibilityChange);
  void Promise.allSettled(facts).then(finish);
}
