/**
 * A funnel as one step's page carries it: the shown step in full,
 * every other step outlined. Each step is a page of its own whose payload the browser fetches when
 * it moves there, so the other steps' answer lists (~90 carriers, every vehicle make and year)
 * would only be carried, never shown. The vehicle model catalog is not carried at all: the browser
 * fetches it from its cacheable address (vehicles/catalog-address.ts).
 */
import { catalogFile } from './vehicles/catalog-address.ts';
import type { FormValues } from './form-buckets.ts';
import type { FunnelDefinition, FunnelStep, StepField, VehicleModelCatalog } from './types.ts';

/**
 * A step the page does not show: what the step engine still reads of it to move forward or back
 * (its name and condition), to capture the lead (its actions), to name the consent disclosure
 * (its fields' kinds and its submit label) and to fetch the model catalog ahead of a model step
 * (its `modelsOf`). Titles and labels stay because the type asks for them.
 */
function outlineStep(step: FunnelStep): FunnelStep {
  const { description: _description, skipLabel: _skipLabel, skipEmpties: _skipEmpties, fields, ...kept } = step;
  return { ...kept, fields: fields.map(({ name, label, kind, modelsOf: source }): StepField => ({ name, label, kind, ...(source ? { modelsOf: source } : {}) })) };
}

/**
 * `funnel` for the page of step `index`: that step whole, the others outlined, and the address of
 * its vehicle model catalog in place of the catalog.
 */
export function funnelForStep(funnel: FunnelDefinition, index: number): FunnelDefinition {
  const { vehicleModels, steps, ...rest } = funnel;
  return {
    ...rest,
    steps: steps.map((step, i) => (i === index ? step : outlineStep(step))),
    ...(vehicleModels ? { vehicleModelsHref: catalogFile(vehicleModels).href } : {}),
  };
}

/**
 * The part of `catalog` that `step` lists for `values`: the answered makes' models. What a page
 * rendered with the visitor's answers (no JavaScript) carries, so its HTML lists the models and its
 * first render in a browser lists the same.
 */
export function answeredModels(catalog: VehicleModelCatalog, step: FunnelStep, values: FormValues): VehicleModelCatalog | undefined {
  const answered = step.fields.flatMap((field) => {
    const make = field.modelsOf ? values[field.modelsOf.make] : undefined;
    const models = typeof make === 'string' && Object.hasOwn(catalog, make) ? catalog[make] : undefined;
    return typeof make === 'string' && models ? [[make, models] as const] : [];
  });
  return answered.length > 0 ? Object.fromEntries(answered) : undefined;
}
