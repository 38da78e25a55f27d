/**
 * The HTTP contract (DESIGN.md "The HTTP contract"): every endpoint the browser, the server and
 * the CLI speak, as data. Each area's module holds its paths and schemas; this list is what
 * test/unit/http-contract.test.ts holds the server's registered /api/ routes to, both ways.
 *
 * Browser code imports the area module it needs (e.g. `contract/events.ts`), not this index, so
 * its bundle carries only the schemas it uses.
 */
import { ADS } from './ads.ts';
import { AUTH_SESSION_DELETE, AUTH_SESSION_GET, AUTH_SESSION_SIGN_IN } from './auth-session.ts';
import { API_PREFIX, type Endpoint } from './endpoint.ts';
import { EVENT_CREATE } from './events.ts';
import { IP_LOOKUP } from './ip-lookup.ts';
import { LEAD_CAPTURE } from './leads.ts';
import { DEMAND_CHECK, GET_PHONE } from './marketplace.ts';
import { BUILD_META, LATEST_BUILD, PAGE_PAYLOAD } from './page-payload.ts';
import { USER_SET } from './user-state.ts';

export * from './ads.ts';
export * from './auth-session.ts';
export * from './body-limits.ts';
export * from './endpoint.ts';
export * from './events.ts';
export * from './ip-lookup.ts';
export * from './leads.ts';
export * from './marketplace.ts';
export * from './page-payload.ts';
export * from './user-state.ts';

/** Every endpoint, in the order the server registers them. */
export const ENDPOINTS: readonly Endpoint[] = Object.freeze([
  AUTH_SESSION_GET,
  AUTH_SESSION_DELETE,
  AUTH_SESSION_SIGN_IN,
  EVENT_CREATE,
  USER_SET,
  LEAD_CAPTURE,
  IP_LOOKUP,
  DEMAND_CHECK,
  GET_PHONE,
  ADS,
  PAGE_PAYLOAD,
  LATEST_BUILD,
  BUILD_META,
]);

/** The JSON API: the endpoints under {@link API_PREFIX}, each a route of the server. */
export const API_ENDPOINTS: readonly Endpoint[] = Object.freeze(ENDPOINTS.filter((endpoint) => endpoint.path.startsWith(API_PREFIX)));
