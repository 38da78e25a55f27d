/**
 * `/api/cc/branches…` and `/api/cc/audit` (the branches, and the audit log shown per branch and
 * per item): read-only, so nothing here writes the audit log. Registered by api.ts; every
 * endpoint is for signed-in staff.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  BRANCH_LIST_DAYS,
  BRANCH_OVERVIEW_DAYS,
  CC_AUDIT,
  CC_BRANCH_LIST,
  CC_BRANCH_OVERVIEW,
  type BranchListResponse,
  type BranchOverviewResponse,
} from '../../../core/contract/cc-branches.ts';
import { routeEndpoint } from '../../platform/http/endpoint-route.ts';
import { branchSummary, routesOf, SITE_BRANDS, siteBrand } from '../branch-directory.ts';
import { namedBranch, unknownBranch } from '../branch-lookup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first UTC day (midnight) of a window of `days` days ending today. */
function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Registers the branch and audit routes. */
export const branchesRoutes: FastifyPluginAsync = async (app) => {
  routeEndpoint(app, CC_BRANCH_LIST, async (): Promise<BranchListResponse> => {
    const traffic = await app.store.brandTraffic(windowStart(new Date(), BRANCH_LIST_DAYS).toISOString());
    const byBrand = new Map(traffic.map((row) => [row.brandId, row]));
    return {
      days: BRANCH_LIST_DAYS,
      branches: SITE_BRANDS.map((brand) => ({ ...branchSummary(brand), visitors: byBrand.get(brand.id)?.visitors ?? 0, leads: byBrand.get(brand.id)?.leads ?? 0 })),
    };
  });

  routeEndpoint(app, CC_BRANCH_OVERVIEW, { before: [namedBranch] }, async (request): Promise<BranchOverviewResponse> => {
    const brand = namedBranch.of(request);
    const start = windowStart(new Date(), BRANCH_OVERVIEW_DAYS);
    const { days, pages } = await app.store.branchTraffic(brand.id, start.toISOString());
    const byDay = new Map(days.map((day) => [day.day, day]));
    const funnelRoutes = new Map(routesOf(brand).flatMap(({ name, path, page }) => (page.form ? [[name, { path, funnel: page.form }] as const] : [])));
    return {
      branch: branchSummary(brand),
      days: Array.from({ length: BRANCH_OVERVIEW_DAYS }, (_, index) => {
        const day = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        return byDay.get(day) ?? { day, visitors: 0, stepSubmissions: 0, leads: 0 };
      }),
      // Funnel pages only (a route running a form); a page with no traffic is left out.
      funnels: pages.flatMap((page) => {
        const route = funnelRoutes.get(page.route);
        return route ? [{ ...page, ...route }] : [];
      }),
    };
  });

  routeEndpoint(app, CC_AUDIT, async (request, reply) => {
    const { branch, itemKind, itemId, limit } = request.query;
    if (branch !== undefined && !siteBrand(branch)) return reply.code(404).send(unknownBranch(branch));
    const entries = await app.store.listAudit({ limit, ...(branch ? { branch } : {}), ...(itemKind ? { itemKind } : {}), ...(itemId ? { itemId } : {}) });
    return { entries };
  });
};
