/**
 * Validates one funnel step (spec §5) with the lead rules, in the browser and on the server
 * alike: only the step's own fields, in the funnel's language. It checks with leads/check.ts,
 * not zod, so the funnel form carries no zod to the browser; the server's capture validates the
 * whole lead again with the zod schemas, which answer the same.
 */
import { LEAD_FIELDS_BY_PRODUCT } from '../leads/product.ts';
import type { LeadFieldRules } from '../leads/fields.ts';
import { checkLeadFields } from '../leads/check.ts';
import type { FunnelDefinition, FunnelStep, StepField } from './types.ts';

/** A valid step's cleaned values (every field, `undefined` when left empty), or each invalid field's message. */
export type StepValidation = { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** What a person sees when `field` is refused or missing: the field's own message, else its lead rule's. */
export function fieldErrorMessage(funnel: FunnelDefinition, field: StepField): string {
  if (field.errorMessage) return field.errorMessage;
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[funnel.product];
  const rule = rules[field.name];
  if (!rule) throw new Error(`funnel ${funnel.id}: '${field.name}' is not a ${funnel.product} lead field`);
  return rule.message(funnel.language);
}

/**
 * Validates `values` (lead values by field name: what a form's inputs hold, field-input.ts
 * stepValues, or what the browser's JSON step submit carries) for `step`. A required field left empty is refused with its rule's
 * message (every lead field is optional to the schemas, spec §5; the step decides what it must
 * ask); any value given must pass its lead rule (the caller refuses fields the step does not ask).
 */
export function validateStepValues(funnel: FunnelDefinition, step: FunnelStep, values: Readonly<Record<string, unknown>>): StepValidation {
  const errors: Record<string, string> = {};
  for (const field of step.fields) {
    if (field.required && values[field.name] === undefined) errors[field.name] = fieldErrorMessage(funnel, field);
  }
  const given = Object.fromEntries(Object.entries(values).filter((entry) => entry[1] !== undefined));
  const result = checkLeadFields(funnel.product, given, funnel.language);
  if (!result.ok) {
    for (const problem of result.problems) {
      const field = step.fields.find((candidate) => candidate.name === problem.field);
      if (field) errors[field.name] ??= field.errorMessage ?? problem.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const lead: Record<string, unknown> = result.ok ? result.lead : {};
  return { ok: true, values: Object.fromEntries(step.fields.map((field) => [field.name, lead[field.name]])) };
}
