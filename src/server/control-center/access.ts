/**
 * Who may use the control center: on the ccc brand every
 * page, page payload and API needs a signed-in, enabled account, and no state-changing request
 * may come from another site.
 *
 * - Signed out: a page answers 303 to `/sign-in?next=…` (the page asked for, a local path only);
 *   a page payload (`…/_payload.json`) or an API answers 401 JSON. Open to everyone: the sign-in
 *   page (and its payload), `/api/_auth/session` and `/api/_auth/session/code` (the second
 *   factor's step), where signing in happens.
 * - Cross-site requests (CSRF): a POST, PUT, PATCH or DELETE whose `Origin` is another origin, or
 *   whose `Sec-Fetch-Site` says cross-site or same-site, is refused with 403 before its body is
 *   read, sign-in and sign-out included. Browsers send one of the two on every such request;
 *   scripts (curl, the CLI) send neither and cannot carry a victim's cookie, so they pass. The
 *   session cookie is also SameSite=Lax.
 *
 * Registered after the brand lookup and the session cookie; host-independent paths (assets,
 * health) never reach it with a brand.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_SESSION_PATH } from '../../core/contract/auth-session.ts';
import { CC_PAGE_PREVIEW_PASS } from '../../core/contract/cc-pages.ts';
import { API_PREFIX } from '../../core/contract/endpoint.ts';
import { EVENT_CREATE_PATH } from '../../core/contract/events.ts';
import { IP_LOOKUP_PATH } from '../../core/contract/ip-lookup.ts';
import { USER_SET_PATH } from '../../core/contract/user-state.ts';
import { PAYLOAD_SUFFIX } from '../../core/contract/page-payload.ts';
import { CONTROL_CENTER_BRAND, SIGN_IN_PATH, signInHref } from '../../core/control-center/paths.ts';
import { AUTH_SESSION_CODE_PATH } from '../../core/contract/paths.ts';
import { currentSession, requireSignedIn, SIGN_IN_REQUIRED } from '../auth/auth-session.ts';
import { isCrossSite } from '../platform/http/cross-site.ts';

/** Methods that change nothing, which a cross-site page may cause (links, images) without harm. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths a signed-out person may reach on the control center: the sign-in page and session, and
 * what the sign-in page's own runtime calls as on any site (events, user state, IP lookup), which
 * hold nothing of the control center's; and a preview link's hop, which sends a signed-out
 * browser to the live page (preview-routes.ts).
 */
const OPEN_PATHS = new Set([SIGN_IN_PATH, `${SIGN_IN_PATH}${PAYLOAD_SUFFIX}`, AUTH_SESSION_PATH, AUTH_SESSION_CODE_PATH, EVENT_CREATE_PATH, USER_SET_PATH, IP_LOOKUP_PATH, CC_PAGE_PREVIEW_PASS.path]);

/** The request's path without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The control center's cross-site refusal alone (403 for a state-changing request another site
 * started), as an `onRequest` hook. {@link controlCenterAccessPlugin} runs it first; the event
 * intake, registered apart from the session cookie (plugins/events.ts), runs it alone, since
 * its path is open to signed-out visitors anyway.
 */
export async function refuseCrossSiteControlCenterWrites(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.brand?.id !== CONTROL_CENTER_BRAND || SAFE_METHODS.has(request.method) || !isCrossSite(request)) return undefined;
  request.log.warn({ method: request.method }, 'control center: cross-site request refused');
  return reply.code(403).send({ error: 'Cross-site request refused', problems: ['the control center takes changes only from its own pages (Origin or Sec-Fetch-Site named another site)'] });
}

async function guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.brand?.id !== CONTROL_CENTER_BRAND) return undefined;
  const refused = await refuseCrossSiteControlCenterWrites(request, reply);
  if (refused) return refused;
  const path = pathOf(request.url);
  if (OPEN_PATHS.has(path)) return undefined;
  if ((await currentSession(request)) !== undefined) return undefined;
  reply.header('cache-control', 'no-store');
  if (path.startsWith(API_PREFIX) || path.endsWith(PAYLOAD_SUFFIX)) return reply.code(401).send(SIGN_IN_REQUIRED);
  return reply.code(303).header('location', signInHref(request.url)).send();
}

/** Answers as if nothing were here (404) unless the request is for the control center. */
async function onControlCenterHost(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.brand?.id === CONTROL_CENTER_BRAND) return undefined;
  reply.callNotFound();
  return reply;
}

/**
 * What each restricted access of a contract endpoint (core/contract/endpoint.ts EndpointAccess)
 * stands for, run first on its route (platform/http/endpoint-route.ts): a control-center
 * endpoint exists on the control center's host only; a staff endpoint also needs a signed-in,
 * enabled account, 401 otherwise.
 */
export const CONTROL_CENTER_ENDPOINT_ACCESS = Object.freeze({
  'control-center': [onControlCenterHost],
  staff: [onControlCenterHost, requireSignedIn],
});

/**
 * Adds the control center's access check to every request of the ccc brand, and provides the
 * checks of control-center and staff endpoints (`endpointAccessChecks`).
 */
export const controlCenterAccessPlugin = fp(async function controlCenterAccessPlugin(app: FastifyInstance) {
  app.addHook('onRequest', guard);
  app.decorate('endpointAccessChecks', CONTROL_CENTER_ENDPOINT_ACCESS);
});
