/**
 * A funnel as one step's payload carries it, a fraction of the whole (core/funnels/step-funnel.ts):
 * the shown step whole, the others outlined, the model catalog replaced by its address; and the
 * step engine, the consent disclosure and the no-JavaScript model list work the same from it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import { funnelConsent } from '../../src/core/funnels/consent.ts';
import { nextStepIndex } from '../../src/core/funnels/engine.ts';
import { visitorPath } from '../../src/core/funnels/visitor-path.ts';
import type { FormValues } from '../../src/core/funnels/form-buckets.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { resolveStep } from '../../src/core/funnels/resolve-step.ts';
import { answeredModels, funnelForStep } from '../../src/core/funnels/step-funnel.ts';
import { catalogFile, VEHICLE_MODELS_PREFIX } from '../../src/core/funnels/vehicles/catalog-address.ts';
import { VEHICLE_CATALOG } from '../../src/core/funnels/vehicles/catalog.ts';

const auto = FUNNELS.auto!;
const indexOf = (name: string) => auto.steps.findIndex((step) => step.name === name);

/** Answers that take the walk through every conditional step: three vehicles, three drivers. */
const EVERY_STEP: FormValues = {
  currentlyInsured: true, homeowner: true,
  vehicle1Year: '2018', vehicle1Make: 'Toyota', vehicle2Year: '2015', vehicle2Make: 'Honda', vehicle3Year: '2012', vehicle3Make: 'Ford',
  driver1FirstName: 'Ann', driver2FirstName: 'Bob', driver3FirstName: 'Cy',
};

describe('funnelForStep', () => {
  for (const funnel of Object.values(FUNNELS)) {
    test(`${funnel.id}: every step's page holds that step whole, the others by name, kind, condition and actions`, () => {
      funnel.steps.forEach((shown, index) => {
        const carried = funnelForStep(funnel, index);
        assert.deepEqual(carried.steps[index], shown);
        assert.deepEqual(carried.steps.map((step) => [step.name, step.kind, step.onlyIf, step.onEnter, step.onSubmit, step.submitLabel]), funnel.steps.map((step) => [step.name, step.kind, step.onlyIf, step.onEnter, step.onSubmit, step.submitLabel]));
        for (const [i, step] of carried.steps.entries()) {
          if (i === index) continue;
          assert.ok(step.fields.every((field) => field.options === undefined && field.hint === undefined), `${step.name} outlined`);
          assert.deepEqual(step.fields.map((field) => [field.name, field.kind, field.modelsOf]), funnel.steps[i]!.fields.map((field) => [field.name, field.kind, field.modelsOf]));
        }
        assert.equal(carried.vehicleModels, undefined, 'no catalog in a payload');
        assert.equal(carried.vehicleModelsHref, funnel.vehicleModels ? catalogFile(funnel.vehicleModels).href : undefined);
        assert.deepEqual(funnelConsent(carried, BRANDS[0]!), funnelConsent(funnel, BRANDS[0]!), 'the same consent disclosure');
      });
    });
  }

  const walks: [string, FormValues][] = [
    ['no answers', {}],
    ['every vehicle and driver', EVERY_STEP],
  ];
  for (const [name, values] of walks) {
    test(`the auto funnel moves forward and back the same from any step's page (${name})`, () => {
      auto.steps.forEach((_, index) => {
        const carried = funnelForStep(auto, index);
        assert.equal(nextStepIndex(carried, index, values), nextStepIndex(auto, index, values));
        assert.deepEqual(visitorPath(carried, index, values), visitorPath(auto, index, values), 'the same path: progress and Back');
      });
    });
  }

  test('a step page carries a small part of the whole definition', () => {
    const whole = JSON.stringify(auto).length;
    for (const index of auto.steps.keys()) assert.ok(JSON.stringify(funnelForStep(auto, index)).length < whole / 3, auto.steps[index]!.name);
  });
});

describe('the vehicle model catalog file', () => {
  test('its address names a hash of its JSON, which is the catalog', () => {
    const file = catalogFile(VEHICLE_CATALOG);
    assert.match(file.href, new RegExp(`^${VEHICLE_MODELS_PREFIX.replaceAll('.', '\\.')}[0-9a-f]{8}\\.json$`));
    assert.deepEqual(JSON.parse(file.json), VEHICLE_CATALOG);
    assert.equal(catalogFile(VEHICLE_CATALOG), file, 'built once');
  });

  test('another catalog has another address', () => {
    const fewer = Object.fromEntries(Object.entries(VEHICLE_CATALOG).slice(1));
    assert.notEqual(catalogFile(fewer).href, catalogFile(VEHICLE_CATALOG).href);
  });
});

describe('answeredModels (a no-JavaScript vehicle step posted with its make and year)', () => {
  const modelStep = auto.steps[indexOf('vehicle-2')]!;
  const cases: [string, FormValues, string[] | undefined][] = [
    ['the answered make', { vehicle2Make: 'Honda', vehicle2Year: '2015' }, ['Honda']],
    ['another vehicle\'s make is not listed here', { vehicle1Make: 'Toyota' }, undefined],
    ['a make typed under Other', { vehicle2Make: 'Zastava' }, undefined],
    ['an inherited property name', { vehicle2Make: 'toString' }, undefined],
    ['no answers', {}, undefined],
  ];
  for (const [name, values, makes] of cases) {
    test(name, () => {
      const models = answeredModels(VEHICLE_CATALOG, modelStep, values);
      assert.deepEqual(models && Object.keys(models), makes);
    });
  }

  test('lists the same models as the whole catalog', () => {
    const values = { vehicle2Make: 'Honda', vehicle2Year: '2015' };
    const part = answeredModels(VEHICLE_CATALOG, modelStep, values)!;
    assert.deepEqual(resolveStep({ vehicleModels: part }, modelStep, values), resolveStep(auto, modelStep, values));
  });
});
