/**
 * Starts visitor tracking in the browser (spec §3, §4, §7), in the chunk loaded after first paint:
 * the event transport, the tracker with its context sources (IP lookup, bot check),
 * anonymous-id linking and the sign-in session. Page views, experiment entries and clicks are
 * recorded from the start by the always-loaded tracking queue (tracking-queue.ts), which hands
 * them, held ones first, to the tracker started here once the visitor's IP lookup and bot check
 * have answered (visit-facts-wait.ts), so the page's first view carries both.
 */
import type { PublicBrand } from '../../core/payload/types.ts';
import type { AnyTrackBody } from '../../core/tracking/context.ts';
import { EVENT_NAMES, type CallProps } from '../../core/tracking/event-props.ts';
import { loadChunk } from '../chunk-reload.ts';
import { linkPreviousAnonymousId } from '../visitor/anon-link.ts';
import { createAuthSession, type AuthSessionClient } from '../visitor/auth-session.ts';
import { runBotCheck } from '../visitor/bot-check.ts';
import { startIpLookup, watchQuoteFieldInputs, watchQuoteFields, type IpLookupLoop } from '../visitor/ip-lookup.ts';
import type { Visitor } from '../visitor/start-visitor.ts';
import { startCallDurations } from './call-durations.ts';
import type { PageSource } from './page-views.ts';
import { createTracker, type Tracker } from './tracker.ts';
import type { TrackingQueue } from './tracking-queue.ts';
import { afterVisitFacts } from './visit-facts-wait.ts';
import { createEventTransport, type EventTransport } from './transport.ts';

/** Tracking, once its chunk is in. */
export interface Tracking {
  tracker: Tracker;
  transport: EventTransport<AnyTrackBody>;
  ipLookup: IpLookupLoop;
  auth: AuthSessionClient;
}

/** Starts tracking for `brand` over the navigator's pages, and attaches the tracker to `queue`. */
export function startTracking(brand: PublicBrand, visitor: Visitor, pages: PageSource, queue: TrackingQueue): Tracking {
  const ipLookup = startIpLookup();
  const botChecked = runBotCheck(() => loadChunk(() => import('@fingerprintjs/botd'), location.href)).then((result) => {
    if (result) visitor.userSync.update({ botCheck: result });
  });
  const tracker = createTracker({
    brand,
    anonymousId: visitor.identity.anonymousId,
    touchSession: (now) => visitor.identity.touch(now),
    sessionParams: () => visitor.sessionParams,
    payload: () => pages.getSnapshot().payload,
    url: () => location.href,
    referrer: () => queue.referrer(),
    cookieHeader: () => document.cookie,
    bot: () => visitor.userSync.getSnapshot().botCheck?.bot ?? null,
    userAgent: globalThis.navigator.userAgent,
    ipLookup: () => ipLookup.current(),
    send: (body) => transport.send(body),
    dataLayer: window as Window & { dataLayer?: unknown[] },
  });
  // A call event waits for the visitor to come back from the phone (its duration).
  const calls = startCallDurations({ emit: (body) => tracker.emit(body), storage: visitor.localStorage });
  // The held events (this page's first view among them) go to the tracker once the IP lookup and
  // the bot check have answered, within a short wait. These pagehide listeners are added before
  // the transport's, so on leaving every event is queued before the transport beacons what it holds.
  afterVisitFacts(
    () =>
      queue.attach((event, props, moment) => {
        if (event === EVENT_NAMES.call) calls.hold(tracker.build(EVENT_NAMES.call, props as CallProps, moment), queue.shownAgainAfter(moment.at));
        else tracker.track(event, props, moment);
      }),
    { facts: [ipLookup.check(), botChecked] },
  );
  const transport = createEventTransport<AnyTrackBody>({ storage: visitor.localStorage });
  calls.sendLeftOver();
  // Typing in a watched field, and an answer stored (by this tab or another), each push the expiry.
  watchQuoteFieldInputs(document, () => ipLookup.fieldChanged());
  watchQuoteFields(visitor.forms, () => ipLookup.fieldChanged());

  linkPreviousAnonymousId({
    storage: visitor.localStorage,
    cookieHeader: document.cookie,
    currentAnonymousId: visitor.identity.anonymousId,
    track: (props) => queue.record('anonLink', props),
  });
  const auth = createAuthSession();
  void auth.refresh();

  return { tracker, transport, ipLookup, auth };
}
