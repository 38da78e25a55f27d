/**
 * `/api/cc/branches/{branch}/funnels…` (funnel analytics): a branch's funnel pages and one page's
 * step-by-step report over a range of whole UTC days. Read-only, so nothing here writes the audit
 * log. Registered by api.ts; every endpoint is for signed-in staff.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CC_FUNNEL_LIST, CC_FUNNEL_REPORT, FUNNEL_REPORT_DEFAULT_DAYS, funnelRangeProblems, type FunnelPageListResponse, type FunnelReport } from '../../../core/contract/cc-funnels.ts';
import { buildFunnelReport, funnelPagesOf } from './funnel-report.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint } from '../../platform/http/endpoint-route.ts';
import { siteBrand } from '../branch-directory.ts';
import { namedBranch, unknownBranch } from '../branch-lookup.ts';

const DAY_MS = 86_400_000;

/** Today as a UTC day (YYYY-MM-DD). */
const today = (): string => new Date().toISOString().slice(0, 10);

/** The UTC day `days` after `day` (negative: before). */
const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Registers the funnel routes. */
export const funnelsRoutes: FastifyPluginAsync = async (app) => {
  routeEndpoint(app, CC_FUNNEL_LIST, { before: [namedBranch] }, async (request): Promise<FunnelPageListResponse> => ({ funnels: funnelPagesOf(namedBranch.of(request)) }));

  // The query is judged before the branch is looked up: a bad range is a 400 on any branch.
  routeEndpoint(app, CC_FUNNEL_REPORT, async (request, reply): Promise<FunnelReport | undefined> => {
    const brand = siteBrand(request.params.branch);
    if (!brand) return reply.code(404).send(unknownBranch(request.params.branch));
    const page = funnelPagesOf(brand).find((candidate) => candidate.route === request.params.route);
    if (!page) {
      await reply.code(404).send({ error: 'Unknown funnel page', problems: [`route: ${brand.id} has no funnel page named '${request.params.route}'`] });
      return undefined;
    }
    const to = request.query.to ?? today();
    const from = request.query.from ?? addDays(to, 1 - FUNNEL_REPORT_DEFAULT_DAYS);
    const problems = funnelRangeProblems(from, to);
    if (problems.length > 0) return sendBadRequest(reply, CC_FUNNEL_REPORT.invalid, problems);
    return buildFunnelReport(app.store, brand, page, `${from}T00:00:00.000Z`, `${addDays(to, 1)}T00:00:00.000Z`);
  });
};
