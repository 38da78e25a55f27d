/** Builds a lead's zod schema from its field rules, so the rules are the one source of truth. */
// Before zod builds a schema here: this module can land in a chunk evaluated before the entry's own imports (zod-jitless.ts).
import '../zod-jitless.ts';
import * as z from 'zod';
import { LEAD_FIELD_SCHEMAS } from './field-schemas.ts';
import type { LeadFieldRules } from './fields.ts';

/** The zod shape of a lead with these rules: every field optional (spec §5), each its kind's schema. */
export type LeadShape<R extends LeadFieldRules> = { -readonly [K in keyof R]: z.ZodOptional<(typeof LEAD_FIELD_SCHEMAS)[R[K]['kind']]> };

/**
 * The zod object for a lead with these field rules. Every field is optional (spec §5); unknown
 * keys are stripped, because the shared form bucket holds other forms' fields as well.
 */
export function leadSchema<R extends LeadFieldRules>(rules: R): z.ZodObject<LeadShape<R>> {
  const shape: Record<string, z.ZodOptional> = {};
  for (const [field, { kind }] of Object.entries(rules)) shape[field] = LEAD_FIELD_SCHEMAS[kind].optional();
  // The loop builds exactly LeadShape<R>; TypeScript cannot follow a mapped type through Object.entries.
  return z.object(shape as LeadShape<R>);
}
