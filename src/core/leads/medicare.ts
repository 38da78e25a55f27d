/**
 * The Medicare lead (spec §3 "Medicare lead"). The funnel asks no phone number (its leads are
 * call-routed); a visitor who books a call-back outside working hours gives one on the call-back
 * form, which the lead keeps with the chosen time (callback.ts).
 */
import { CALLBACK_LEAD_FIELDS } from './callback.ts';
import { LEAD_FIELD_RULES, type LeadOf } from './fields.ts';

/** The Medicare lead's fields and their rules. */
export const MEDICARE_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  haveMedicare: LEAD_FIELD_RULES.yesNo,
  haveMedicaid: LEAD_FIELD_RULES.yesNo,
  /** Given on the call-back form only. */
  phone: LEAD_FIELD_RULES.phone,
  ...CALLBACK_LEAD_FIELDS,
} as const;

/** A valid Medicare lead (its zod schema: product-schemas.ts MedicareLeadSchema). */
export type MedicareLead = LeadOf<typeof MEDICARE_LEAD_FIELDS>;
