/**
 * The control center's hop of a preview link (preview-token.ts, step 2): the brand page sent the
 * browser here with the link's grant, and this host is the one that sees the browser's staff
 * session. Signed in: back to the brand page with a pass bound to that session. Signed out: back
 * to the live page, so a link in other hands shows nothing of the draft. Registered apart from
 * the API's areas because it answers signed-out browsers too (access.ts lets it through).
 */
import type { FastifyInstance } from 'fastify';
import { CC_PAGE_PREVIEW_PASS } from '../../../core/contract/cc-pages.ts';
import { CONTROL_CENTER_BRAND } from '../../../core/control-center/paths.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { answerBadRequestsAsJson, sendBadRequest } from '../../platform/http/bad-request.ts';
import { currentSession } from '../../auth/auth-session.ts';
import { siteBrand } from '../branch-directory.ts';
import { editableRoutes } from './editable-pages.ts';
import { brandOrigin } from '../origins.ts';
import { previewPath } from './pages-routes.ts';
import { PREVIEW_PASS_PARAM, PREVIEW_PASS_TTL_SECONDS, sealPreviewPass, verifyPreviewToken } from './preview-token.ts';

/** Registers `GET /api/cc/preview`. */
export async function previewPassPlugin(app: FastifyInstance): Promise<void> {
  answerBadRequestsAsJson(app);
  app.get(CC_PAGE_PREVIEW_PASS.path, async (request, reply) => {
    if (request.brand?.id !== CONTROL_CENTER_BRAND) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    const query = CC_PAGE_PREVIEW_PASS.request.safeParse(request.query);
    if (!query.success) return sendBadRequest(reply, 'Invalid preview', zodProblems(query.error));
    const grant = verifyPreviewToken(app.previewKey, query.data.grant);
    const brand = grant && siteBrand(grant.branch);
    const route = brand && editableRoutes(brand).find((candidate) => candidate.name === grant.route);
    const path = route && previewPath(route);
    if (!grant || !brand || path === undefined) return sendBadRequest(reply, 'Invalid preview', ['grant: not a preview link of this server, or it has expired']);
    const target = new URL(path, brandOrigin(request, brand));
    const session = await currentSession(request);
    if (session !== undefined) {
      const expiresAt = Math.min(grant.expiresAt, Math.floor(Date.now() / 1000) + PREVIEW_PASS_TTL_SECONDS);
      target.searchParams.set(PREVIEW_PASS_PARAM, sealPreviewPass(app.previewSealKey, { ...grant, use: 'pass', sid: session.id, expiresAt }));
    }
    return reply.code(303).header('location', target.href).send();
  });
}
