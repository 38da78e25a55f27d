/**
 * The properties an event may keep once stored: the context every event carries (spec §3
 * "Tracking event context") and the props its name carries (event-props.ts). The lists are
 * checked by the compiler against those types, so a prop added to an event's type must be named
 * here too, and a name here that no type has does not compile.
 *
 * The server keeps only these (server/events/events-route.ts): a property nobody named is not a
 * fact the product reports on, and it is where a careless or hostile client would put an email
 * or a phone number. The browser never imports this file, so the lists cost its bundle nothing.
 */
import type { TrackedUrlParam } from '../url-params.ts';
import { TRACKED_URL_PARAMS } from '../url-params.ts';
import type { AnalyticsCookies } from './analytics-cookies.ts';
import type { EventContext, EventPageContext, EventUrl, IpLookupContext } from './context.ts';
import type { EventPhoneRule } from '../phone-rules/match.ts';
import { isEventName, type EventName, type EventProps } from './event-props.ts';

/**
 * What is kept of one property: `true` keeps its value whole (free-form by design: a step's
 * answers, already redacted; an ad; a raw marketplace answer), an object keeps only the keys it
 * names when the value is an object (and the value as it is otherwise, e.g. a null IP lookup).
 */
export type PropertyShape = true | { readonly [key: string]: PropertyShape };

/** Every key of every member of a union: elementClicked's link and button props together. */
type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/** A shape naming exactly the keys of `T`: one missing or one extra is a type error. */
type ShapeOf<T> = { readonly [K in KeysOfUnion<T> & string]-?: PropertyShape };

const keepAll = <K extends string>(keys: readonly K[]): Record<K, true> => Object.fromEntries(keys.map((key) => [key, true])) as Record<K, true>;

const PAGE: ShapeOf<EventPageContext> = {
  name: true,
  smid: true,
  xsmid: true,
  title: true,
  product: true,
  benefits: true,
  planTypes: true,
  language: true,
  template: true,
};
const URL_PARTS: ShapeOf<EventUrl> = { full: true, path: true, query: true, referrer: true };
const IP_LOOKUP: ShapeOf<IpLookupContext> = { city: true, stateCode: true, postalCode: true, value: true, isp: true };
const PHONE_RULE: ShapeOf<EventPhoneRule> = { afid: true, ruleId: true, number: true };
const COOKIES: ShapeOf<AnalyticsCookies> = { fbp: true, ga: true, gaSession: true };
const URL_PARAMS: Record<TrackedUrlParam, true> = keepAll(TRACKED_URL_PARAMS);

/** The context every event carries, nested parts by their own named keys. */
export const CONTEXT_PROPERTIES: ShapeOf<EventContext> = {
  eventId: true,
  time: true,
  brand: { id: true, name: true },
  userId: true,
  sessionId: true,
  paid: true,
  urlParams: URL_PARAMS,
  page: PAGE,
  phoneRule: PHONE_RULE,
  url: URL_PARTS,
  cookies: COOKIES,
  bot: true,
  userAgent: true,
  ipLookup: IP_LOOKUP,
};

/** The props of each event besides the context: the contract's list, one per event name. */
export const EVENT_PROPERTIES: { readonly [E in EventName]: ShapeOf<EventProps[E]> } = {
  pageView: { stepName: true, stepNumber: true, stepIsFallback: true, pageName: true },
  formStepSubmitted: { formVersion: true, stepName: true, stepNumber: true, data: true },
  elementClicked: { tagName: true, innerText: true, href: true, target: true, type: true, closestBlockId: true },
  call: { didNumber: true, ctcLocation: true, callDurationMs: true },
  learnMoreClicked: { source: true, destination: true, button: true },
  adClicked: { provider: true, adCount: true, ads: true, ad: true, dataset: true },
  adImpression: { provider: true, adCount: true, ads: true, ad: true },
  lowBidResult: { isLowBid: true, maResponse: true },
  experimentEntered: { name: true, variant: true },
  anonLink: { oldUserId: true },
};

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What {@link keepNamedProperties} kept, and how many properties (at any depth) it dropped. */
export interface NamedProperties {
  properties: Record<string, unknown>;
  dropped: number;
}

function keep(value: Record<string, unknown>, shape: { readonly [key: string]: PropertyShape }, counter: { dropped: number }, extra?: { readonly [key: string]: PropertyShape }): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const childShape = hasOwn(shape, key) ? shape[key] : extra !== undefined && hasOwn(extra, key) ? extra[key] : undefined;
    if (childShape === undefined) {
      counter.dropped++;
      continue;
    }
    kept[key] = childShape === true || !isObject(child) ? child : keep(child, childShape, counter);
  }
  return kept;
}

/**
 * The properties of an `event` keeping only what the contract names: the context, and the props
 * of that event name (an event name the contract does not know keeps the context only). Unknown
 * properties are dropped rather than refused, so a newer or older page never loses its events.
 *
 * @example
 * keepNamedProperties('call', { eventId: 'e-12345678', didNumber: '8005550100', email: 'a@b.c' })
 * // → { properties: { eventId: 'e-12345678', didNumber: '8005550100' }, dropped: 1 }
 */
export function keepNamedProperties(event: string, properties: object): NamedProperties {
  const counter = { dropped: 0 };
  const props: { readonly [key: string]: PropertyShape } | undefined = isEventName(event) ? EVENT_PROPERTIES[event] : undefined;
  const kept = keep(properties as Record<string, unknown>, CONTEXT_PROPERTIES, counter, props);
  return { properties: kept, dropped: counter.dropped };
}
