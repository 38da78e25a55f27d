/**
 * The tracking event context sent with every event (spec §3 "Tracking event context") and the
 * POST /api/event/create body built from it (spec §7). Inputs are plain values, not `window`,
 * so the client and tests build the same context the same way.
 */
import type { Temporal } from '@js-temporal/polyfill';
import type { BrandId } from '../../../brands/ids.ts';
import { isPaidTraffic } from '../paid.ts';
import type { EventPhoneRule } from '../phone-rules/match.ts';
import { pickTrackedUrlParams, type TrackedUrlParams } from '../url-params.ts';
import type { AnalyticsCookies } from './analytics-cookies.ts';
import type { EventName, EventProps } from './event-props.ts';

export { readAnalyticsCookies, type AnalyticsCookies } from './analytics-cookies.ts';
export { EVENT_NAMES, type EventName, type EventProps } from './event-props.ts';
export { eventPhoneRule, type EventPhoneRule } from '../phone-rules/match.ts';

/** A page's language (spec §2: english by default). */
export type PageLanguage = 'english' | 'spanish';

/** The page fields of the context (spec §3): route metadata and page configuration. */
export interface EventPageContext {
  /** The route name. */
  name: string;
  /** The brand's campaign code on this route, null when it has none. */
  smid: string | null;
  /** The brand's alternate campaign code on this route, null when it has none. */
  xsmid: string | null;
  title: string | null;
  product: string | null;
  benefits: readonly string[];
  planTypes: readonly string[];
  language: PageLanguage;
  template: string | null;
}

/** The page address of an event (spec §7 "url object with full, path, query, and referrer"). */
export interface EventUrl {
  /** The whole address, normalised by URL parsing. */
  full: string;
  /** The path, e.g. '/quiz/otc/zip'. */
  path: string;
  /** The query string with its leading '?', '' when there is none (like `location.search`). */
  query: string;
  /** `document.referrer`: '' when there is none. */
  referrer: string;
}

/** The visitor's IP lookup (spec §3); a field is null when the lookup did not find it. */
export interface IpLookupContext {
  city: string | null;
  stateCode: string | null;
  postalCode: string | null;
  /** The visitor's IP address. */
  value: string | null;
  isp: string | null;
}

/** The fields sent with every tracked event (spec §3 "Tracking event context"). */
export interface EventContext {
  /** Unique per event, so the server can drop a retried duplicate. */
  eventId: string;
  /** When the event happened, ISO 8601 in UTC with milliseconds. */
  time: string;
  brand: { id: BrandId; name: string };
  /** The anonymous visitor id. */
  userId: string;
  sessionId: string;
  paid: boolean;
  urlParams: TrackedUrlParams;
  page: EventPageContext;
  /** The visit's afid and the phone rule that applied: its id and number, null when none did. */
  phoneRule: EventPhoneRule;
  url: EventUrl;
  cookies: AnalyticsCookies;
  /** The detected bot kind, null for a person or when the check has not answered. */
  bot: string | null;
  userAgent: string;
  ipLookup: IpLookupContext | null;
}

/** The keys of {@link EventContext}, so a flat view can tell context fields from event props. */
export const EVENT_CONTEXT_KEYS = [
  'eventId',
  'time',
  'brand',
  'userId',
  'sessionId',
  'paid',
  'urlParams',
  'page',
  'phoneRule',
  'url',
  'cookies',
  'bot',
  'userAgent',
  'ipLookup',
] as const satisfies readonly (keyof EventContext)[];

/** What {@link buildEventContext} needs, all as plain values. */
export interface EventContextInput {
  /** A fresh unique id, e.g. `crypto.randomUUID()`. */
  eventId: string;
  now: Date | Temporal.Instant;
  brand: { id: BrandId; name: string };
  anonymousId: string;
  sessionId: string;
  /** The session's kept URL parameters (click ids, campaign and tracked parameters). */
  sessionParams: Readonly<Record<string, string | undefined>>;
  page: EventPageContext;
  /** The visit's afid and the phone rule in force ({@link eventPhoneRule} builds it from the page payload). */
  phoneRule: EventPhoneRule;
  /** The absolute page address, e.g. `location.href`. */
  url: string;
  referrer: string;
  cookies: AnalyticsCookies;
  bot: string | null;
  userAgent: string;
  ipLookup: IpLookupContext | null;
}

/**
 * Builds the context of one event. The paid flag is computed from all session parameters
 * (rule a needs click ids that are not tracked parameters); only the tracked URL parameters are
 * copied into `urlParams`. Throws a TypeError when `url` is not absolute, or a RangeError for an
 * invalid Date, rather than sending an event with a made-up address or time.
 */
export function buildEventContext(input: EventContextInput): EventContext {
  const url = parseAbsoluteUrl(input.url);
  return {
    eventId: input.eventId,
    time: toIsoTime(input.now),
    brand: { id: input.brand.id, name: input.brand.name },
    userId: input.anonymousId,
    sessionId: input.sessionId,
    paid: isPaidTraffic(input.sessionParams),
    urlParams: pickTrackedUrlParams(input.sessionParams),
    page: { ...input.page },
    phoneRule: { ...input.phoneRule },
    url: { full: url.href, path: url.pathname, query: url.search, referrer: input.referrer },
    cookies: { ...input.cookies },
    bot: input.bot,
    userAgent: input.userAgent,
    ipLookup: input.ipLookup === null ? null : { ...input.ipLookup },
  };
}

/** The POST /api/event/create body of one event (spec §7), typed by its event name. */
export interface TrackBody<E extends EventName = EventName> {
  type: 'track';
  event: E;
  /** Same as the context's `time`. */
  timestamp: string;
  sessionId: string;
  /** Same as the context's `userId`. */
  anonymousId: string;
  properties: EventContext & EventProps[E];
}

/** A track body of any event, told apart by `event`. */
export type AnyTrackBody = { [E in EventName]: TrackBody<E> }[EventName];

/**
 * Builds the body of POST /api/event/create (spec §7): context fields, then event props, then
 * the url object again, so no event prop can replace the page address.
 */
export function buildTrackBody<E extends EventName>(context: EventContext, event: E, props: EventProps[E]): TrackBody<E> {
  return {
    type: 'track',
    event,
    timestamp: context.time,
    sessionId: context.sessionId,
    anonymousId: context.userId,
    properties: { ...context, ...props, url: context.url },
  };
}

function parseAbsoluteUrl(href: string): URL {
  try {
    return new URL(href);
  } catch {
    throw new TypeError(`buildEventContext: url is not an absolute URL: ${JSON.stringify(href)}`);
  }
}

function toIsoTime(now: Date | Temporal.Instant): string {
  const ms = now instanceof Date ? now.getTime() : now.epochMilliseconds;
  if (Number.isNaN(ms)) throw new RangeError('buildEventContext: now is an invalid Date');
  return new Date(ms).toISOString();
}
