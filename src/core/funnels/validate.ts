/**
 * Checks a funnel definition, so a broken funnel is caught by tests and `cobrand routes validate`
 * rather than by a visitor.
 */
import { LEAD_FIELDS_BY_PRODUCT } from '../leads/product.ts';
import { FUNNEL_ACTIONS, type FunnelActions } from './actions.ts';
import { NO, OTHER_CHOICE, YES } from './field-input.ts';
import { isPathAnswer } from './path-answers.ts';
import type { FunnelDefinition, StepKind } from './types.ts';

/** A step name is one lower-case URL segment: 'zip', 'vehicle-2'. */
const STEP_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CHOICE_KINDS = new Set(['select', 'radio', 'yesno']);
const END_KINDS = new Set<StepKind>(['call', 'result', 'ads']);

/**
 * Every problem of `funnel`, as sentences naming the funnel and step; empty when it is sound:
 * unique URL-safe step names; each field a lead field of the funnel's product (or a yes/no path answer), asked once; choice
 * fields with non-empty, unique option values (yes/no exactly yes and no); "Other" on selects
 * only, never as a listed value; model lists after the make and year they follow, with the
 * catalog they read; conditions on fields asked earlier (a field's, earlier on its own step);
 * common answers first in selects only; fields a skip empties asked later, by a
 * skippable step; named actions that exist in `actions`; questions first and one end screen last.
 */
export function funnelProblems(funnel: FunnelDefinition, actions: FunnelActions = FUNNEL_ACTIONS): string[] {
  const problems: string[] = [];
  const leadFields: Readonly<Record<string, unknown>> = LEAD_FIELDS_BY_PRODUCT[funnel.product];
  const stepNames = new Set<string>();
  const asked = new Set<string>();
  if (funnel.steps.length === 0) problems.push(`funnel ${funnel.id} has no steps`);
  funnel.steps.forEach((step, index) => {
    const where = `funnel ${funnel.id} step ${step.name}`;
    if (!STEP_NAME.test(step.name)) problems.push(`${where}: the step name is not a lower-case URL segment`);
    if (stepNames.has(step.name)) problems.push(`${where}: the step name is used twice`);
    stepNames.add(step.name);
    const last = index === funnel.steps.length - 1;
    if (END_KINDS.has(step.kind) !== last) problems.push(`${where}: ${last ? 'the last step must be an end screen (call, result or ads)' : 'an end screen must be the last step'}`);
    if (step.kind === 'form' && step.fields.length === 0) problems.push(`${where}: a form step has no fields`);
    if (step.kind !== 'form' && (step.fields.length > 0 || step.skippable)) problems.push(`${where}: an end screen has no fields and no skip`);
    if (step.skippable && !step.skipLabel) problems.push(`${where}: a skippable step needs a skip label`);
    for (const name of step.skipEmpties ?? []) {
      if (!step.skippable && !step.fields.some((field) => isPathAnswer(field.name))) problems.push(`${where}: only a skippable step or a path answer's empties other fields`);
      if (!funnel.steps.slice(index + 1).some((later) => later.fields.some((field) => field.name === name))) problems.push(`${where}: skipping empties '${name}', which no later step asks`);
    }
    if (step.onEnter && !Object.hasOwn(actions.enter, step.onEnter)) problems.push(`${where}: unknown on-enter action '${step.onEnter}'`);
    if (step.onSubmit && !Object.hasOwn(actions.submit, step.onSubmit)) problems.push(`${where}: unknown on-submit action '${step.onSubmit}'`);
    if (step.onlyIf && !asked.has(step.onlyIf.field)) problems.push(`${where}: its condition reads '${step.onlyIf.field}', which no earlier step asks`);
    const onStep = new Set<string>();
    for (const field of step.fields) {
      const at = `${where} field ${field.name}`;
      const pathAnswer = isPathAnswer(field.name);
      if (!Object.hasOwn(leadFields, field.name) && !pathAnswer) problems.push(`${at}: not a ${funnel.product} lead field nor a path answer`);
      if (pathAnswer && field.kind !== 'yesno') problems.push(`${at}: a path answer is a yes/no`);
      // Read from the step's own answers, so the browser can reveal it as they are given.
      if (field.onlyIf && !onStep.has(field.onlyIf.field)) problems.push(`${at}: its condition reads '${field.onlyIf.field}', which is not asked before it on this step`);
      if (field.commonFirst && (field.kind !== 'select' || field.commonFirst.count < 1 || field.commonFirst.count >= (field.options?.length ?? 0))) problems.push(`${at}: only a select lists common answers first, some but not all of its options`);
      if (asked.has(field.name)) problems.push(`${at}: asked twice`);
      asked.add(field.name);
      onStep.add(field.name);
      const values = field.options?.map((option) => option.value) ?? [];
      if (CHOICE_KINDS.has(field.kind) !== (values.length > 0 || field.modelsOf !== undefined)) problems.push(`${at}: only select, radio and yes/no fields have options, and they must`);
      if (field.other && field.kind !== 'select') problems.push(`${at}: only a select offers "Other"`);
      if (values.includes(OTHER_CHOICE)) problems.push(`${at}: an option has the value of "Other" (${OTHER_CHOICE})`);
      if (field.modelsOf) {
        if (field.kind !== 'select' || values.length > 0) problems.push(`${at}: a model list is a select with no options of its own`);
        if (!funnel.vehicleModels) problems.push(`${at}: lists models, but the funnel carries no vehicle catalog`);
        for (const source of [field.modelsOf.make, field.modelsOf.year]) {
          // Asked above it: the list appears once they are answered (without JavaScript, once posted).
          if (!asked.has(source) || source === field.name) problems.push(`${at}: its models follow '${source}', which is not asked before it`);
        }
      }
      if (values.includes('')) problems.push(`${at}: an option has an empty-string value`);
      if (new Set(values).size !== values.length) problems.push(`${at}: two options share a value`);
      if (field.kind === 'yesno' && values.join() !== [YES, NO].join()) problems.push(`${at}: a yes/no field's options are '${YES}' and '${NO}'`);
    }
  });
  return problems;
}
