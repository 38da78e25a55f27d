/**
 * The funnel a visitor request names, checked against the route table: the route must be served on
 * the request's brand and run that funnel. Shared by the lead capture and the JavaScript step
 * submit, so both refuse the same requests with the same words.
 */
import { ROUTES, type RouteDefinition } from '../../../routes.ts';
import { funnelById } from '../../core/funnels/index.ts';
import type { FunnelDefinition } from '../../core/funnels/types.ts';

/** The route and its funnel, or why the request names neither (one line for the 400's problems). */
export type RouteFunnel = { ok: true; route: RouteDefinition; funnel: FunnelDefinition } | { ok: false; problem: string };

/**
 * The route `routeName` of brand `brandId` and funnel `funnelId`, when that route is served on the
 * brand and runs that funnel.
 * @example
 * routeFunnel('tqg', 'quiz-auto', 'auto'); // { ok: true, route, funnel }
 * routeFunnel('ac', 'quiz-auto', 'auto'); // { ok: false, problem: "route: 'quiz-auto' is not a route of this site" }
 */
export function routeFunnel(brandId: string, routeName: string, funnelId: string): RouteFunnel {
  const route = ROUTES.find((candidate) => candidate.name === routeName && candidate.brands.includes(brandId as never));
  if (!route) return { ok: false, problem: `route: '${routeName}' is not a route of this site` };
  if (route.page.form !== funnelId) return { ok: false, problem: `funnel: route '${routeName}' runs no funnel '${funnelId}'` };
  const funnel = funnelById(funnelId);
  if (!funnel) return { ok: false, problem: `funnel: unknown funnel '${funnelId}'` };
  return { ok: true, route, funnel };
}
