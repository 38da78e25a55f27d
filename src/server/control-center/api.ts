/**
 * The control center's JSON API, `/api/cc/…` (issue 12 "API"): each area (branches, funnels,
 * pages, images, articles, leads, experiments, phone rules, content factory) is a plugin of its own, registered here. Every route answers only on
 * the control center's host and only to a signed-in, enabled account (401 otherwise; the access
 * plugin refuses cross-site changes before any of this runs). Bad input is a 400 with problems,
 * as everywhere.
 *
 * An area plugin reads the account making the change with `staffOf` (staff.ts), writes the audit log
 * for every mutation, and answers every mutation with the item's new version.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CONTROL_CENTER_BRAND } from '../../core/control-center/paths.ts';
import { answerBadRequestsAsJson } from '../platform/http/bad-request.ts';
import { articlesRoutes } from './articles/articles-routes.ts';
import { branchesRoutes } from './branches/branches-routes.ts';
import { experimentsRoutes } from './experiments/experiments-routes.ts';
import { funnelsRoutes } from './funnels/funnels-routes.ts';
import { contentFactoryRoutes } from './content-factory/content-factory-routes.ts';
import { requireSignedIn } from '../auth/auth-session.ts';
import { leadsRoutes } from './leads/leads-routes.ts';
import { imagesRoutes } from './images/images-routes.ts';
import { pagesRoutes } from './pages/pages-routes.ts';
import { phoneRulesRoutes } from './phone-rules/phone-rules-routes.ts';

/** The area plugins, in registration order. Each lives in its own `*-routes.ts` file beside this one. */
const AREAS: readonly FastifyPluginAsync[] = [leadsRoutes, branchesRoutes, funnelsRoutes, imagesRoutes, pagesRoutes, articlesRoutes, experimentsRoutes, phoneRulesRoutes, contentFactoryRoutes];

/** Registers every area of the API behind the sign-in check. */
export async function controlCenterApiPlugin(app: FastifyInstance): Promise<void> {
  answerBadRequestsAsJson(app);
  app.addHook('preHandler', async (request, reply) => {
    // The API exists on the control center's host only.
    if (request.brand?.id !== CONTROL_CENTER_BRAND) return reply.callNotFound();
    await requireSignedIn(request, reply);
  });
  for (const area of AREAS) await app.register(area);
}
