/** Reading a lead back from storage (spec §5: "an invalid stored value is silently treated as absent"). */
import type { LeadFieldRules } from './fields.ts';
import { LEAD_FIELDS_BY_PRODUCT, type LeadFor, type LeadProduct } from './product.ts';

/**
 * The valid part of a stored `product` lead. Each field is checked on its own and dropped when
 * invalid, so one stale or tampered value never costs the visitor the rest of their answers.
 * Anything that is not a plain object reads as the empty lead. Never throws.
 */
export function readStoredLead<P extends LeadProduct>(product: P, raw: unknown): LeadFor<P> {
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[product];
  const lead: Record<string, unknown> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return lead;
  for (const [field, { read }] of Object.entries(rules)) {
    if (!Object.hasOwn(raw, field)) continue;
    const value = read((raw as Record<string, unknown>)[field]);
    if (value !== undefined) lead[field] = value;
  }
  // Every kept value passed its field's rule, and every field is optional: this is a LeadFor<P>.
  return lead;
}
