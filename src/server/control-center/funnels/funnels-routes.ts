/**
 * `/api/cc/branches/{branch}/funnels…` (issue 13 "Funnel analytics"): a branch's funnel pages and
 * one page's step-by-step report over a range of whole UTC days. Read-only, so nothing here
 * writes the audit log. Registered by api.ts behind the sign-in check.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CC_FUNNEL_LIST, CC_FUNNEL_REPORT, FUNNEL_REPORT_DEFAULT_DAYS, funnelRangeProblems, type FunnelPageListResponse, type FunnelReport } from '../../../core/contract/cc-funnels.ts';
import { routePath } from '../../../core/contract/endpoint.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { buildFunnelReport, funnelPagesOf } from './funnel-report.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { siteBrand } from '../branch-directory.ts';

const DAY_MS = 86_400_000;

/** Today as a UTC day (YYYY-MM-DD). */
const today = (): string => new Date().toISOString().slice(0, 10);

/** The UTC day `days` after `day` (negative: before). */
const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function unknownBranch(reply: FastifyReply, branch: string): Promise<undefined> {
  await reply.code(404).send({ error: 'Unknown branch', problems: [`branch: no site brand has the id '${branch}'`] });
  return undefined;
}

/** Registers the funnel routes. */
export const funnelsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { branch: string } }>(routePath(CC_FUNNEL_LIST.path), async (request, reply): Promise<FunnelPageListResponse | undefined> => {
    const brand = siteBrand(request.params.branch);
    if (!brand) return unknownBranch(reply, request.params.branch);
    return { funnels: funnelPagesOf(brand) };
  });

  app.get<{ Params: { branch: string; route: string } }>(routePath(CC_FUNNEL_REPORT.path), async (request, reply): Promise<FunnelReport | undefined> => {
    const query = CC_FUNNEL_REPORT.request.safeParse(request.query ?? {});
    if (!query.success) return sendBadRequest(reply, 'Invalid funnel report query', zodProblems(query.error));
    const brand = siteBrand(request.params.branch);
    if (!brand) return unknownBranch(reply, request.params.branch);
    const page = funnelPagesOf(brand).find((candidate) => candidate.route === request.params.route);
    if (!page) {
      await reply.code(404).send({ error: 'Unknown funnel page', problems: [`route: ${brand.id} has no funnel page named '${request.params.route}'`] });
      return undefined;
    }
    const to = query.data.to ?? today();
    const from = query.data.from ?? addDays(to, 1 - FUNNEL_REPORT_DEFAULT_DAYS);
    const problems = funnelRangeProblems(from, to);
    if (problems.length > 0) return sendBadRequest(reply, 'Invalid funnel report query', problems);
    return buildFunnelReport(app.store, brand, page, `${from}T00:00:00.000Z`, `${addDays(to, 1)}T00:00:00.000Z`);
  });
};
