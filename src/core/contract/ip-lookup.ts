/**
 * The IP lookup (spec §7 "IP lookup refresh" `GET /api/ip-lookup`): where the visitor's address
 * is. Loopback and private addresses answer every part null.
 */
import * as z from 'zod';
import { ISO_DATETIME_PATTERN } from '../check/formats.ts';
import { defineEndpoint } from './endpoint.ts';
import { IP_LOOKUP_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { IP_LOOKUP_PATH } from './paths.ts';

/**
 * The query: outside production `?ip=` looks up another address instead, for tests (in
 * production it is ignored). The server also checks it is an IPv4 or IPv6 address.
 */
export const IpLookupQuerySchema = z.object({ ip: z.string().optional() });

/** The answer; each unknown part is null. */
export const IpLookupResponseSchema = z.object({
  city: z.string().nullable(),
  /** USPS code of the US state or territory, e.g. 'CA'; null outside the US. */
  stateCode: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The address looked up. */
  value: z.string(),
  /** The organisation of the autonomous system announcing the address. */
  isp: z.string().nullable(),
  /** When the browser should look again, ISO 8601. */
  expiresAt: z.string().regex(ISO_DATETIME_PATTERN, 'must be an ISO 8601 date and time'),
});

/** An IP lookup answer. */
export type IpLookupResponse = z.output<typeof IpLookupResponseSchema>;

export const IP_LOOKUP = defineEndpoint({
  name: 'ip-lookup',
  method: 'GET',
  path: IP_LOOKUP_PATH,
  request: IpLookupQuerySchema,
  response: IpLookupResponseSchema,
  access: 'public',
  limitGroup: 'session',
  invalid: 'Invalid query',
});
