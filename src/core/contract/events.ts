/**
 * The event intake (spec §7 `POST /api/event/create`): one tracked event or a batch of them.
 * The body's schemas live with the tracking rules (core/tracking/event-body.ts); the server
 * validates with parseEventRequest, which reads problems better than a bare union would.
 */
import * as z from 'zod';
import { EventBatchSchema, TrackEventBodySchema } from '../tracking/event-body.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';
import { EVENT_CREATE_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { EVENT_CREATE_PATH } from './paths.ts';

/** One event, or a batch of 1 to 50. */
export const EventCreateRequestSchema = z.union([TrackEventBodySchema, EventBatchSchema]);

/** The 2xx answer (201 when any event was new, 200 when all were repeats of stored ids). */
export const EventCreateResponseSchema = z.object({
  stored: z.int().min(0),
  duplicates: z.int().min(0),
});

/** How many events were new and how many were repeats. */
export type EventCreateResponse = z.output<typeof EventCreateResponseSchema>;

export const EVENT_CREATE = defineEndpoint({
  name: 'event-create',
  method: 'POST',
  path: EVENT_CREATE_PATH,
  request: EventCreateRequestSchema,
  response: EventCreateResponseSchema,
  bodyLimit: BODY_LIMITS.events,
  access: 'public',
  limitGroup: 'events',
  invalid: 'Invalid event',
});
