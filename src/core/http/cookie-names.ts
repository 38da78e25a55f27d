/**
 * The one list of the cookies cobrand sets, and the name each goes by in a mode.
 *
 * In production every cookie is named with the `__Host-` prefix (RFC 6265bis §4.1.3.2): a browser
 * keeps such a cookie only when it is Secure, has Path=/ and no Domain, and came over HTTPS, so no
 * sibling subdomain, no plain-HTTP answer and no other path can plant or overwrite it. Outside
 * production (plain HTTP on localhost) browsers refuse `__Host-` cookies, so the plain names stay.
 * A server or page reads only its mode's name: a plain-named cookie sent to a production server
 * is ignored, like any cookie it never set.
 */

import { VISITOR_ID_COOKIE } from '../experiments/visitor-cookie.ts';
import { hostCookieName } from './host-cookie.ts';


/** Every cookie cobrand sets, by what it is for, with its plain (non-production) name. */
export const COOKIE_BASE_NAMES = Object.freeze({
  /** The control-center sign-in session's id (encrypted). */
  session: 'cobrand_session',
  /** The sign-in throttle's known-device mark (encrypted). */
  device: 'cobrand_device',
  /** A no-JavaScript visitor's form values and walked steps (encrypted). */
  form: 'cobrand_form',
  /** A no-JavaScript visitor's anonymous id. */
  noJsVisitor: 'cobrand_nojs_visitor',
  /** A no-JavaScript visitor's session id. */
  noJsSession: 'cobrand_nojs_session',
  /** The outcome of a no-JavaScript lead, for its end screen. */
  leadOutcome: 'cobrand_lead',
  /** The anonymous id experiments bucket by (also written by the browser). */
  visitorId: VISITOR_ID_COOKIE,
  /** A recorded privacy opt-out. */
  privacy: 'cobrand_privacy',
  /** A staff preview of a draft page on a brand host (sealed). */
  preview: 'cobrand_preview',
  /** The affiliate id of the visit's attribution. */
  afid: 'cobrand_afid',
});

/** What a cookie is for: a key of {@link COOKIE_BASE_NAMES}. */
export type CookieKind = keyof typeof COOKIE_BASE_NAMES;

/** The name of every cookie in one mode. */
export type CookieNames = Readonly<Record<CookieKind, string>>;

/**
 * The cookie names of a mode: `__Host-`-prefixed when `hostPrefixed` (production; in the browser,
 * a page served over HTTPS), the plain names otherwise.
 * @example
 * cookieNames(true).session; // '__Host-cobrand_session'
 * cookieNames(false).session; // 'cobrand_session'
 */
export function cookieNames(hostPrefixed: boolean): CookieNames {
  return Object.freeze(Object.fromEntries(Object.entries(COOKIE_BASE_NAMES).map(([kind, name]) => [kind, hostCookieName(name, hostPrefixed)])) as Record<CookieKind, string>);
}
