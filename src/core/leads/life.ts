/**
 * The life lead (every brand sells its own product): what a life insurance quote,
 * final expense above all, is priced on, and who to call with it. Ours, not the spec's, which
 * names only the Medicare and auto leads; every field is optional all the same (spec §5).
 */
import { CALLBACK_LEAD_FIELDS } from './callback.ts';
import { CONTACT_LEAD_FIELDS } from './contact.ts';
import { LEAD_FIELD_RULES, type LeadOf } from './fields.ts';

/** The life lead's fields and their rules. */
export const LIFE_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  ageRange: LEAD_FIELD_RULES.ageRange,
  coverageAmount: LEAD_FIELD_RULES.coverageAmount,
  tobaccoUse: LEAD_FIELD_RULES.yesNo,
  ...CONTACT_LEAD_FIELDS,
  ...CALLBACK_LEAD_FIELDS,
} as const;

/** A valid life lead (its zod schema: product-schemas.ts LifeLeadSchema). */
export type LifeLead = LeadOf<typeof LIFE_LEAD_FIELDS>;
