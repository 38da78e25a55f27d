/** The Medicare lead (spec §3 "Medicare lead"). */
import type { z } from 'zod';
import { LEAD_FIELD_RULES } from './fields.ts';
import { leadSchema } from './lead-schema.ts';

/** The Medicare lead's fields and their rules. */
export const MEDICARE_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  haveMedicare: LEAD_FIELD_RULES.yesNo,
  haveMedicaid: LEAD_FIELD_RULES.yesNo,
} as const;

/** Validates a whole Medicare lead; every field optional. */
export const MedicareLeadSchema = leadSchema(MEDICARE_LEAD_FIELDS);

/** A valid Medicare lead. */
export type MedicareLead = z.output<typeof MedicareLeadSchema>;
