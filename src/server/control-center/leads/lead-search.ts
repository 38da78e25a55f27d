/**
 * Finding a branch's leads for the control center: the filters as a
 * store query, and the search box, which takes a lead id, an email address or a phone number.
 *
 * Email and phone are matched here, on the server, against the stored values after the same
 * normalising on both sides (case and spaces for emails; digits only, a leading US country code
 * dropped, for phones), so `ANA.Ruiz@Example.com ` and `555.123.4567` find what was typed as
 * `ana.ruiz@example.com` and `(555) 123-4567`. The term never reaches a URL, a log or the answer.
 */
import { LEAD_ID_PATTERN } from '../../../core/contract/leads.ts';
import type { LeadFilters } from '../../../core/contract/cc-leads.ts';
import { isPersonalField } from '../../../core/leads/personal.ts';
import type { LeadRow, ListLeadsQuery, Store } from '../../platform/store/index.ts';

/** What a search term is. */
export type LeadSearch = { kind: 'id'; id: string } | { kind: 'email'; email: string } | { kind: 'phone'; digits: string };

/** Digits a phone number may have: 7 (local) to 15 (E.164). */
const PHONE_DIGITS = { min: 7, max: 15 };

/** The one problem of a search term that is none of the three. */
export const SEARCH_PROBLEM = 'filters.search: give a lead id, an email address or a phone number';

/** `+1 (555) 123-4567` → `5551234567`: digits only, a leading 1 of an 11-digit US number dropped. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

const normalEmail = (text: string) => text.trim().toLowerCase();

/** What `term` searches for; undefined when it is none of a lead id, an email or a phone number. */
export function parseLeadSearch(term: string): LeadSearch | undefined {
  const text = term.trim();
  if (text.includes('@')) return /^[^\s@]+@[^\s@]+$/.test(text) ? { kind: 'email', email: normalEmail(text) } : undefined;
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(text) && digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max) return { kind: 'phone', digits: phoneDigits(text) };
  if (LEAD_ID_PATTERN.test(text)) return { kind: 'id', id: text };
  return undefined;
}

/** True when `lead` holds the searched email or phone in any of its personal fields (or has the id). */
export function leadMatches(lead: LeadRow, search: LeadSearch): boolean {
  if (search.kind === 'id') return lead.id === search.id;
  return Object.entries(lead.fields).some(([field, value]) => {
    if (typeof value !== 'string' || !isPersonalField(field)) return false;
    const name = field.toLowerCase();
    if (search.kind === 'email') return name.endsWith('email') && normalEmail(value) === search.email;
    return name.endsWith('phone') && phoneDigits(value) === search.digits;
  });
}

/** The UTC day after `day` (`YYYY-MM-DD`), as the ISO time it starts. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The store query of a branch's filters (search aside): `from` and `to` are whole UTC days, both included. */
export function leadStoreQuery(branch: string, filters: LeadFilters): Omit<ListLeadsQuery, 'limit'> {
  return {
    brandId: branch,
    ...(filters.status === undefined ? {} : { status: filters.status }),
    ...(filters.funnel === undefined ? {} : { funnel: filters.funnel }),
    ...(filters.from === undefined ? {} : { since: `${filters.from}T00:00:00.000Z` }),
    ...(filters.to === undefined ? {} : { until: dayAfter(filters.to) }),
  };
}

/** True when `lead` passes `query` (the store's own filters, for a lead fetched by id). */
export function leadPassesQuery(lead: LeadRow, query: Omit<ListLeadsQuery, 'limit'>): boolean {
  return (
    (query.brandId === undefined || lead.brandId === query.brandId) &&
    (query.status === undefined || lead.status === query.status) &&
    (query.funnel === undefined || lead.funnel === query.funnel) &&
    (query.since === undefined || lead.createdAt >= query.since) &&
    (query.until === undefined || lead.createdAt < query.until) &&
    (query.olderThan === undefined ||
      lead.createdAt < query.olderThan.createdAt ||
      (lead.createdAt === query.olderThan.createdAt && lead.id < query.olderThan.id))
  );
}

/**
 * Every lead of `query` that `search` finds (all of them without a search), oldest first. A lead
 * id is one lookup; an email or a phone is compared lead by lead on this server, as the values
 * are stored as entered inside each lead's fields.
 */
export async function* matchingLeads(store: Store, query: Omit<ListLeadsQuery, 'limit'>, search: LeadSearch | undefined): AsyncGenerator<LeadRow> {
  if (search?.kind === 'id') {
    const lead = await store.getLead(search.id);
    if (lead !== undefined && leadPassesQuery(lead, query)) yield lead;
    return;
  }
  for await (const lead of store.iterateLeads(query)) if (search === undefined || leadMatches(lead, search)) yield lead;
}
