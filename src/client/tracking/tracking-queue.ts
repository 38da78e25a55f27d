/**
 * The always-loaded front of tracking (the tracker itself loads after first paint). Pages,
 * page views, experiment entries and clicks record their events here from the first moment; each
 * event keeps the moment it happened (time, session, page shown, address, referrer), and until the
 * tracker's chunk is in they wait in order. {@link TrackingQueue.attach} hands them to the tracker
 * in that order, then every later event goes straight through. So the first page's view, and a
 * click or form step made before the chunk loaded, arrive as if the tracker had been there.
 */
import type { Payload } from '../../core/payload/types.ts';
import { EVENT_NAMES, type EventName, type EventProps } from '../../core/tracking/event-props.ts';
import type { PageSource } from './page-views.ts';

/** When and where an event happened: what the tracker would otherwise read at the time it builds the body. */
export interface EventMoment {
  at: Date;
  /** The session in force then (the event touched it). */
  sessionId: string;
  /** The page shown. */
  payload: Payload;
  /** The absolute page address. */
  url: string;
  referrer: string;
}

/** Where events go once the tracker is in. */
export type EventSink = <E extends EventName>(event: E, props: EventProps[E], moment: EventMoment) => void;

/** True when `name` is a tracked event name (spec §3), e.g. before trusting an untyped caller. */
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENT_NAMES, name);
}

/** What {@link createTrackingQueue} reads; the address, referrer and clock default to the browser's. */
export interface TrackingQueueOptions {
  /** The navigator: the page shown. */
  pages: PageSource;
  /** Records activity at `now` (epoch ms) and returns the session id in force (spec §4). */
  touchSession: (now: number) => string;
  url?: () => string;
  /** The document's referrer, the first page's. */
  referrer?: string;
  now?: () => Date;
  /** Called with each event held back before the tracker is in (to hurry its loading for a click). */
  onHeld?: (event: EventName) => void;
  /** Fires visibilitychange; the browser's document by default. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener'> | undefined;
}

/** The queue in front of the tracker. */
export interface TrackingQueue {
  /** Records `event` now (held until the tracker is in). */
  record<E extends EventName>(event: E, props: EventProps[E]): void;
  /** The runtime's `track`: checks the event name, since pages pass plain strings. */
  track(event: string, props?: Record<string, unknown>): void;
  /** The referrer of the page shown: the page a client navigation came from, else the document's. */
  referrer(): string;
  /** Sends every held event to `sink` in order, then every later one at once. */
  attach(sink: EventSink): void;
  /** How many events are held. */
  held(): number;
  /**
   * When the page was first shown again after `at` (epoch ms), having been hidden; undefined if
   * it has not been since. Kept from the first moment, so a call clicked before the tracker loaded
   * still has the visitor's return from the phone (client/tracking/call-durations.ts).
   */
  shownAgainAfter(at: Date): number | undefined;
}

interface Held {
  event: EventName;
  props: EventProps[EventName];
  moment: EventMoment;
}

/** A queue over the navigator's pages. */
export function createTrackingQueue(options: TrackingQueueOptions): TrackingQueue {
  const { pages, touchSession, url = () => location.href, now = () => new Date(), onHeld, document: page = globalThis.document } = options;
  const shownAt: number[] = [];
  page?.addEventListener('visibilitychange', () => {
    if (page.visibilityState === 'visible') shownAt.push(now().getTime());
  });
  let referrer = options.referrer ?? document.referrer;
  let shownHref = url();
  let shown = pages.getSnapshot().payload;
  // Subscribed before page views start, so a new page's view already has its referrer.
  pages.subscribe(() => {
    const { payload } = pages.getSnapshot();
    if (payload === shown) return;
    shown = payload;
    referrer = shownHref;
    shownHref = url();
  });

  let sink: EventSink | undefined;
  let held: Held[] = [];
  const record = <E extends EventName>(event: E, props: EventProps[E]) => {
    const at = now();
    const moment: EventMoment = { at, sessionId: touchSession(at.getTime()), payload: pages.getSnapshot().payload, url: url(), referrer };
    if (sink) return sink(event, props, moment);
    held.push({ event, props, moment });
    onHeld?.(event);
  };

  return {
    record,
    track(event, props = {}) {
      if (!isEventName(event)) return console.error(`Unknown tracking event '${event}': add it to EVENT_NAMES (src/core/tracking/event-props.ts)`);
      record(event, props as EventProps[typeof event]);
    },
    referrer: () => referrer,
    attach(next) {
      if (sink) return;
      sink = next;
      const waiting = held;
      held = [];
      for (const { event, props, moment } of waiting) next(event, props, moment);
    },
    held: () => held.length,
    shownAgainAfter: (at) => shownAt.find((shown) => shown > at.getTime()),
  };
}
