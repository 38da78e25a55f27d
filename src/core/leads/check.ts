/**
 * Lead validation without zod, for the browser's funnel form (no zod in visitor pages): the same outcome as
 * validate.ts validateLeadFields, the server's zod validation, from the same field rules, with
 * the same messages. test/unit/leads-schemas.test.ts holds the two to the same answers.
 */
import type { LeadFieldRules } from './fields.ts';
import type { LeadLanguage } from './localized.ts';
import { LEAD_FIELDS_BY_PRODUCT, type LeadFor, type LeadProduct } from './product.ts';
import { NOT_AN_OBJECT, type LeadValidation } from './problems.ts';

/**
 * Checks `values` as a `product` lead, as validateLeadFields does: absent (undefined) fields are
 * fine, any other value must pass its field's rule, unknown keys are dropped. On success `lead`
 * holds the cleaned values; otherwise `problems` has one entry per invalid field, in `language`.
 */
export function checkLeadFields<P extends LeadProduct>(product: P, values: unknown, language: LeadLanguage = 'en'): LeadValidation<LeadFor<P>> {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return { ok: false, problems: [{ field: '', message: NOT_AN_OBJECT[language] }] };
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[product];
  const lead: Record<string, unknown> = {};
  const problems: { field: string; message: string }[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const value = (values as Record<string, unknown>)[field];
    if (value === undefined) continue;
    const read = rule.read(value);
    if (read === undefined) problems.push({ field, message: rule.message(language) });
    else lead[field] = read;
  }
  // Every kept value passed its field's rule, and every field is optional: this is a LeadFor<P>.
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lead };
}
