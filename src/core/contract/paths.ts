/**
 * The visitor-facing paths of the contract and the functions that make them, without zod (the
 * browser imports these, never the schemas, so visitor pages carry no zod). Each area's module
 * (page-payload.ts, events.ts, …) re-exports its paths and declares its endpoints with them, so
 * every path is still spelled once, under src/core/contract.
 */

/** Appended to a page's path to name its JSON twin. */
export const PAYLOAD_SUFFIX = '/_payload.json';

/** Where the latest build id is published. */
export const LATEST_BUILD_PATH = '/builds/latest.json';

/** Where build manifests are published, one per build id. */
export const BUILD_META_DIRECTORY = '/builds/meta/';

/**
 * The JSON twin of a page: `/quiz/otc?x=1` gives `/quiz/otc/_payload.json?x=1`, `/` gives
 * `/_payload.json` (a trailing slash is dropped). The query string travels along: route guards
 * and working hours (utm_medium) read it, as they do for the HTML page.
 */
export function payloadPath(pathAndSearch: string): string {
  const queryAt = pathAndSearch.indexOf('?');
  const path = (queryAt === -1 ? pathAndSearch : pathAndSearch.slice(0, queryAt)) || '/';
  const search = queryAt === -1 ? '' : pathAndSearch.slice(queryAt + 1);
  return `${path === '/' ? '' : path.replace(/\/$/, '')}${PAYLOAD_SUFFIX}${search ? `?${search}` : ''}`;
}

/** The page a payload path is the twin of (`/quiz/otc/_payload.json` gives `/quiz/otc`), or undefined for any other path. Takes a path without its query. */
export function payloadPagePath(path: string): string | undefined {
  if (!path.endsWith(PAYLOAD_SUFFIX)) return undefined;
  return path.slice(0, -PAYLOAD_SUFFIX.length) || '/';
}

/** The manifest of build `buildId`. */
export function buildMetaPath(buildId: string): string {
  return `${BUILD_META_DIRECTORY}${encodeURIComponent(buildId)}.json`;
}

/** GET, DELETE and POST: the session routes. */
export const AUTH_SESSION_PATH = '/api/_auth/session';

/** POST: the second step of a sign-in, an authenticator app's code (or a recovery code) after the right password. */
export const AUTH_SESSION_CODE_PATH = '/api/_auth/session/code';

/** GET: look up the request's address. */
export const IP_LOOKUP_PATH = '/api/ip-lookup';

/** POST: store tracked events. `text/plain` bodies are read as JSON too (navigator.sendBeacon). */
export const EVENT_CREATE_PATH = '/api/event/create';

/** POST: replace the stored state of one anonymous id. Answers 204. */
export const USER_SET_PATH = '/api/user/set';

/** POST: record a submitted funnel question step in the visitor's form cookie. Answers 204. */
export const FUNNEL_STEP_PATH = '/api/funnel/step';

/** POST: capture a lead. Idempotent by the client-generated lead id. */
export const LEADS_PATH = '/api/leads';

/** POST: how much a call from this visitor is worth. */
export const DEMAND_CHECK_PATH = '/api/mediaalpha/demand-check';

/** POST: lease a phone number for this visitor. */
export const GET_PHONE_PATH = '/api/mediaalpha/get-phone';

/** POST: the marketplace's ads for this visitor. */
export const ADS_PATH = '/api/mediaalpha/ads';

/** POST: opt out of the sale and sharing of personal information on this site. */
export const PRIVACY_OPT_OUT_PATH = '/api/privacy/opt-out';
