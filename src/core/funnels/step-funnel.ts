/**
 * A funnel as one step's page carries it (issue 14 "Smaller payload"): the shown step in full,
 * every other step outlined. Each step is a page of its own whose payload the browser fetches when
 * it moves there, so the other steps' answer lists (~90 carriers, every vehicle make and year)
 * and the vehicle model catalog would only be carried, never shown.
 */
import type { FunnelDefinition, FunnelStep, StepField } from './types.ts';

/**
 * A step the page does not show: what the step engine still reads of it to move forward or back
 * (its name and condition), to capture the lead (its actions) and to name the consent disclosure
 * (its fields' kinds and its submit label). Titles and labels stay because the type asks for them.
 */
function outlineStep(step: FunnelStep): FunnelStep {
  const { description: _description, skipLabel: _skipLabel, skipEmpties: _skipEmpties, fields, ...kept } = step;
  return { ...kept, fields: fields.map(({ name, label, kind }): StepField => ({ name, label, kind })) };
}

/**
 * `funnel` for the page of step `index`: that step whole, the others outlined, and the vehicle
 * model catalog only when the shown step lists a vehicle's models.
 */
export function funnelForStep(funnel: FunnelDefinition, index: number): FunnelDefinition {
  const { vehicleModels, steps, ...rest } = funnel;
  const shown = steps[index];
  const needsModels = shown?.fields.some((field) => field.modelsOf) === true;
  return {
    ...rest,
    steps: steps.map((step, i) => (i === index ? step : outlineStep(step))),
    ...(needsModels && vehicleModels ? { vehicleModels } : {}),
  };
}
