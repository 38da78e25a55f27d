/**
 * The security headers of a JSON API answer that no browser shows as a page: the event
 * intake's. A page's policy (a fresh CSP nonce, script and frame sources per
 * brand, Permissions-Policy) governs a document; an answer to `fetch` or `sendBeacon` is never
 * one, so building that policy per request bought nothing there (about 9% of the event route's
 * CPU with the nonce). What such an answer still needs is fixed at start-up: nosniff (the JSON is
 * never read as script or HTML), a policy that runs and frames nothing should it be opened as a
 * document, the cross-origin isolation headers, the referrer policy, and HSTS in production.
 *
 * A route opts in with {@link apiAnswerConfig} as its `config`; security.ts then sets these
 * instead of the page headers.
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'api'`: the answer is JSON for scripts only and gets {@link apiAnswerHeaders}, not a page's policy. */
    securityHeaders?: 'api';
  }
}

/** The route `config` of a JSON API route whose answers are never shown as a page (a fresh object: plugins add to a route's config). */
export function apiAnswerConfig(): { securityHeaders: 'api' } {
  return { securityHeaders: 'api' };
}

/** The CSP of an API answer: nothing loads, runs or frames it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** True when `request`'s route declared {@link apiAnswerConfig}. */
export function isApiAnswer(request: FastifyRequest): boolean {
  return request.routeOptions.config.securityHeaders === 'api';
}

/**
 * Every header of an API answer, as [name, value] pairs; computed once per app. HSTS with
 * `hstsMaxAgeSeconds` when given (production: security.ts passes its page policy's max age, so
 * both kinds of answer pin HTTPS for as long), none when undefined.
 */
export function apiAnswerHeaders(hstsMaxAgeSeconds: number | undefined): ReadonlyArray<readonly [string, string]> {
  return Object.freeze([
    ['content-security-policy', API_CONTENT_SECURITY_POLICY],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(hstsMaxAgeSeconds !== undefined ? ([['strict-transport-security', `max-age=${hstsMaxAgeSeconds}; includeSubDomains`]] as const) : []),
  ] as const);
}
