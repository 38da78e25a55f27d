/**
 * Strict lead validation on the server, with zod (the browser's form uses check.ts, which answers
 * the same): every problem, with a message a person can act on.
 */
import type { LeadFieldRules } from './fields.ts';
import type { LeadLanguage } from './localized.ts';
import { NOT_AN_OBJECT, type LeadValidation } from './problems.ts';
import { LEAD_FIELDS_BY_PRODUCT, type LeadFor, type LeadProduct } from './product.ts';
import { LEAD_SCHEMAS } from './product-schemas.ts';

/**
 * Validates `values` as a `product` lead. Absent (undefined) fields are fine (spec §5: every field
 * is optional); any other value must pass its field's rule. Unknown keys are dropped, not
 * refused, because a form may submit the shared bucket holding other forms' fields. On success
 * `lead` holds the cleaned values (trimmed); otherwise `problems` has one entry per invalid
 * field, in `language` (default English).
 */
export function validateLeadFields<P extends LeadProduct>(
  product: P,
  values: unknown,
  language: LeadLanguage = 'en',
): LeadValidation<LeadFor<P>> {
  const parsed = LEAD_SCHEMAS[product].safeParse(values);
  // Each schema is built from LEAD_FIELDS_BY_PRODUCT[product], so the output is LeadFor<P>.
  if (parsed.success) return { ok: true, lead: parsed.data };
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[product];
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (problems.has(field)) continue;
    problems.set(field, rules[field]?.message(language) ?? NOT_AN_OBJECT[language]);
  }
  return { ok: false, problems: [...problems].map(([field, message]) => ({ field, message })) };
}
