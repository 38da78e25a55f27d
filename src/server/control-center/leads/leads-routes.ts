/**
 * The leads area of the control center's API (the leads screen): a branch's leads as a
 * list (filters, search, keyset pages), one lead's detail, Reveal, and the CSV export. Personal
 * values leave the server only through Reveal and the export, and only after the lead access log
 * and the audit log have recorded who took them: a crash in between can leave a logged access
 * that showed nothing, never the reverse.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CC_LEAD_GET, CC_LEAD_REVEAL, CC_LEADS_EXPORT, CC_LEADS_LIST, MAX_EXPORTED_LEADS, type LeadFilters } from '../../../core/contract/cc-leads.ts';
import { LEAD_ID_PATTERN } from '../../../core/contract/leads.ts';
import { FUNNELS } from '../../../core/funnels/funnels.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint, schemaCheck } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import { csvHeader, csvLine } from '../../leads/lead-csv.ts';
import type { LeadRow, Store } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { siteBrand } from '../branch-directory.ts';
import { staffOf } from '../staff.ts';
import { leadStoreQuery, matchingLeads, parseLeadSearch, SEARCH_PROBLEM, type LeadSearch } from './lead-search.ts';
import { CONTROL_CENTER_LEAD_ACCESS, leadDetail, leadSummary } from './lead-views.ts';

/** Leads whose accesses are written at once during an export. */
const ACCESS_BATCH = 100;

/** Every funnel id, for the list's funnel filter. */
const FUNNEL_IDS = Object.keys(FUNNELS).sort();

/** Every answer here may hold personal data, masked or not: never kept by a cache. */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

function notFound(reply: FastifyReply, problem: string): FastifyReply {
  return noStore(reply).code(404).send({ error: 'Not Found', problems: [problem] });
}

/** The site brand the path names (the control center itself has no leads); a 404 otherwise. */
const leadsBranch = requestLookup((request: FastifyRequest<{ Params: { branch: string } }>, reply) => siteBrand(request.params.branch)?.id ?? notFound(reply, `no branch '${request.params.branch}'`));

/** The lead `id` of `branch`, or undefined when there is none (another branch's lead is none too). */
async function branchLead(store: Store, branch: string, id: string): Promise<LeadRow | undefined> {
  if (!LEAD_ID_PATTERN.test(id)) return undefined;
  const lead = await store.getLead(id);
  return lead?.brandId === branch ? lead : undefined;
}

/** The search of `filters`, `null` when it is given but none of the three kinds. */
function searchOf(filters: LeadFilters): LeadSearch | undefined | null {
  if (filters.search === undefined || filters.search === '') return undefined;
  return parseLeadSearch(filters.search) ?? null;
}

/** What the audit log keeps of the filters: the search's kind, never its term (it may be an email). */
function auditedFilters(filters: LeadFilters, search: LeadSearch | undefined): Record<string, unknown> {
  const { search: _term, ...rest } = filters;
  return search === undefined ? rest : { ...rest, search: search.kind };
}

export const leadsRoutes: FastifyPluginAsync = async (app) => {
  // No body at all (or JSON null) lists the first page without filters.
  routeEndpoint(app, CC_LEADS_LIST, { before: [leadsBranch], check: schemaCheck(CC_LEADS_LIST.request, { whenAbsent: {} }) }, async (request, reply) => {
    const branch = leadsBranch.of(request);
    const { filters, olderThan, limit } = request.body;
    const search = searchOf(filters);
    if (search === null) return sendBadRequest(reply, CC_LEADS_LIST.invalid, [SEARCH_PROBLEM]);
    const query = { ...leadStoreQuery(branch, filters), ...(olderThan === undefined ? {} : { olderThan }) };
    let page: LeadRow[];
    if (search === undefined) {
      // One more than asked tells whether another page follows.
      page = await app.store.listLeads({ ...query, limit: limit + 1 });
    } else {
      const found: LeadRow[] = [];
      for await (const lead of matchingLeads(app.store, query, search)) found.push(lead);
      page = found.reverse().slice(0, limit + 1);
    }
    const shown = page.slice(0, limit);
    const last = shown.at(-1);
    const next = page.length > limit && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null;
    return noStore(reply).send({ leads: shown.map(leadSummary), next, funnels: FUNNEL_IDS });
  });

  routeEndpoint(app, CC_LEAD_GET, async (request, reply) => {
    const { branch, lead: id } = request.params;
    const lead = await branchLead(app.store, branch, id);
    if (lead === undefined) return notFound(reply, `no lead '${id}' in branch '${branch}'`);
    return noStore(reply).send(leadDetail(lead, await app.store.listLeadAccesses(lead.id), false));
  });

  routeEndpoint(app, CC_LEAD_REVEAL, async (request, reply) => {
    const { branch, lead: id } = request.params;
    const lead = await branchLead(app.store, branch, id);
    if (lead === undefined) return notFound(reply, `no lead '${id}' in branch '${branch}'`);
    const staff = await staffOf(request);
    // Both logs first: the values go out only once who asked for them is on record.
    await app.store.recordLeadAccess({ leadId: lead.id, actor: staff.email, channel: CONTROL_CENTER_LEAD_ACCESS.reveal });
    await auditChange(request, CC_LEAD_REVEAL, { branch, itemId: lead.id, action: 'reveal' });
    return noStore(reply).send(leadDetail(lead, await app.store.listLeadAccesses(lead.id), true));
  });

  // No body at all (or JSON null) exports every lead of the branch.
  routeEndpoint(app, CC_LEADS_EXPORT, { before: [leadsBranch], check: schemaCheck(CC_LEADS_EXPORT.request, { whenAbsent: {} }) }, async (request, reply) => {
    const branch = leadsBranch.of(request);
    const filters = request.body;
    const search = searchOf(filters);
    if (search === null) return sendBadRequest(reply, CC_LEADS_EXPORT.invalid, [SEARCH_PROBLEM]);
    const leads: LeadRow[] = [];
    for await (const lead of matchingLeads(app.store, leadStoreQuery(branch, filters), search)) {
      leads.push(lead);
      if (leads.length > MAX_EXPORTED_LEADS) {
        return sendBadRequest(reply, 'Too many leads to export', [`the filters match more than ${MAX_EXPORTED_LEADS} leads: narrow them (a shorter date range, a funnel, a status)`]);
      }
    }
    const staff = await staffOf(request);
    // The export is audited and each lead's access logged before a single line is sent.
    await auditChange(request, CC_LEADS_EXPORT, {
      branch,
      itemId: 'export',
      action: 'export',
      after: { filters: auditedFilters(filters, search), leads: leads.length },
    });
    for (let start = 0; start < leads.length; start += ACCESS_BATCH) {
      const batch = leads.slice(start, start + ACCESS_BATCH);
      await Promise.all(batch.map((lead) => app.store.recordLeadAccess({ leadId: lead.id, actor: staff.email, channel: CONTROL_CENTER_LEAD_ACCESS.export })));
    }
    const day = new Date().toISOString().slice(0, 10);
    return noStore(reply)
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${branch}-${day}.csv"`)
      .send(csvHeader() + leads.map(csvLine).join(''));
  });
};
