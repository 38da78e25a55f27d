/**
 * The health lead (every brand sells its own product): what an individual or family
 * health plan quote is priced on (place, age, household, income) and who to call with it. Ours,
 * not the spec's; every field is optional all the same (spec §5).
 *
 * Current coverage is `haveHealthInsurance`, not the auto lead's `currentlyInsured`: the shared
 * form bucket holds every form's answers, and a car-insurance "yes" must never pre-fill it.
 */
import { CALLBACK_LEAD_FIELDS } from './callback.ts';
import { CONTACT_LEAD_FIELDS } from './contact.ts';
import { LEAD_FIELD_RULES, type LeadOf } from './fields.ts';

/** The health lead's fields and their rules. */
export const HEALTH_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  ageRange: LEAD_FIELD_RULES.ageRange,
  householdSize: LEAD_FIELD_RULES.householdSize,
  householdIncome: LEAD_FIELD_RULES.householdIncome,
  haveHealthInsurance: LEAD_FIELD_RULES.yesNo,
  ...CONTACT_LEAD_FIELDS,
  ...CALLBACK_LEAD_FIELDS,
} as const;

/** A valid health lead (its zod schema: product-schemas.ts HealthLeadSchema). */
export type HealthLead = LeadOf<typeof HEALTH_LEAD_FIELDS>;
