/**
 * A step as shown to one visitor: only the fields their answers call for, and the options that
 * depend on earlier answers filled in from the form's values. A field with a condition
 * (StepField.onlyIf) shows once the answer it follows is given (the insurer after "insured: yes");
 * a vehicle's model list shows once its make and model year are chosen, listing that make's
 * models of that year. The browser resolves the step again as the visitor answers; the server
 * resolves it from the answers it was posted, so a no-JavaScript page shows the same.
 */
import { conditionHolds } from './engine.ts';
import type { FormValues } from './form-buckets.ts';
import type { FunnelDefinition, FunnelStep, StepField, VehicleModelCatalog } from './types.ts';
import { modelsOf } from './vehicles/models-of.ts';

/**
 * A `modelsOf` field with the models of the answered make and year as its options, "Other" kept;
 * a plain text field when there are none to list (a make typed under "Other", or an older year).
 */
function resolveModels(field: StepField, catalog: VehicleModelCatalog, values: FormValues): StepField {
  const { modelsOf: source, other, ...rest } = field;
  if (!source) return field;
  const [make, year] = [values[source.make], values[source.year]];
  const models = typeof make === 'string' && typeof year === 'string' ? modelsOf(catalog, make, year) : [];
  if (models.length === 0) return { ...rest, kind: 'text' };
  return { ...rest, kind: 'select', options: models.map((model) => ({ value: model, label: model })), ...(other ? { other } : {}) };
}

/** True when `values` call for `field`: its condition holds, and a model list's make and year are answered. */
export function fieldShown(field: StepField, values: FormValues): boolean {
  if (!conditionHolds(field.onlyIf, values)) return false;
  return !field.modelsOf || (values[field.modelsOf.make] !== undefined && values[field.modelsOf.year] !== undefined);
}

/**
 * `step` as `values` show it: the fields they call for ({@link fieldShown}), model lists with
 * the options of the funnel's model catalog (in the browser, the one fetched from its address:
 * ui/funnel/use-vehicle-models.ts).
 */
export function resolveStep(funnel: Pick<FunnelDefinition, 'vehicleModels'>, step: FunnelStep, values: FormValues): FunnelStep {
  const catalog = funnel.vehicleModels ?? {};
  return { ...step, fields: step.fields.filter((field) => fieldShown(field, values)).map((field) => resolveModels(field, catalog, values)) };
}
