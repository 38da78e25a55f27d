import { navigationTarget } from './navigation/links.ts';
import type { PayloadAnswer } from './payloads.ts';

/** Prefetch starts this long after the runtime starts (spec §9: 1 s), leaving the first paint alone. */
export const PREFETCH_DELAY_MS = 1000;

/** At most this many links of a page are prefetched by the initial scan; pointer or focus intent adds more. */
export const PREFETCH_MAX_LINKS = 20;

/** No prefetch at all on this connection type (spec §9): every byte is the visitor's wait. */
const SLOWEST_CONNECTION = 'slow-2g';

/** The payload cache prefetch fills: the navigator's `has` and `remember`. */
export interface PayloadCache {
  has(key: string): boolean;
  remember(key: string, answer: PayloadAnswer): void;
}

/** What {@link schedulePrefetch} needs; document, connection, timers and idle time default to the browser's own. */
export interface PrefetchOptions {
  navigator: PayloadCache;
  fetchPayload: (path: string) => Promise<PayloadAnswer>;
  /** The navigator's cache key of a URL (path and search). */
  payloadKey: (url: URL) => string;
  document?: Document;
  /** The Network Information API's connection; absent in browsers that lack it. */
  connection?: { effectiveType?: string };
  delayMs?: number;
  maxLinks?: number;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout'>;
  /** Waits for idle time between prefetches; without it they simply run one after another. */
  whenIdle?: (callback: () => void) => void;
}

/**
 * Prefetches page payloads so a click renders at once (spec §7 "Payload prefetching"). After
 * `delayMs` it fetches, one at a time and in idle time, the payloads of up to `maxLinks` distinct
 * same-origin links in the page that the navigator has not cached; from then on it also
 * prefetches a link the visitor points at or focuses. Nothing is prefetched on a slow-2g
 * connection (spec §9). Failures are ignored: the click simply fetches again.
 */
export function schedulePrefetch(options: PrefetchOptions): { stop: () => void } {
  const {
    navigator: cache,
    fetchPayload,
    payloadKey,
    document: page = globalThis.document,
    connection = browserConnection(),
    delayMs = PREFETCH_DELAY_MS,
    maxLinks = PREFETCH_MAX_LINKS,
    timers = globalThis,
    whenIdle = browserIdle(),
  } = options;
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`Prefetch delay must be a non-negative number of ms, got ${delayMs}`);
  if (!Number.isInteger(maxLinks) || maxLinks < 0) throw new RangeError(`Prefetch maxLinks must be a non-negative integer, got ${maxLinks}`);

  const attempted = new Set<string>();
  let stopped = false;

  // Read at every prefetch, not once: the connection can change while the page is open.
  const allowed = () => !stopped && connection?.effectiveType !== SLOWEST_CONNECTION;

  async function prefetch(url: URL): Promise<void> {
    const key = payloadKey(url);
    if (!allowed() || attempted.has(key) || cache.has(key)) return;
    attempted.add(key); // Also after a failure: the page will not hammer a broken path.
    try {
      const payload = await fetchPayload(url.pathname + url.search);
      if (!stopped) cache.remember(key, payload);
    } catch (error) {
      console.debug('Prefetch failed', url.pathname, error);
    }
  }

  async function prefetchPageLinks() {
    const pageUrl = new URL(page.URL);
    const keys = new Set<string>();
    const queue: URL[] = [];
    for (const anchor of page.querySelectorAll('a[href]')) {
      if (queue.length >= maxLinks) break;
      const url = prefetchTarget(anchor, pageUrl);
      if (!url) continue;
      const key = payloadKey(url);
      if (keys.has(key) || cache.has(key)) continue;
      keys.add(key);
      queue.push(url);
    }
    for (const url of queue) {
      if (whenIdle) await new Promise<void>((resolve) => whenIdle(resolve));
      if (!allowed()) return;
      await prefetch(url);
    }
  }

  function onIntent(event: Event) {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    const url = anchor && prefetchTarget(anchor, new URL(page.URL));
    if (url) void prefetch(url);
  }

  const start = timers.setTimeout(() => {
    if (!allowed()) return;
    // pointerover and focusin are the bubbling twins of pointerenter and focus: one listener on
    // the document also covers links rendered after later navigations.
    page.addEventListener('pointerover', onIntent);
    page.addEventListener('focusin', onIntent);
    void prefetchPageLinks();
  }, delayMs);

  return {
    stop() {
      stopped = true;
      timers.clearTimeout(start);
      page.removeEventListener('pointerover', onIntent);
      page.removeEventListener('focusin', onIntent);
    },
  };
}

/**
 * The URL whose payload a link would use: a client navigation ({@link navigationTarget}, the same
 * predicate the click interception uses) to another page than this one.
 */
function prefetchTarget(anchor: Element, pageUrl: URL): URL | undefined {
  const url = navigationTarget(anchor, pageUrl);
  if (!url || (url.pathname === pageUrl.pathname && url.search === pageUrl.search)) return undefined;
  return url;
}

function browserConnection(): { effectiveType?: string } | undefined {
  return (globalThis.navigator as { connection?: { effectiveType?: string } } | undefined)?.connection;
}

function browserIdle(): ((callback: () => void) => void) | undefined {
  // Safari has no requestIdleCallback; prefetches then just run one after another.
  return typeof globalThis.requestIdleCallback === 'function' ? (callback) => requestIdleCallback(() => callback()) : undefined;
}
