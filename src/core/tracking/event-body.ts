/**
 * The body of POST /api/event/create (spec §7): one tracked event, or a batch of them.
 */
import * as z from 'zod';
import { regexes } from 'zod/v4/core';
import { zodProblems } from '../zod-problems.ts';
import {
  EVENT_BATCH_MAX_EVENTS,
  EVENT_ID_MAX_LENGTH,
  EVENT_ID_MIN_LENGTH,
  EVENT_NAME_MAX_LENGTH,
  TRACKING_ID_MAX_LENGTH,
} from './constants.ts';

/**
 * The context's phone rule: the visit's afid and the rule that applied. Optional, and
 * a rule id or number a page of an older build did not send is stored as null, so every stored
 * event has the same shape.
 */
export const EventPhoneRuleSchema = z.object({
  afid: z.string().max(TRACKING_ID_MAX_LENGTH).nullable(),
  ruleId: z.string().max(TRACKING_ID_MAX_LENGTH).nullable().default(null),
  number: z.string().regex(/^\d{10}$/, 'not 10 digits').nullable().default(null),
});

/**
 * One tracked event. Unknown top-level keys are dropped; `properties` passes every key here
 * (the server then keeps only those the contract names for the event: named-properties.ts, so a
 * newer or older page's extra keys cost it nothing) but must carry a unique `eventId` (and a
 * well-formed `phoneRule` when it has one), which lets
 * the server ignore a retried duplicate.
 */
export const TrackEventBodySchema = z.object({
  type: z.literal('track'),
  event: z.string().min(1).max(EVENT_NAME_MAX_LENGTH),
  timestamp: z.iso.datetime({ offset: true }),
  sessionId: z.string().min(1).max(TRACKING_ID_MAX_LENGTH),
  anonymousId: z.string().min(1).max(TRACKING_ID_MAX_LENGTH),
  properties: z.looseObject({
    eventId: z.string().min(EVENT_ID_MIN_LENGTH).max(EVENT_ID_MAX_LENGTH),
    phoneRule: EventPhoneRuleSchema.optional(),
  }),
});

/** A validated tracked event, as the server stores it. */
export type TrackEventBody = z.infer<typeof TrackEventBodySchema>;

/** A batch of 1 to {@link EVENT_BATCH_MAX_EVENTS} tracked events in one request. */
export const EventBatchSchema = z.array(TrackEventBodySchema).min(1).max(EVENT_BATCH_MAX_EVENTS);

/** The ISO time `timestamp` must be: zod's own pattern for `z.iso.datetime({ offset: true })`. */
// From zod/v4/core directly: reading `z.core` would make esbuild bundle all of zod's core (and its
// locales, about 53 KiB gzip) into the visitor's first load.
const ISO_DATETIME = regexes.datetime({ offset: true });

const isText = (value: unknown, min: number, max: number): boolean => typeof value === 'string' && value.length >= min && value.length <= max;

/**
 * The same verdict as {@link TrackEventBodySchema} for a valid event, without copying it: the
 * ingest's fast path. zod's parse builds a new object (properties and all) for every
 * event, which costs an allocation per key on the hottest route and buys nothing the route uses.
 * Anything this refuses goes through zod, which then words the problems; a test holds the two
 * to the same verdict.
 */
export function isTrackEventBody(value: unknown): value is TrackEventBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const body = value as Record<string, unknown>;
  const properties = body.properties as Record<string, unknown> | null | undefined;
  return (
    body.type === 'track' &&
    isText(body.event, 1, EVENT_NAME_MAX_LENGTH) &&
    typeof body.timestamp === 'string' &&
    ISO_DATETIME.test(body.timestamp) &&
    isText(body.sessionId, 1, TRACKING_ID_MAX_LENGTH) &&
    isText(body.anonymousId, 1, TRACKING_ID_MAX_LENGTH) &&
    typeof properties === 'object' &&
    properties !== null &&
    !Array.isArray(properties) &&
    isText(properties.eventId, EVENT_ID_MIN_LENGTH, EVENT_ID_MAX_LENGTH) &&
    (properties.phoneRule === undefined || isCompletePhoneRule(properties.phoneRule))
  );
}

const isTextOrNull = (value: unknown, max: number): boolean => value === null || isText(value, 0, max);

/**
 * A phone rule {@link EventPhoneRuleSchema} would keep as it is: all three keys present and valid.
 * One without its rule id or number (an older page's) takes the zod path, which fills in the nulls.
 */
function isCompletePhoneRule(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const rule = value as Record<string, unknown>;
  return (
    isTextOrNull(rule.afid, TRACKING_ID_MAX_LENGTH) &&
    isTextOrNull(rule.ruleId, TRACKING_ID_MAX_LENGTH) &&
    (rule.number === null || (typeof rule.number === 'string' && /^\d{10}$/.test(rule.number)))
  );
}

/** The outcome of {@link parseEventRequest}: the events, or one readable line per problem. */
export type EventRequestResult = { ok: true; events: TrackEventBody[] } | { ok: false; problems: string[] };

/**
 * Validates a POST /api/event/create body: a single event object or an array of them (a batch).
 * A valid body's events are its own objects (unknown top-level keys stay but nothing reads them).
 * Problems name their path, e.g. `properties.eventId: Required` or `[2].timestamp: Invalid ISO datetime`.
 */
export function parseEventRequest(raw: unknown): EventRequestResult {
  // Fast path: a valid body is used as parsed (JSON.parse already made it a fresh object).
  if (Array.isArray(raw)) {
    if (raw.length >= 1 && raw.length <= EVENT_BATCH_MAX_EVENTS && raw.every(isTrackEventBody)) return { ok: true, events: raw };
  } else if (isTrackEventBody(raw)) {
    return { ok: true, events: [raw] };
  }
  if (Array.isArray(raw)) {
    const batch = EventBatchSchema.safeParse(raw, { error: missingIsRequired });
    return batch.success ? { ok: true, events: batch.data } : { ok: false, problems: zodProblems(batch.error) };
  }
  const single = TrackEventBodySchema.safeParse(raw, { error: missingIsRequired });
  return single.success ? { ok: true, events: [single.data] } : { ok: false, problems: zodProblems(single.error) };
}

/** Says 'Required' for a missing field, which reads better than "expected string, received undefined". */
function missingIsRequired(issue: z.core.$ZodRawIssue): string | undefined {
  const isMissing = issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value');
  return isMissing ? 'Required' : undefined;
}
