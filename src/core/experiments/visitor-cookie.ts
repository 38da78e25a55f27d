/**
 * The cookie that tells the server a visitor's anonymous id, so that the server can render
 * the assigned variant in the first HTML. The browser keeps its anonymous id in localStorage
 * (client/visitor/identity.ts), which the server never sees; so the server issues this cookie on
 * a first visit to a page with a running experiment (a random UUID), the browser adopts it as its
 * anonymous id when it has none yet, and writes its own id back into it otherwise. Readable by
 * script on purpose (not HttpOnly): the browser is the other owner of the id. It holds no
 * personal data. Its name is core/http/cookie-names.ts `visitorId` (`__Host-` in production, and in
 * the browser on a page served over HTTPS).
 */

/** The cookie's name outside production; `__Host-` goes before it in production (core/http/host-cookie.ts). */
export const VISITOR_ID_COOKIE = 'cobrand_aid';

/** 400 days: the longest a browser keeps a cookie; the localStorage id lives as long. */
export const VISITOR_ID_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** True for an id the cookie may carry: a UUID as the browser and the server make them. */
export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
