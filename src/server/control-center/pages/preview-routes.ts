/**
 * The control center's hop of a preview link (preview-token.ts, step 2): the brand page sent the
 * browser here with the link's grant, and this host is the one that sees the browser's staff
 * session. Signed in: back to the brand page with a pass bound to that session. Signed out: back
 * to the live page, so a link in other hands shows nothing of the draft. Registered apart from
 * the API's areas because it answers signed-out browsers too (access.ts lets it through).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CC_PAGE_PREVIEW_PASS } from '../../../core/contract/cc-pages.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint } from '../../platform/http/endpoint-route.ts';
import { currentSession } from '../../auth/auth-session.ts';
import { siteBrand } from '../branch-directory.ts';
import { editableRoutes } from './editable-pages.ts';
import { brandOrigin } from '../origins.ts';
import { previewPath } from './pages-routes.ts';
import { PREVIEW_PASS_PARAM, PREVIEW_PASS_TTL_SECONDS, sealPreviewPass, verifyPreviewToken } from './preview-token.ts';

/** Whatever the hop answers is about one browser's session: never cached (set before the query is judged, so a 400 has it too). */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/** Registers `GET /api/cc/preview` (declared for the control center's host only: elsewhere it is not found). */
export async function previewPassPlugin(app: FastifyInstance): Promise<void> {
  routeEndpoint(app, CC_PAGE_PREVIEW_PASS, { before: [noStore] }, async (request, reply) => {
    const grant = verifyPreviewToken(app.previewKey, request.query.grant);
    const brand = grant && siteBrand(grant.branch);
    const route = brand && editableRoutes(brand).find((candidate) => candidate.name === grant.route);
    const path = route && previewPath(route);
    if (!grant || !brand || path === undefined) return sendBadRequest(reply, CC_PAGE_PREVIEW_PASS.invalid, ['grant: not a preview link of this server, or it has expired']);
    const target = new URL(path, brandOrigin(request, brand));
    const session = await currentSession(request);
    if (session !== undefined) {
      const expiresAt = Math.min(grant.expiresAt, Math.floor(Date.now() / 1000) + PREVIEW_PASS_TTL_SECONDS);
      target.searchParams.set(PREVIEW_PASS_PARAM, sealPreviewPass(app.previewSealKey, { ...grant, use: 'pass', sid: session.id, expiresAt }));
    }
    return reply.code(303).header('location', target.href).send();
  });
}
