/** Builds a lead's zod schema from its field rules, so the rules are the one source of truth. */
// Before zod builds a schema here: this module can land in a chunk evaluated before the entry's own imports (zod-jitless.ts).
import '../zod-jitless.ts';
import * as z from 'zod';
import type { LeadFieldRule } from './fields.ts';

/** A lead's fields: field name to rule. */
export type LeadFieldRules = Readonly<Record<string, LeadFieldRule>>;

/** The zod shape of a lead with these rules: every field optional (spec §5). */
export type LeadShape<R extends LeadFieldRules> = { -readonly [K in keyof R]: z.ZodOptional<R[K]['schema']> };

/**
 * The zod object for a lead with these field rules. Every field is optional (spec §5); unknown
 * keys are stripped, because the shared form bucket holds other forms' fields as well.
 */
export function leadSchema<R extends LeadFieldRules>(rules: R): z.ZodObject<LeadShape<R>> {
  const shape: Record<string, z.ZodOptional> = {};
  for (const [field, { schema }] of Object.entries(rules)) shape[field] = schema.optional();
  // The loop builds exactly LeadShape<R>; TypeScript cannot follow a mapped type through Object.entries.
  return z.object(shape as LeadShape<R>);
}
