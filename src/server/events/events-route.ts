/**
 * `POST /api/event/create` (spec §7): stores tracked events, one or a batch per request.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EVENT_CREATE, type EventCreateResponse } from '../../core/contract/events.ts';
import { redactPersonalFields } from '../../core/leads/personal.ts';
import { parseEventRequest, type TrackEventBody } from '../../core/tracking/event-body.ts';
import { EVENT_NAMES, isEventName } from '../../core/tracking/event-props.ts';
import { keepNamedProperties } from '../../core/tracking/named-properties.ts';
import { routeEndpoint, type RequestCheck } from '../platform/http/endpoint-route.ts';
import { jsonBodyParser } from '../platform/http/json-body.ts';
import type { NewEvent } from '../platform/store/index.ts';
import { recordExposures } from '../experiments/exposures.ts';
import { refuseCrossSiteControlCenterWrites } from '../control-center/access.ts';
import { apiAnswerConfig } from '../platform/http/api-headers.ts';

/** What the server adds to every event of one request. */
interface ReceivedContext {
  brandId: string;
  receivedAt: string;
  ip: string;
}

/**
 * The properties to store: only those the contract names for the event (named-properties.ts), and
 * a step submission's `data` with personal values redacted. The browser sends nothing else and
 * already redacts; this keeps a stale cached client, or anyone posting by hand, from putting
 * names, email, phone, address or date of birth into the events table (they belong in leads only).
 */
function storedProperties(body: TrackEventBody, log: FastifyBaseLogger): TrackEventBody['properties'] {
  const { properties, dropped } = keepNamedProperties(body.event, body.properties);
  // The count only: an unnamed property's name and value are the sender's words, and may be personal.
  if (dropped > 0) log.debug({ event: isEventName(body.event) ? body.event : 'unknown', droppedProperties: dropped }, 'event properties the contract does not name were dropped');
  const data = properties.data;
  const kept = properties as TrackEventBody['properties'];
  if (body.event !== EVENT_NAMES.formStepSubmitted || typeof data !== 'object' || data === null || Array.isArray(data)) return kept;
  return { ...kept, data: redactPersonalFields(data as Record<string, unknown>) };
}

function toNewEvent(body: TrackEventBody, received: ReceivedContext, log: FastifyBaseLogger): NewEvent {
  return {
    id: body.properties.eventId,
    type: body.type,
    event: body.event,
    brandId: received.brandId,
    sessionId: body.sessionId,
    anonymousId: body.anonymousId,
    timestamp: body.timestamp,
    receivedAt: received.receivedAt,
    ip: received.ip,
    properties: storedProperties(body, log),
  };
}

/**
 * The event intake's check: parseEventRequest, whose fast path accepts the usual body without zod
 * (a valid event is most of the route's traffic) and whose refusals read better than the
 * contract's union would; it hands the handler the events as a list, one or a batch.
 */
const eventBodies: RequestCheck<TrackEventBody[]> = (input) => {
  const parsed = parseEventRequest(input);
  return parsed.ok ? { ok: true, value: parsed.events } : { ok: false, problems: parsed.problems };
};

/**
 * Registers the event intake. The body is one event or an array of them, as JSON; `text/plain`
 * is read as JSON too because navigator.sendBeacon can only send that without a CORS preflight.
 * The answer comes only after the store committed the events: 201 when any was new, 200 when
 * all were repeats (a retried request is safe), 400 `{ error, problems }` for anything malformed
 * or over the endpoint's body limit (EVENT_CREATE.bodyLimit, 32 KB).
 *
 * The route carries only the hooks an event answer needs, since it is most of the server's
 * requests: app.ts registers this plugin before the session cookies, the static files and the
 * page plugins, so their hooks never run here; the answer gets the API security headers
 * (api-headers.ts), not a page's nonce and policy; and, on the control center, the cross-site
 * refusal every state-changing request there gets (the rest of its access check is for
 * signed-in paths).
 */
export async function eventsPlugin(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, jsonBodyParser(app));
  app.addHook('onRequest', refuseCrossSiteControlCenterWrites);

  routeEndpoint(app, EVENT_CREATE, { check: eventBodies, config: apiAnswerConfig() }, async (request, reply) => {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
    const received: ReceivedContext = { brandId: request.brand!.id, receivedAt: new Date().toISOString(), ip: request.ip };
    const events = request.body.map((body) => toNewEvent(body, received, request.log));
    const { inserted, duplicates } = await app.store.insertEvents(events);
    // A visitor entering an experiment is counted once the event is stored.
    await recordExposures(app.store, events);
    return reply.code(inserted > 0 ? 201 : 200).send({ stored: inserted, duplicates } satisfies EventCreateResponse);
  });
}
