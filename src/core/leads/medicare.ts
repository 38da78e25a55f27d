/** The Medicare lead (spec §3 "Medicare lead"). */
import { LEAD_FIELD_RULES, type LeadOf } from './fields.ts';

/** The Medicare lead's fields and their rules. */
export const MEDICARE_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  haveMedicare: LEAD_FIELD_RULES.yesNo,
  haveMedicaid: LEAD_FIELD_RULES.yesNo,
} as const;

/** A valid Medicare lead (its zod schema: product-schemas.ts MedicareLeadSchema). */
export type MedicareLead = LeadOf<typeof MEDICARE_LEAD_FIELDS>;
