/**
 * Event transport (spec §7 POST /api/event/create): every event is queued in localStorage until
 * the server acknowledges it with a 2xx, so nothing is lost to a closed tab, a crash or a
 * dropped connection.
 *
 * - Sending: `fetch` with keepalive (the request outlives the page), one event as the spec's
 *   body, several queued together as an array (the server takes batches of up to 50 and 32 KB).
 * - Retries: the same body, so the same event id, with exponential backoff; the server stores a
 *   repeated id once. An offline visitor's events wait for the `online` event.
 * - Leaving: on `pagehide` and when the page is hidden, whatever is queued goes out with
 *   `navigator.sendBeacon` as text/plain JSON (the server reads that as JSON; a JSON content
 *   type would need a CORS preflight a beacon cannot make). Never on `unload`, which breaks the
 *   back/forward cache. A beacon is not acknowledged, so the events stay queued and are sent again
 *   after {@link EVENT_BEACON_ACK_WAIT_MS} if the page lives on, or on the next page load: at
 *   worst the server sees a duplicate id, which it ignores.
 *
 * The queue is one localStorage key shared by the visitor's tabs; every read-modify-write is
 * synchronous, and a tab may send another tab's events (the server deduplicates). Where storage
 * is blocked or full the queue lives in memory for the page's lifetime.
 */
import { EVENT_CREATE_PATH } from '../../core/contract/paths.ts';
import { EVENT_BATCH_MAX_EVENTS, EVENT_BODY_MAX_BYTES } from '../../core/tracking/constants.ts';
import { isPlainObject, readStoredJson, writeStoredJson, type KeyValueStorage } from '../visitor/stored-json.ts';

/** localStorage key of the queue. */
export const EVENT_QUEUE_STORAGE_KEY = 'cobrand:event-queue';

/** Most events kept waiting; beyond it the oldest are dropped, so a visitor offline for days never fills storage. */
export const EVENT_QUEUE_MAX_EVENTS = 500;

/** First retry delay; each further failure doubles it. */
export const EVENT_RETRY_BASE_MS = 1000;

/** Longest retry delay. */
export const EVENT_RETRY_MAX_MS = 60_000;

/** How long beaconed events wait for the page to die before a live page sends them again with fetch. */
export const EVENT_BEACON_ACK_WAIT_MS = 10_000;

/** What the transport needs of an event: a unique id to acknowledge it by. */
export interface TransportEvent {
  properties: { eventId: string };
}

/** One queued event. */
interface QueuedEvent<E> {
  body: E;
  /** Failed attempts so far. */
  attempts: number;
  /** Epoch milliseconds before which it is not sent again. */
  nextAttemptAt: number;
}

/** The running transport. */
export interface EventTransport<E extends TransportEvent> {
  /** Queues an event and sends it soon (events of the same task go together). */
  send(body: E): void;
  /** Sends every due event now; resolves when the attempts are over. Never rejects. */
  flush(): Promise<void>;
  /** Sends everything queued with sendBeacon, as on pagehide. */
  beacon(): void;
  /** The events waiting for acknowledgement, oldest first. */
  queued(): E[];
  /** Stops timers and listeners; the queue stays stored. */
  stop(): void;
}

/** What {@link createEventTransport} needs; each defaults to the browser's own. */
export interface EventTransportOptions {
  endpoint?: string;
  /** Where the queue is kept (localStorage). */
  storage: KeyValueStorage | undefined;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: string) => boolean;
  /** Fires pagehide and online. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Fires visibilitychange. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  isOnline?: () => boolean;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout'>;
  now?: () => number;
  maxQueue?: number;
}

const encoder = new TextEncoder();

function eventIdOf(item: QueuedEvent<TransportEvent>): string {
  return item.body.properties.eventId;
}

function isQueuedEvent(value: unknown): value is QueuedEvent<TransportEvent> {
  if (!isPlainObject(value) || !isPlainObject(value.body) || !isPlainObject(value.body.properties)) return false;
  return typeof value.body.properties.eventId === 'string' && typeof value.attempts === 'number' && typeof value.nextAttemptAt === 'number';
}

/** Status codes after which the same request can succeed later. */
function isRetryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The delay before attempt `attempts + 1`: 1 s, 2 s, 4 s ... up to {@link EVENT_RETRY_MAX_MS}. */
export function retryDelay(attempts: number): number {
  return Math.min(EVENT_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), EVENT_RETRY_MAX_MS);
}

