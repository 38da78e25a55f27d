/**
 * The ids of a visitor who uses the funnels without JavaScript, whose posts record the same
 * pageView and formStepSubmitted events server-side that a browser's script would send. Such a
 * visitor has no localStorage, so the anonymous id and the session id live in two opaque cookies
 * set on their first form post: random UUIDs, no personal data. The session cookie lasts as long as a browser
 * session is counted (30 minutes of inactivity), refreshed by every funnel request.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_INACTIVITY_MS } from '../../core/tracking/constants.ts';

// The anonymous-id cookie is cookieNames.noJsVisitor (its presence also marks a visitor known to
// post without JavaScript), the session-id cookie cookieNames.noJsSession.
/** A visitor id is kept for a year, like the browser's anonymous id in localStorage. */
const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const ID = /^[0-9a-f-]{36}$/;

/** A no-JavaScript visitor's ids. */
export interface NoJsVisitor {
  anonymousId: string;
  sessionId: string;
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The visitor's ids when the cookies say this visitor has posted without JavaScript before; else undefined. */
export function knownNoJsVisitor(request: FastifyRequest): NoJsVisitor | undefined {
  const names = request.server.cookieNames;
  const anonymousId = cookieValue(request.headers.cookie, names.noJsVisitor);
  if (!anonymousId || !ID.test(anonymousId)) return undefined;
  const session = cookieValue(request.headers.cookie, names.noJsSession);
  return { anonymousId, sessionId: session && ID.test(session) ? session : randomUUID() };
}

/**
 * The Secure attribute of a no-JavaScript cookie: always in production (whatever a proxy says about
 * the protocol), elsewhere when the request came over HTTPS.
 */
export function secureAttribute(request: FastifyRequest, production: boolean): string {
  return production || request.protocol === 'https' ? '; Secure' : '';
}

/**
 * The visitor's ids (`known`, from {@link knownNoJsVisitor}), created when missing, with both
 * cookies (re)set on `reply` so the session stays alive; `secure`: the cookies carry Secure.
 */
export function noJsVisitor(reply: FastifyReply, known: NoJsVisitor | undefined, secure: boolean): NoJsVisitor {
  const visitor = known ?? { anonymousId: randomUUID(), sessionId: randomUUID() };
  const names = reply.server.cookieNames;
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
  reply.header('set-cookie', [
    `${names.noJsVisitor}=${visitor.anonymousId}; Max-Age=${VISITOR_MAX_AGE_SECONDS}; ${attributes}`,
    `${names.noJsSession}=${visitor.sessionId}; Max-Age=${Math.round(SESSION_INACTIVITY_MS / 1000)}; ${attributes}`,
  ]);
  return visitor;
}
