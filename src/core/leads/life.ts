/**
 * The life lead (issue 8 "Every brand sells its own product"): what a life insurance quote,
 * final expense above all, is priced on, and who to call with it. Ours, not the spec's, which
 * names only the Medicare and auto leads; every field is optional all the same (spec §5).
 */
import type { z } from 'zod';
import { CONTACT_LEAD_FIELDS } from './contact.ts';
import { LEAD_FIELD_RULES } from './fields.ts';
import { leadSchema } from './lead-schema.ts';

/** The life lead's fields and their rules. */
export const LIFE_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  ageRange: LEAD_FIELD_RULES.ageRange,
  coverageAmount: LEAD_FIELD_RULES.coverageAmount,
  tobaccoUse: LEAD_FIELD_RULES.yesNo,
  ...CONTACT_LEAD_FIELDS,
} as const;

/** Validates a whole life lead; every field optional. */
export const LifeLeadSchema = leadSchema(LIFE_LEAD_FIELDS);

/** A valid life lead. */
export type LifeLead = z.output<typeof LifeLeadSchema>;
