/**
 * What the control center shows of a stored lead: a list row and a
 * detail, masked unless revealed. Masked means every personal field (core/leads/mask.ts), the
 * visitor's IP, the query of the page address (campaign links can carry anything) and the
 * buyer's raw answer (a buyer may echo the lead back).
 */
import type { LeadDetail, LeadSummary } from '../../../core/contract/cc-leads.ts';
import { MASK, maskLeadFields, maskLeadValue } from '../../../core/leads/mask.ts';
import { isPersonalField } from '../../../core/leads/personal.ts';
import type { ConsentProof, LeadAccess, LeadRow } from '../../platform/store/index.ts';

/** The lead access log's channels of the control center's Reveal and export (the CLI has its own). */
export const CONTROL_CENTER_LEAD_ACCESS = { reveal: 'control-center', export: 'control-center-export' } as const;

/** The first non-empty value of a field whose name ends with `suffix` (`driver1Email`, `email`…), masked. */
function maskedContact(fields: Readonly<Record<string, unknown>>, suffix: string): string | null {
  for (const [field, value] of Object.entries(fields)) {
    if (!field.toLowerCase().endsWith(suffix) || !isPersonalField(field)) continue;
    if (typeof value === 'string' && value.trim() !== '') return String(maskLeadValue(field, value));
  }
  return null;
}

/** A lead as a row of the list: its facts, and its name, email and phone masked. */
export function leadSummary(lead: LeadRow): LeadSummary {
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    route: lead.route,
    funnel: lead.funnel,
    product: lead.product,
    language: lead.language,
    status: lead.status,
    attempts: lead.attempts,
    name: maskedContact(lead.fields, 'firstname'),
    email: maskedContact(lead.fields, 'email'),
    phone: maskedContact(lead.fields, 'phone'),
  };
}

/** The page address with its query and fragment hidden. */
function maskedPageUrl(pageUrl: string): string {
  const cut = pageUrl.search(/[?#]/);
  return cut === -1 ? pageUrl : `${pageUrl.slice(0, cut)}?${MASK}`;
}

function maskedConsent(consent: ConsentProof): ConsentProof {
  return { ...consent, pageUrl: maskedPageUrl(consent.pageUrl), ip: consent.ip === null ? null : MASK };
}

/** A lead's detail; personal values masked unless `revealed`. */
export function leadDetail(lead: LeadRow, accesses: readonly Required<LeadAccess>[], revealed: boolean): LeadDetail {
  const fields = revealed ? lead.fields : maskLeadFields(lead.fields);
  const consent = lead.consent === null ? null : revealed ? lead.consent : maskedConsent(lead.consent);
  return {
    revealed,
    lead: {
      id: lead.id,
      brandId: lead.brandId,
      createdAt: lead.createdAt,
      updatedAt: lead.updatedAt,
      route: lead.route,
      funnel: lead.funnel,
      product: lead.product,
      language: lead.language,
      status: lead.status,
      attempts: lead.attempts,
      fields,
      consent,
      delivery: {
        attempts: lead.attempts,
        queuedAt: lead.queuedAt,
        nextAttemptAt: lead.nextAttemptAt,
        lastError: lead.lastError,
        deliveredAt: lead.deliveredAt,
        buyerLeadId: lead.buyerLeadId,
        buyerPrice: lead.buyerPrice,
        buyerResponse: lead.buyerResponse === null || revealed ? lead.buyerResponse : MASK,
      },
      duplicateOf: lead.duplicateOf,
      missingFields: lead.missingFields,
    },
    accesses: accesses.map(({ actor, channel, at }) => ({ actor, channel, at })),
  };
}
