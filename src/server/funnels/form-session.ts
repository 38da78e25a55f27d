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

/**
 * The steps of funnel `funnelId` this visitor has submitted (by name), as the form cookie records
 * them; none without a cookie. What a later step's post is checked against: a lead is only taken
 * from a visitor who walked the funnel to it.
 */
export function walkedSteps(request: FastifyRequest, funnelId: string): readonly string[] {
  const walked: unknown = request.formSession?.get('walked');
  const steps = typeof walked === 'object' && walked !== null ? (walked as Record<string, unknown>)[funnelId] : undefined;
  return Array.isArray(steps) ? steps.filter((step): step is string => typeof step === 'string') : [];
}

/** Records in the form cookie that this visitor submitted step `stepName` of funnel `funnelId`. */
export function recordWalkedStep(request: FastifyRequest, funnelId: string, stepName: string): void {
  const walked: unknown = request.formSession.get('walked');
  const all = typeof walked === 'object' && walked !== null ? { ...(walked as Record<string, unknown>) } : {};
  const steps = walkedSteps(request, funnelId);
  all[funnelId] = steps.includes(stepName) ? steps : [...steps, stepName];
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
