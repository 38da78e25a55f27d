/**
 * A step as shown to one visitor: the options that depend on earlier answers filled in from the
 * form's values. Today that is a vehicle's model list, which follows the make and model year
 * asked on the step before: the no-JavaScript post already keeps those answers, so the
 * server renders the same list the browser does.
 */
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

/**
 * `step` with every field's options for these `values`, from the funnel's model catalog (in the
 * browser, the one fetched from its address: ui/funnel/use-vehicle-models.ts); the step itself
 * when none depends on them.
 */
export function resolveStep(funnel: Pick<FunnelDefinition, 'vehicleModels'>, step: FunnelStep, values: FormValues): FunnelStep {
  if (!step.fields.some((field) => field.modelsOf)) return step;
  const catalog = funnel.vehicleModels ?? {};
  return { ...step, fields: step.fields.map((field) => resolveModels(field, catalog, values)) };
}
