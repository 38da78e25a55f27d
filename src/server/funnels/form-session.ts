/**
 * The form cookie of a no-JavaScript visitor: the values they
 * typed (name, email, phone, ZIP…), kept between their form posts so later steps and other
 * funnels are pre-filled. Never in clear: the cookie is a second @fastify/secure-session cookie,
 * encrypted and authenticated with the session key (registered with the sign-in session in
 * plugins/auth-session.ts), so neither the visitor's browser, a proxy's log nor anyone holding
 * the cookie file can read it, and a changed cookie reads as empty.
 */
import type { Session } from '@fastify/secure-session';
import type { FastifyRequest } from 'fastify';
import { readFormBuckets, type FormBuckets } from '../../core/funnels/form-buckets.ts';

/** How long the form cookie lives after its last change: a visitor who comes back within a month is not asked again. */
export const FORM_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The request property @fastify/secure-session decodes the form cookie into. */
export const FORM_SESSION_NAME = 'formSession';

declare module 'fastify' {
  interface FastifyRequest {
    /** The decrypted form cookie (empty when absent, tampered with or older than a month). */
    formSession: Session<{ shared: unknown; walked: unknown }>;
  }
}

/**
 * The form cookie's @fastify/secure-session options, but the key (the sign-in session's).
 * @param secure true in production, else 'auto' (Secure when the request came over HTTPS)
 * @param cookieName the app's `cookieNames.form`
 */
export function formSessionOptions(secure: true | 'auto', cookieName: string) {
  return {
    sessionName: FORM_SESSION_NAME,
    cookieName,
    expiry: FORM_COOKIE_MAX_AGE_SECONDS,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: FORM_COOKIE_MAX_AGE_SECONDS },
  };
}

/** The visitor's form buckets from the form cookie; undefined without one (a tampered or expired cookie reads as none). */
export function readFormCookie(request: FastifyRequest): FormBuckets | undefined {
  const shared: unknown = request.formSession?.get('shared');
  return shared === undefined ? undefined : readFormBuckets({ shared });
}

/** The walked steps of one funnel: each step's name and when it was last submitted, in whole seconds since 1970. */
type WalkedSteps = Record<string, number>;

/** How long a submitted step counts as walked: as long as the form cookie itself would live unchanged. */
const WALK_MAX_AGE_SECONDS = FORM_COOKIE_MAX_AGE_SECONDS;

/** Seconds since 1970 of `now`: whole seconds keep each step's entry in the cookie short. */
function epochSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/** The cookie's walked steps by funnel, entries of another shape dropped (a changed cookie reads as empty anyway). */
function walkedByFunnel(request: FastifyRequest): Record<string, WalkedSteps> {
  const walked: unknown = request.formSession?.get('walked');
  if (typeof walked !== 'object' || walked === null) return {};
  const funnels: Record<string, WalkedSteps> = {};
  for (const [funnelId, steps] of Object.entries(walked as Record<string, unknown>)) {
    if (typeof steps !== 'object' || steps === null || Array.isArray(steps)) continue;
    funnels[funnelId] = Object.fromEntries(Object.entries(steps).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  }
  return funnels;
}

/**
 * The steps of funnel `funnelId` this visitor has submitted (by name) within the last month, as
 * the form cookie records them; none without a cookie. What a later step's submit and the lead
 * are checked against: a lead is only taken from a visitor who walked the funnel to it. The cookie
 * is written again on every step, so its own expiry slides; each step's time is what lets an old
 * walk lapse.
 */
export function walkedSteps(request: FastifyRequest, funnelId: string, now = new Date()): readonly string[] {
  const since = epochSeconds(now) - WALK_MAX_AGE_SECONDS;
  return Object.entries(walkedByFunnel(request)[funnelId] ?? {}).flatMap(([step, at]) => (at >= since ? [step] : []));
}

/**
 * Records in the form cookie that this visitor submitted step `stepName` of funnel `funnelId` at
 * `now` (a step submitted again keeps its latest time). Steps walked more than a month ago are
 * dropped on the way, so the cookie keeps only what can still count.
 */
export function recordWalkedStep(request: FastifyRequest, funnelId: string, stepName: string, now = new Date()): void {
  const at = epochSeconds(now);
  const since = at - WALK_MAX_AGE_SECONDS;
  const all: Record<string, WalkedSteps> = {};
  for (const [funnel, steps] of Object.entries(walkedByFunnel(request))) {
    const kept = Object.entries(steps).filter(([, time]) => time >= since);
    if (kept.length > 0) all[funnel] = Object.fromEntries(kept);
  }
  all[funnelId] = { ...all[funnelId], [stepName]: at };
  request.formSession.set('walked', all);
}

/**
 * Keeps `buckets` in the form cookie (written, encrypted, when the reply is sent). A cookie holds
 * about 4 KB, so it keeps the shared bucket only (the merged values of all forms, which is what
 * pre-fills another funnel); a full auto lead fits.
 */
export function writeFormSession(request: FastifyRequest, buckets: FormBuckets): void {
  request.formSession.set('shared', buckets.shared);
}
