/**
 * Starts visitor tracking in the browser (spec §3, §4, §7): the event transport, the tracker
 * with its context sources (IP lookup, bot check, page address), page views, experiment entries, click tracking,
 * anonymous-id linking, and the sign-in session.
 */
import type { PublicBrand } from '../../core/payload/types.ts';
import type { AnyTrackBody } from '../../core/tracking/context.ts';
import type { EventProps } from '../../core/tracking/event-props.ts';
import { loadChunk } from '../chunk-reload.ts';
import { linkPreviousAnonymousId } from '../visitor/anon-link.ts';
import { createAuthSession, type AuthSessionClient } from '../visitor/auth-session.ts';
import { runBotCheck } from '../visitor/bot-check.ts';
import { startIpLookup, watchQuoteFields, type IpLookupLoop } from '../visitor/ip-lookup.ts';
import type { Visitor } from '../visitor/start-visitor.ts';
import { startClickTracking } from './element-clicks.ts';
import { startExperimentEntries } from './experiment-entries.ts';
import { startPageViews, type PageSource } from './page-views.ts';
import { createTracker, isEventName, type Tracker } from './tracker.ts';
import { createEventTransport, type EventTransport } from './transport.ts';

/** Tracking, as the runtime holds it. */
export interface Tracking {
  tracker: Tracker;
  /** The runtime's `track`: checks the event name, since pages pass plain strings. */
  track(event: string, props?: Record<string, unknown>): void;
  transport: EventTransport<AnyTrackBody>;
  ipLookup: IpLookupLoop;
  auth: AuthSessionClient;
}

/**
 * Starts tracking for `brand` over the navigator's pages. The referrer of a client navigation is
 * the page it came from, as a full page load would report it; the first page's is the document's.
 */
export function startTracking(brand: PublicBrand, visitor: Visitor, pages: PageSource): Tracking {
  const transport = createEventTransport<AnyTrackBody>({ storage: visitor.localStorage });
  const ipLookup = startIpLookup();
  watchQuoteFields(visitor.forms, () => ipLookup.fieldChanged());

  let referrer = document.referrer;
  let shownHref = location.href;
  let shown = pages.getSnapshot().payload;
  // Subscribed before the page views, so a new page's view already has its referrer.
  pages.subscribe(() => {
    const { payload } = pages.getSnapshot();
    if (payload === shown) return;
    shown = payload;
    referrer = shownHref;
    shownHref = location.href;
  });

  const tracker = createTracker({
    brand,
    anonymousId: visitor.identity.anonymousId,
    touchSession: (now) => visitor.identity.touch(now),
    sessionParams: () => visitor.sessionParams,
    payload: () => pages.getSnapshot().payload,
    url: () => location.href,
    referrer: () => referrer,
    cookieHeader: () => document.cookie,
    bot: () => visitor.userSync.getSnapshot().botCheck?.bot ?? null,
    userAgent: globalThis.navigator.userAgent,
    ipLookup: () => ipLookup.current(),
    send: (body) => transport.send(body),
    dataLayer: window as Window & { dataLayer?: unknown[] },
  });

  startPageViews(pages, (props) => tracker.track('pageView', props));
  startExperimentEntries(pages, visitor.localStorage, (props) => tracker.track('experimentEntered', props));
  linkPreviousAnonymousId({
    storage: visitor.localStorage,
    cookieHeader: document.cookie,
    currentAnonymousId: visitor.identity.anonymousId,
    track: (props) => tracker.track('anonLink', props),
  });
  startClickTracking(document, {
    elementClicked: (props) => tracker.track('elementClicked', props),
    call: (props) => tracker.track('call', props),
  });
  void runBotCheck(() => loadChunk(() => import('@fingerprintjs/botd'), location.href)).then((result) => {
    if (result) visitor.userSync.update({ botCheck: result });
  });
  const auth = createAuthSession();
  void auth.refresh();

  return {
    tracker,
    track(event, props = {}) {
      if (!isEventName(event)) return console.error(`Unknown tracking event '${event}': add it to EVENT_NAMES (src/core/tracking/event-props.ts)`);
      tracker.track(event, props as EventProps[typeof event]);
    },
    transport,
    ipLookup,
    auth,
  };
}
