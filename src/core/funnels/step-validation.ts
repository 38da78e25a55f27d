/**
 * Validates one funnel step (spec §5) with the lead rules, in the browser and on the server
 * alike: only the step's own fields, in the funnel's language. It checks with leads/check.ts,
 * not zod, so the funnel form carries no zod to the browser; the server's capture validates the
 * whole lead again with the zod schemas, which answer the same.
 */
import { LEAD_FIELDS_BY_PRODUCT } from '../leads/product.ts';
import type { LeadFieldRules } from '../leads/fields.ts';
import { checkLeadFields } from '../leads/check.ts';
import { conditionHolds } from './engine.ts';
import { isPathAnswer } from './path-answers.ts';
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
 * A field whose condition (StepField.onlyIf) the step's values do not meet is neither asked nor
 * kept: it comes back emptied (the insurer of a visitor who says they are not insured). A path
 * answer (path-answers.ts) is a yes/no: true or false, and a no comes back with the later fields
 * only a yes would ask emptied too (FunnelStep.skipEmpties), so nothing a previous yes left stays.
 */
export function validateStepValues(funnel: FunnelDefinition, step: FunnelStep, values: Readonly<Record<string, unknown>>): StepValidation {
  const errors: Record<string, string> = {};
  const asked = step.fields.filter((field) => conditionHolds(field.onlyIf, values));
  for (const field of asked) {
    const value = values[field.name];
    if (field.required && value === undefined) errors[field.name] = fieldErrorMessage(funnel, field);
    else if (isPathAnswer(field.name) && value !== undefined && typeof value !== 'boolean') errors[field.name] = fieldErrorMessage(funnel, field);
  }
  const given: Record<string, unknown> = Object.fromEntries(asked.flatMap((field) => (values[field.name] === undefined ? [] : [[field.name, values[field.name]]])));
  const result = checkLeadFields(funnel.product, given, funnel.language);
  if (!result.ok) {
    for (const problem of result.problems) {
      const field = step.fields.find((candidate) => candidate.name === problem.field);
      if (field) errors[field.name] ??= field.errorMessage ?? problem.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const lead: Record<string, unknown> = result.ok ? result.lead : {};
  const kept = (field: StepField): unknown => (isPathAnswer(field.name) ? given[field.name] : lead[field.name]);
  const no = step.fields.some((field) => isPathAnswer(field.name) && given[field.name] === false);
  const passedOver = no ? (step.skipEmpties ?? []).map((name) => [name, undefined] as const) : [];
  return { ok: true, values: Object.fromEntries([...passedOver, ...step.fields.map((field): [string, unknown] => [field.name, asked.includes(field) ? kept(field) : undefined])]) };
}
