/**
 * The control center's JSON API, `/api/cc/…`: each area (branches, funnels, pages, images,
 * articles, leads, experiments, phone rules, content factory, the account's password and second factor) is a plugin of its own, registered
 * here. Every endpoint is declared `staff` in the contract, so its route (endpoint-route.ts)
 * answers only on the control center's host and only to a signed-in, enabled account (401
 * otherwise; the access plugin refuses cross-site changes before any of this runs). Bad input is
 * a 400 with problems, as everywhere.
 *
 * An area records its changes with `auditChange` (audit/endpoint-audit.ts), under the item kind
 * and actions its endpoints declare, and answers every change with the item's new version.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { passwordChangeRoutes } from '../auth/password-change.ts';
import { articlesRoutes } from './articles/articles-routes.ts';
import { branchesRoutes } from './branches/branches-routes.ts';
import { experimentsRoutes } from './experiments/experiments-routes.ts';
import { funnelsRoutes } from './funnels/funnels-routes.ts';
import { contentFactoryRoutes } from './content-factory/content-factory-routes.ts';
import { leadsRoutes } from './leads/leads-routes.ts';
import { imagesRoutes } from './images/images-routes.ts';
import { pagesRoutes } from './pages/pages-routes.ts';
import { phoneRulesRoutes } from './phone-rules/phone-rules-routes.ts';
import { totpRoutes } from '../auth/totp-routes.ts';

/** The area plugins, in registration order. Each lives in its own `*-routes.ts` file beside this one. */
const AREAS: readonly FastifyPluginAsync[] = [leadsRoutes, branchesRoutes, funnelsRoutes, imagesRoutes, pagesRoutes, articlesRoutes, experimentsRoutes, phoneRulesRoutes, contentFactoryRoutes, totpRoutes, passwordChangeRoutes];

/** Registers every area of the API; each route's declared access (staff) is checked by the route itself. */
export async function controlCenterApiPlugin(app: FastifyInstance): Promise<void> {
  for (const area of AREAS) await app.register(area);
}
