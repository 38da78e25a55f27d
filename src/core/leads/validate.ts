/** Strict lead validation for forms and the server: every problem, with a message a person can act on. */
import type { LeadFieldRules } from './lead-schema.ts';
import type { LeadLanguage, LocalizedText } from './localized.ts';
import { LEAD_FIELDS_BY_PRODUCT, LEAD_SCHEMAS, type LeadFor, type LeadProduct } from './product.ts';

/** One invalid field: its name (as in the lead, e.g. `driver2Dob`) and what a valid value looks like. */
export interface LeadProblem {
  /** The lead field; `''` when the values as a whole are not an object of fields. */
  field: string;
  message: string;
}

/** The outcome of {@link validateLeadFields}. */
export type LeadValidation<L> = { ok: true; lead: L } | { ok: false; problems: LeadProblem[] };

const NOT_AN_OBJECT: LocalizedText = {
  en: 'Send the lead as an object of fields.',
  es: 'Envíe el lead como un objeto de campos.',
};

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
  if (parsed.success) return { ok: true, lead: parsed.data as LeadFor<P> };
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[product];
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (problems.has(field)) continue;
    problems.set(field, rules[field]?.message(language) ?? NOT_AN_OBJECT[language]);
  }
  return { ok: false, problems: [...problems].map(([field, message]) => ({ field, message })) };
}
