/**
 * The tracker: turns an event name and its props into the spec's body (spec §3 "Tracking event
 * context", §7), queues it for the server and pushes its flat twin to the tag manager's data layer.
 */
import type { BrandId } from '../../../brands/ids.ts';
import type { Payload } from '../../core/payload/types.ts';
import { buildEventContext, buildTrackBody, eventPhoneRule, readAnalyticsCookies, type AnyTrackBody, type IpLookupContext, type TrackBody } from '../../core/tracking/context.ts';
import { toDataLayerEntry } from '../../core/tracking/data-layer.ts';
import { EVENT_NAMES, type EventName, type EventProps, type PageViewProps } from '../../core/tracking/event-props.ts';
import { pageViewName } from '../../core/tracking/page-view.ts';
import { randomId } from '../visitor/random-id.ts';
import { pushToDataLayer, type DataLayerWindow } from './data-layer.ts';
import { eventPageContext } from '../../core/tracking/page-context.ts';
import type { EventMoment } from './tracking-queue.ts';

/** Page-view props as sent: the step fields plus the composed page-view name (spec §7). */
export interface PageViewBodyProps extends PageViewProps {
  /** `pageViewName(page name, template, step name)`, e.g. 'quiz-otc - funnel - zip'. */
  pageName: string;
}

/** Where the tracker reads each part of the context at the moment of the event. */
export interface TrackerOptions {
  brand: { id: BrandId; name: string; measurementId?: string };
  anonymousId: string;
  /** Records activity at `now` (epoch ms) and returns the session id in force (spec §4). */
  touchSession(now: number): string;
  /** The session's click ids, campaign and tracked URL parameters. */
  sessionParams(): Readonly<Record<string, string | undefined>>;
  /** The payload of the page shown. */
  payload(): Payload;
  /** The absolute page address. */
  url(): string;
  referrer(): string;
  /** `document.cookie`. */
  cookieHeader(): string;
  /** The bot check's answer: a bot kind, or null for a person or before it answered. */
  bot(): string | null;
  userAgent: string;
  ipLookup(): IpLookupContext | null;
  /** Hands the body to the transport. */
  send(body: AnyTrackBody): void;
  /** The window holding the tag manager's data layer. */
  dataLayer: DataLayerWindow;
  now?: () => Date;
  newId?: () => string;
}

/** Records events. */
export interface Tracker {
  /**
   * Records `event` with its props; returns the body that was queued. With `moment` (an event the
   * tracking queue held while this chunk loaded) its time, session, page, address and referrer are
   * those of that moment instead of now.
   */
  track<E extends EventName>(event: E, props: EventProps[E], moment?: EventMoment): AnyTrackBody;
  /** The body {@link Tracker.track} would queue, without queueing it: for an event that waits for a fact to complete it (a call's duration). */
  build<E extends EventName>(event: E, props: EventProps[E], moment?: EventMoment): TrackBody<E>;
  /** Queues a built body for the server and pushes its flat twin to the data layer. */
  emit(body: AnyTrackBody): void;
}

/** A tracker over `options`. Every event touches the session (spec §4: each tracked event updates its last activity). */
export function createTracker(options: TrackerOptions): Tracker {
  const { brand, newId = randomId, now = () => new Date() } = options;
  const emit = (body: AnyTrackBody) => {
    options.send(body);
    pushToDataLayer(options.dataLayer, toDataLayerEntry(body));
  };
  const tracker: Tracker = {
    track(event, props, moment) {
      const body = tracker.build(event, props, moment) as AnyTrackBody;
      emit(body);
      return body;
    },
    emit,
    build(event, props, moment) {
      const at = moment?.at ?? now();
      const sessionParams = options.sessionParams();
      const payload = moment?.payload ?? options.payload();
      const page = eventPageContext(payload);
      const context = buildEventContext({
        eventId: newId(),
        now: at,
        brand: { id: brand.id, name: brand.name },
        anonymousId: options.anonymousId,
        sessionId: moment?.sessionId ?? options.touchSession(at.getTime()),
        sessionParams,
        page,
        // The phone rule the server applied to this page, else just the visit's afid.
        phoneRule: eventPhoneRule(payload.phoneRule, sessionParams.afid),
        url: moment?.url ?? options.url(),
        referrer: moment?.referrer ?? options.referrer(),
        cookies: readAnalyticsCookies(options.cookieHeader(), brand.measurementId),
        bot: options.bot(),
        userAgent: options.userAgent,
        ipLookup: options.ipLookup(),
      });
      // Page views also carry their composed name; the cast only widens to the props of the same event.
      const sent = (
        event === EVENT_NAMES.pageView ? ({ ...props, pageName: pageViewName(page.name, page.template, (props as PageViewProps).stepName) } satisfies PageViewBodyProps) : props
      ) as EventProps[typeof event];
      return buildTrackBody(context, event, sent);
    },
  };
  return tracker;
}
