/**
 * A preview link's hops on the brand host (control-center/preview-token.ts, steps 1 and 3), before
 * any page is rendered:
 *
 * - `?preview=` (the link's grant, signed and unexpired): 303 to the control center, which alone
 *   can tell whether this browser is signed in. The grant shows nothing here by itself.
 * - `?preview_pass=` (the control center's pass, bound to a live staff session): the pass becomes
 *   a cookie of this host, good for PREVIEW_TTL_SECONDS while that session lives, and 303 to the
 *   same page with `?preview=on` in its place, so the address that stays in the history and the
 *   Referer holds no pass.
 *
 * Anything invalid falls through to the page, which then shows the live version.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CC_PAGE_PREVIEW_PASS } from '../../../core/contract/cc-pages.ts';
import { API_PREFIX } from '../../../core/contract/endpoint.ts';
import { PAYLOAD_SUFFIX } from '../../../core/contract/page-payload.ts';
import { CONTROL_CENTER_BRAND } from '../../../core/control-center/paths.ts';
import { controlCenterOrigin } from '../origins.ts';
import { openPreviewPass, PREVIEW_ON, PREVIEW_PARAM, PREVIEW_PASS_PARAM, PREVIEW_TTL_SECONDS, sealPreviewPass, verifyPreviewToken } from './preview-token.ts';
import { liveSession } from '../../auth/auth-session.ts';
import { requestPath } from '../../pages/visit.ts';

/** The page's address with `?preview=on` in place of the pass (path and the rest of the query). */
function previewAddress(url: string): string {
  const parsed = new URL(url, 'http://host.invalid');
  parsed.searchParams.delete(PREVIEW_PASS_PARAM);
  parsed.searchParams.set(PREVIEW_PARAM, PREVIEW_ON);
  return parsed.pathname + parsed.search;
}

async function exchange(request: FastifyRequest, reply: FastifyReply, production: boolean): Promise<FastifyReply | undefined> {
  if (request.method !== 'GET' || !request.brand || request.brand.id === CONTROL_CENTER_BRAND || request.url.startsWith(API_PREFIX) || requestPath(request).endsWith(PAYLOAD_SUFFIX)) return undefined;
  const query = request.query as Record<string, unknown>;
  const { previewKey, previewSealKey, store } = request.server;
  const grantToken = query[PREVIEW_PARAM];
  if (typeof grantToken === 'string' && verifyPreviewToken(previewKey, grantToken)?.branch === request.brand.id) {
    const target = new URL(CC_PAGE_PREVIEW_PASS.path, controlCenterOrigin(request));
    target.searchParams.set('grant', grantToken);
    return reply.code(303).header('cache-control', 'no-store').header('location', target.href).send();
  }
  const passToken = query[PREVIEW_PASS_PARAM];
  if (typeof passToken !== 'string') return undefined;
  const pass = openPreviewPass(previewSealKey, passToken, 'pass');
  if (pass === undefined || pass.branch !== request.brand.id || (await liveSession(store, pass.sid)) === undefined) return undefined;
  // The session is checked again on every page the cookie opens, so it may outlive the pass.
  const cookieExpiry = Math.floor(Date.now() / 1000) + PREVIEW_TTL_SECONDS;
  reply.setCookie(request.server.cookieNames.preview, sealPreviewPass(previewSealKey, { ...pass, use: 'cookie', expiresAt: cookieExpiry }), {
    path: '/',
    httpOnly: true,
    // Lax: sent on this host's own requests and on the top-level navigation back from the control center.
    sameSite: 'lax',
    secure: production || request.protocol === 'https',
    maxAge: PREVIEW_TTL_SECONDS,
  });
  return reply.code(303).header('cache-control', 'no-store').header('location', previewAddress(request.url)).send();
}

/** Adds the preview hops to every GET of a brand site's page. */
export const previewExchangePlugin = fp(async function previewExchangePlugin(app: FastifyInstance, options: { production: boolean }) {
  app.addHook('preHandler', (request, reply) => exchange(request, reply, options.production));
});
