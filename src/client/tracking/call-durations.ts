/**
 * `callDurationMs` on call events (spec §3 call events): how long the visitor was away on the
 * phone, from the click-to-call until they came back to the page. A tel: link hands the call to
 * the phone's dialer, which takes the screen, so the page is hidden while the call lasts and shown
 * again when the visitor returns: the duration is measured with page visibility.
 *
 * So the call event waits after its click, built with the click's moment:
 * - the page is hidden, then shown again: sent with `callDurationMs`, from the click to that return;
 * - the page is left for good (pagehide) before a return: sent without it (the visitor never came
 *   back to this page);
 * - the page is not hidden within {@link CALL_HANDOFF_MAX_MS}: no dialer took the call (a desktop
 *   without one), so it is sent without it; a later trip to another tab is no call;
 * - the browser is closed while away (a phone's system may end it in the background without a
 *   pagehide): every waiting call is also kept in localStorage, and the next page load sends it
 *   without a duration. A call another open tab is still waiting on is sent that way too; if that
 *   tab later measures it, the server keeps the first of the two bodies (same event id).
 * The event's time is always the click's, however long it waited.
 */
import type { AnyTrackBody } from '../../core/tracking/context.ts';
import { isPlainObject, readStoredJson, writeStoredJson, type KeyValueStorage } from '../visitor/stored-json.ts';

/** localStorage key of the call events waiting for their duration. */
export const PENDING_CALLS_STORAGE_KEY = 'cobrand:pending-calls';

/**
 * How long after its click a call waits for the page to be hidden. A phone's dialer takes the
 * screen at once (Android) or once the visitor confirms the number (iOS asks first, and a visitor
 * who means to call confirms within seconds); a desktop without a dialer never hides the page,
 * and its call should not wait for the visitor's next trip to another tab to be sent.
 */
export const CALL_HANDOFF_MAX_MS = 5000;

/** A call event's body. */
export type CallBody = Extract<AnyTrackBody, { event: 'call' }>;

/** The call events waiting for their duration. */
export interface CallDurations {
  /**
   * Holds the call event `body` (its timestamp the click's) until its duration is known or will
   * never be; sends it at once when the visitor already came back at `returnedAt` (epoch ms: the
   * page was hidden and shown again before this code had loaded).
   */
  hold(body: CallBody, returnedAt?: number): void;
  /** Sends the calls an earlier page left waiting (it was closed while the visitor was away), without a duration. */
  sendLeftOver(): void;
  stop(): void;
}

/** What {@link startCallDurations} needs; window, document, timers and clock default to the browser's. */
export interface CallDurationsOptions {
  /** Sends a body (the tracker's emit). */
  emit: (body: CallBody) => void;
  /** Where waiting calls are kept (localStorage). */
  storage: KeyValueStorage | undefined;
  /** Fires pagehide. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Fires visibilitychange. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout'>;
  now?: () => number;
}

/** `body` with the call's duration: from its click (the body's timestamp) to `returnedAt`. */
export function withCallDuration(body: CallBody, returnedAt: number): CallBody {
  const callDurationMs = Math.max(0, Math.round(returnedAt - Date.parse(body.timestamp)));
  return { ...body, properties: { ...body.properties, callDurationMs } };
}

function isStoredCall(value: unknown): value is CallBody {
  return isPlainObject(value) && value.event === 'call' && typeof value.timestamp === 'string' && isPlainObject(value.properties) && typeof value.properties.eventId === 'string';
}

/**
 * Starts watching the page's visibility for the calls it will hold.
 *
 * @example
 * const calls = startCallDurations({ emit: (body) => tracker.emit(body), storage: localStorage });
 * calls.sendLeftOver(); // once the transport is up
 * calls.hold(tracker.build('call', { didNumber: '8885550102', ctcLocation: 'header' }, moment));
 */
export function startCallDurations(options: CallDurationsOptions): CallDurations {
  const { emit, storage, window: view = globalThis.window, document: page = globalThis.document, timers = globalThis, now = () => Date.now() } = options;
  const waiting = new Map<string, { body: CallBody; away: boolean; handoff: number }>();

  const stored = (): CallBody[] => {
    const raw = readStoredJson(storage, PENDING_CALLS_STORAGE_KEY);
    return Array.isArray(raw) ? raw.filter(isStoredCall) : [];
  };
  const store = (calls: CallBody[]) => void writeStoredJson(storage, PENDING_CALLS_STORAGE_KEY, calls);
  const unstore = (ids: ReadonlySet<string>) => store(stored().filter((body) => !ids.has(body.properties.eventId)));

  function release(id: string, returnedAt?: number) {
    const call = waiting.get(id);
    if (!call) return;
    waiting.delete(id);
    timers.clearTimeout(call.handoff);
    unstore(new Set([id]));
    emit(returnedAt === undefined ? call.body : withCallDuration(call.body, returnedAt));
  }

  function onVisibilityChange() {
    if (page?.visibilityState === 'hidden') {
      for (const call of waiting.values()) call.away = true;
      return;
    }
    const at = now();
    for (const [id, call] of waiting) if (call.away) release(id, at);
  }
  function onPageHide() {
    for (const id of [...waiting.keys()]) release(id);
  }
  view?.addEventListener('pagehide', onPageHide);
  page?.addEventListener('visibilitychange', onVisibilityChange);

  return {
    hold(body, returnedAt) {
      if (returnedAt !== undefined) return emit(withCallDuration(body, returnedAt));
      const id = body.properties.eventId;
      const handoff = timers.setTimeout(() => {
        if (waiting.get(id)?.away === false) release(id);
      }, CALL_HANDOFF_MAX_MS);
      waiting.set(id, { body, away: page?.visibilityState === 'hidden', handoff });
      store([...stored().filter((other) => other.properties.eventId !== id), body]);
    },
    sendLeftOver() {
      const left = stored().filter((body) => !waiting.has(body.properties.eventId));
      if (left.length === 0) return;
      unstore(new Set(left.map((body) => body.properties.eventId)));
      for (const body of left) emit(body);
    },
    stop() {
      for (const call of waiting.values()) timers.clearTimeout(call.handoff);
      view?.removeEventListener('pagehide', onPageHide);
      page?.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
