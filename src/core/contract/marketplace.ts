/**
 * The ad-marketplace relay (spec §7): the browser posts the demand-check or get-phone payload to
 * our server, which adds what only it knows (API token, placement id, affiliate id), forwards it
 * upstream and answers `{ parsed, raw }`: the upstream body as received and its JSON. Payload
 * schemas live with the marketplace rules (core/marketplace/payloads.ts). Any upstream failure
 * is a 502 `{ error }`, an unconfigured upstream a 503 `{ error }`, a bad payload a 400.
 */
import * as z from 'zod';
import { DemandCheckPayloadSchema, GetPhoneRequestSchema } from '../marketplace/payload-schemas.ts';
import { LeasedPhoneSchema } from '../marketplace/phone-schema.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';
import { DEMAND_CHECK_PATH, GET_PHONE_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports them from.
export { DEMAND_CHECK_PATH, GET_PHONE_PATH } from './paths.ts';

/** A relayed answer: the upstream body exactly as received, and parsed. */
export const RelayAnswerSchema = z.object({ parsed: z.unknown(), raw: z.string() });

/** A relayed answer. */
export type RelayAnswer = z.output<typeof RelayAnswerSchema>;

/** The get-phone answer: the relayed answer plus the lease read from it, or null when it held none. */
export const GetPhoneRelayAnswerSchema = RelayAnswerSchema.extend({ leased: LeasedPhoneSchema.nullable() });

/** A get-phone answer. */
export type GetPhoneRelayAnswer = z.output<typeof GetPhoneRelayAnswerSchema>;

export const DEMAND_CHECK = defineEndpoint({
  name: 'demand-check',
  method: 'POST',
  path: DEMAND_CHECK_PATH,
  request: DemandCheckPayloadSchema,
  response: RelayAnswerSchema,
  bodyLimit: BODY_LIMITS.marketplace,
  access: 'public',
  limitGroup: 'marketplace',
  invalid: 'invalid demand-check payload',
});

export const GET_PHONE = defineEndpoint({
  name: 'get-phone',
  method: 'POST',
  path: GET_PHONE_PATH,
  request: GetPhoneRequestSchema,
  response: GetPhoneRelayAnswerSchema,
  bodyLimit: BODY_LIMITS.marketplace,
  access: 'public',
  limitGroup: 'marketplace',
  invalid: 'invalid get-phone payload',
});
