/**
 * `/api/cc/branches…` and `/api/cc/audit` (issue 12 "Branches", audit log "shown per branch and
 * per item"): read-only, so nothing here writes the audit log. Registered by api.ts behind the
 * sign-in check.
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
import { routePath } from '../../../core/contract/endpoint.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { branchSummary, routesOf, SITE_BRANDS, siteBrand } from '../branch-directory.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first UTC day (midnight) of a window of `days` days ending today. */
function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Registers the branch and audit routes. */
export const branchesRoutes: FastifyPluginAsync = async (app) => {
  app.get(routePath(CC_BRANCH_LIST.path), async (): Promise<BranchListResponse> => {
    const traffic = await app.store.brandTraffic(windowStart(new Date(), BRANCH_LIST_DAYS).toISOString());
    const byBrand = new Map(traffic.map((row) => [row.brandId, row]));
    return {
      days: BRANCH_LIST_DAYS,
      branches: SITE_BRANDS.map((brand) => ({ ...branchSummary(brand), visitors: byBrand.get(brand.id)?.visitors ?? 0, leads: byBrand.get(brand.id)?.leads ?? 0 })),
    };
  });

  app.get<{ Params: { branch: string } }>(routePath(CC_BRANCH_OVERVIEW.path), async (request, reply): Promise<BranchOverviewResponse | undefined> => {
    const brand = siteBrand(request.params.branch);
    if (!brand) {
      await reply.code(404).send({ error: 'Unknown branch', problems: [`branch: no site brand has the id '${request.params.branch}'`] });
      return undefined;
    }
    const start = windowStart(new Date(), BRANCH_OVERVIEW_DAYS);
    const { days, pages } = await app.store.branchTraffic(brand.id, start.toISOString());
    const byDay = new Map(days.map((day) => [day.day, day]));
    const funnelRoutes = new Map(routesOf(brand).filter((route) => route.page.form).map((route) => [route.name, route]));
    return {
      branch: branchSummary(brand),
      days: Array.from({ length: BRANCH_OVERVIEW_DAYS }, (_, index) => {
        const day = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        return byDay.get(day) ?? { day, visitors: 0, stepSubmissions: 0, leads: 0 };
      }),
      // Funnel pages only (a route running a form); a page with no traffic is left out.
      funnels: pages.flatMap((page) => {
        const route = funnelRoutes.get(page.route);
        return route ? [{ ...page, path: route.path, funnel: route.page.form! }] : [];
      }),
    };
  });

  app.get(routePath(CC_AUDIT.path), async (request, reply) => {
    const query = CC_AUDIT.request.safeParse(request.query);
    if (!query.success) return sendBadRequest(reply, 'Invalid audit query', zodProblems(query.error));
    const { branch, itemKind, itemId, limit } = query.data;
    if (branch !== undefined && !siteBrand(branch)) return reply.code(404).send({ error: 'Unknown branch', problems: [`branch: no site brand has the id '${branch}'`] });
    const entries = await app.store.listAudit({ limit, ...(branch ? { branch } : {}), ...(itemKind ? { itemKind } : {}), ...(itemId ? { itemId } : {}) });
    return { entries };
  });
};