/** The request body: the spec's single body for one event, an array for more. */
function requestBody(items: readonly QueuedEvent<TransportEvent>[]): string {
  const only = items.length === 1 ? items[0] : undefined;
  return JSON.stringify(only ? only.body : items.map((item) => item.body));
}

/**
 * Splits events into requests the server accepts: at most {@link EVENT_BATCH_MAX_EVENTS} events
 * and {@link EVENT_BODY_MAX_BYTES} bytes each, in queue order.
 */
function toBatches<I extends QueuedEvent<TransportEvent>>(items: readonly I[]): I[][] {
  const batches: I[][] = [];
  let batch: I[] = [];
  let bytes = 2; // The array's brackets.
  for (const item of items) {
    const size = encoder.encode(JSON.stringify(item.body)).length + 1; // Plus its comma.
    if (batch.length > 0 && (batch.length === EVENT_BATCH_MAX_EVENTS || bytes + size > EVENT_BODY_MAX_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Starts the transport: sends what an earlier page left queued, and listens for pagehide, hidden and online. */
export function createEventTransport<E extends TransportEvent>(options: EventTransportOptions): EventTransport<E> {
  const {
    endpoint = EVENT_CREATE_PATH,
    fetch: post = globalThis.fetch,
    sendBeacon = (url, data) => globalThis.navigator.sendBeacon(url, data),
    window: view = globalThis.window,
    document: page = globalThis.document,
    isOnline = () => globalThis.navigator?.onLine !== false,
    timers = globalThis,
    now = () => Date.now(),
    maxQueue = EVENT_QUEUE_MAX_EVENTS,
  } = options;
  let storage = options.storage;
  let memory: QueuedEvent<E>[] = [];
  /** Ids this tab is sending right now; they are not sent twice at once. */
  const inFlight = new Set<string>();
  let flushing: Promise<void> | undefined;
  let flushAgain = false;
  let soon: number | undefined;
  let later: number | undefined;

  function load(): QueuedEvent<E>[] {
    if (!storage) return memory;
    const raw = readStoredJson(storage, EVENT_QUEUE_STORAGE_KEY);
    return Array.isArray(raw) ? (raw.filter(isQueuedEvent) as QueuedEvent<E>[]) : [];
  }

  function save(items: QueuedEvent<E>[]) {
    memory = items;
    if (storage && !writeStoredJson(storage, EVENT_QUEUE_STORAGE_KEY, items)) {
      // Full or blocked: keep the queue in memory from now on rather than lose events.
      console.warn('Event queue storage unavailable; queued events are kept in memory for this page');
      storage = undefined;
    }
  }

  /** Applies `change` to the queue in one synchronous read-modify-write. */
  function modify(change: (items: QueuedEvent<E>[]) => QueuedEvent<E>[]) {
    save(change(load()));
  }

  function remove(ids: ReadonlySet<string>) {
    modify((items) => items.filter((item) => !ids.has(eventIdOf(item))));
  }

  function postpone(ids: ReadonlySet<string>, until: (item: QueuedEvent<E>) => Partial<QueuedEvent<E>>) {
    modify((items) => items.map((item) => (ids.has(eventIdOf(item)) ? { ...item, ...until(item) } : item)));
  }

  async function sendBatch(batch: QueuedEvent<E>[]): Promise<void> {
    const ids = new Set(batch.map(eventIdOf));
    for (const id of ids) inFlight.add(id);
    try {
      const response = await post(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: requestBody(batch), keepalive: true });
      void response.body?.cancel().catch(() => undefined);
      if (response.ok) return remove(ids);
      if (isRetryable(response.status)) return backOff(ids);
      if (batch.length > 1) {
        // The server refuses a whole batch for one bad event: find it by sending them one by one.
        for (const id of ids) inFlight.delete(id);
        for (const item of batch) await sendBatch([item]);
        return;
      }
      console.warn(`Event ${[...ids][0]} refused with ${response.status}; dropped`);
      remove(ids);
    } catch {
      backOff(ids);
    } finally {
      for (const id of ids) inFlight.delete(id);
    }
  }

  function backOff(ids: ReadonlySet<string>) {
    const at = now();
    postpone(ids, (item) => ({ attempts: item.attempts + 1, nextAttemptAt: at + retryDelay(item.attempts + 1) }));
  }

  /** Sets the timer for the earliest postponed event. */
  function scheduleRetry() {
    if (later !== undefined) timers.clearTimeout(later);
    later = undefined;
    const waiting = load().filter((item) => !inFlight.has(eventIdOf(item)));
    if (waiting.length === 0) return;
    const earliest = Math.min(...waiting.map((item) => item.nextAttemptAt));
    later = timers.setTimeout(() => {
      later = undefined;
      void flush();
    }, Math.max(0, earliest - now()));
  }

  async function drain() {
    do {
      flushAgain = false;
      if (!isOnline()) return; // The online event flushes.
      const at = now();
      const due = load().filter((item) => item.nextAttemptAt <= at && !inFlight.has(eventIdOf(item)));
      for (const batch of toBatches(due)) await sendBatch(batch);
    } while (flushAgain);
    scheduleRetry();
  }

  function flush(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    flushing = drain().finally(() => (flushing = undefined));
    return flushing;
  }

  function flushSoon() {
    soon ??= timers.setTimeout(() => {
      soon = undefined;
      void flush();
    }, 0);
  }

  function beacon() {
    const at = now();
    const waiting = load().filter((item) => !inFlight.has(eventIdOf(item)));
    for (const batch of toBatches(waiting)) {
      // false: over the browser's beacon quota; what is left is sent by the next page.
      if (!sendBeacon(endpoint, JSON.stringify(batch.map((item) => item.body)))) return;
      postpone(new Set(batch.map(eventIdOf)), () => ({ nextAttemptAt: at + EVENT_BEACON_ACK_WAIT_MS }));
    }
  }

  function onVisibilityChange() {
    if (page?.visibilityState === 'hidden') beacon();
  }

  function onOnline() {
    // Back online: whatever waited for a backoff is due at once.
    const at = now();
    modify((items) => items.map((item) => ({ ...item, nextAttemptAt: Math.min(item.nextAttemptAt, at) })));
    void flush();
  }

  view?.addEventListener('pagehide', beacon);
  view?.addEventListener('online', onOnline);
  page?.addEventListener('visibilitychange', onVisibilityChange);
  if (load().length > 0) flushSoon();

  return {
    send(body) {
      if (encoder.encode(JSON.stringify(body)).length > EVENT_BODY_MAX_BYTES) {
        console.warn(`Event ${body.properties.eventId} is over ${EVENT_BODY_MAX_BYTES} bytes; not sent`);
        return;
      }
      modify((items) => {
        const queue = [...items, { body, attempts: 0, nextAttemptAt: now() }];
        // Over the bound: the oldest go first, they are the likeliest to be stale or beyond saving.
        return queue.length > maxQueue ? queue.slice(queue.length - maxQueue) : queue;
      });
      flushSoon();
    },
    flush,
    beacon,
    queued: () => load().map((item) => item.body),
    stop() {
      if (soon !== undefined) timers.clearTimeout(soon);
      if (later !== undefined) timers.clearTimeout(later);
      soon = later = undefined;
      view?.removeEventListener('pagehide', beacon);
      view?.removeEventListener('online', onOnline);
      page?.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
