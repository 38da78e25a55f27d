/**
 * Vehicle year, make and model as choices: the data set is sound and says what is
 * known about real cars; the auto funnel offers its years and makes, then the models of the
 * chosen make and year; every list has "Other", whose text box takes an answer not in it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OTHER_CHOICE, fieldInput, fieldValue } from '../../src/core/funnels/field-input.ts';
import { FUNNELS, funnelProblems } from '../../src/core/funnels/index.ts';
import { resolveStep } from '../../src/core/funnels/resolve-step.ts';
import type { FunnelDefinition, FunnelStep, StepField } from '../../src/core/funnels/types.ts';
import { COMMON_MAKES } from '../../src/core/funnels/step-library.ts';
import { VEHICLE_CATALOG, VEHICLE_MAKES, modelYearChoices } from '../../src/core/funnels/vehicles/catalog.ts';
import { FIRST_MODEL_YEAR, LAST_MODEL_YEAR, VEHICLE_MODELS } from '../../src/core/funnels/vehicles/makes-models.ts';
import { modelsOf } from '../../src/core/funnels/vehicles/models-of.ts';
import { VEHICLE_TEXT_MAX } from '../../src/core/leads/limits.ts';
import { FieldInput } from '../../src/ui/funnel/FieldInput.tsx';
import { FUNNEL_TEXT } from '../../src/ui/funnel/text.ts';

const auto = FUNNELS.auto!;
const stepOf = (name: string) => auto.steps.find((step) => step.name === name)!;
const fieldOf = (step: FunnelStep, name: string) => step.fields.find((field) => field.name === name)!;

describe('the vehicle data set', () => {
  test('makes are unique, listed alphabetically, with models', () => {
    assert.ok(VEHICLE_MAKES.length >= 40, `${VEHICLE_MAKES.length} makes`);
    assert.deepEqual(Object.keys(VEHICLE_MODELS), [...VEHICLE_MAKES], 'the file lists makes in the order offered');
    for (const make of VEHICLE_MAKES) assert.ok(VEHICLE_MODELS[make]!.length > 0, make);
  });

  test('every name fits the lead rules and never reads as "Other"; every span lies inside the years covered, in order', () => {
    for (const [make, models] of Object.entries(VEHICLE_MODELS)) {
      for (const name of [make, ...models.map(([model]) => model)]) {
        assert.equal(name, name.trim(), `${make}: '${name}' is trimmed`);
        assert.ok(name.length >= 1 && name.length <= VEHICLE_TEXT_MAX, `${make}: '${name}' has 1 to ${VEHICLE_TEXT_MAX} characters`);
        assert.notEqual(name, OTHER_CHOICE);
      }
      for (const [model, first, last] of models) {
        assert.ok(Number.isInteger(first) && first >= FIRST_MODEL_YEAR && first <= LAST_MODEL_YEAR, `${make} ${model}: first year ${first}`);
        if (last !== undefined) assert.ok(Number.isInteger(last) && last >= first && last <= LAST_MODEL_YEAR, `${make} ${model}: ${first} to ${last}`);
      }
      // A model sold in two spells has two entries that never overlap.
      const spells = new Map<string, Array<[number, number]>>();
      for (const [model, first, last] of models) spells.set(model, [...(spells.get(model) ?? []), [first, last ?? LAST_MODEL_YEAR]]);
      for (const [model, ranges] of spells) {
        const sorted = ranges.sort((a, b) => a[0] - b[0]);
        sorted.slice(1).forEach(([first], index) => assert.ok(first > sorted[index]![1], `${make} ${model}: spells overlap`));
      }
    }
  });

  // What anyone can check about these cars: the lists must agree.
  const known: Array<[make: string, year: string, has: string[], hasNot: string[]]> = [
    ['Toyota', '2018', ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Prius'], ['Celica', 'bZ4X', 'Crown']],
    ['Honda', '2010', ['Accord', 'Civic', 'Insight', 'Fit'], ['Passport', 'HR-V']],
    ['Honda', '2020', ['Passport', 'HR-V', 'Insight'], ['Element']],
    ['Ford', '1998', ['Taurus', 'F-150', 'Explorer', 'Escort'], ['Focus', 'Fusion']],
    ['Chevrolet', '2027', ['Bolt', 'Silverado 1500', 'Equinox'], ['Bolt EV', 'Malibu', 'Cavalier']],
    ['Tesla', '2016', ['Model S', 'Model X'], ['Model 3', 'Model Y']],
    ['Pontiac', '2009', ['G6', 'Vibe'], ['Firebird']],
  ];
  for (const [make, year, has, hasNot] of known) {
    test(`${year} ${make}: ${has.join(', ')}; not ${hasNot.join(', ')}`, () => {
      const models = modelsOf(VEHICLE_CATALOG, make, year);
      for (const model of has) assert.ok(models.includes(model), `${model} in ${models.join(', ')}`);
      for (const model of hasNot) assert.ok(!models.includes(model), `${model} not in the ${year} list`);
    });
  }

  test('models come alphabetically and once, even when a model had two spells', () => {
    const models = modelsOf(VEHICLE_CATALOG, 'Honda', '2021');
    assert.deepEqual(models, [...new Set(models)]);
    assert.deepEqual(models, [...models].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    assert.deepEqual(modelsOf(VEHICLE_CATALOG, 'Tesla', '2025'), ['Cybertruck', 'Model 3', 'Model S', 'Model X', 'Model Y']);
  });

  test('no list for a make it does not hold, a year it does not cover, or a year that is not one', () => {
    for (const [make, year] of [['Zastava', '2018'], ['Toyota', '1988'], ['Toyota', '20x8'], ['toString', '2018'], ['Tesla', '1999']]) {
      assert.deepEqual(modelsOf(VEHICLE_CATALOG, make!, year!), [], `${make} ${year}`);
    }
  });

  test('model years offered: newest first, one a year, from the newest a lead accepts down to the first covered', () => {
    const years = modelYearChoices({ year: 2026 });
    assert.equal(years[0], '2027');
    assert.equal(years.at(-1), String(FIRST_MODEL_YEAR));
    years.slice(1).forEach((year, index) => assert.equal(Number(year), Number(years[index]) - 1));
    assert.equal(modelYearChoices({ year: 2024 })[0], '2025', 'never a year the lead rule would refuse');
    assert.equal(modelYearChoices({ year: 2040 })[0], String(LAST_MODEL_YEAR), 'never past the data set');
  });
});

describe('the auto funnel asks year, make and model from the lists', () => {
  test('year, make and model on one screen: each a select with "Other", the most common makes first', () => {
    for (const n of [1, 2, 3]) {
      const year = fieldOf(stepOf(`vehicle-${n}`), `vehicle${n}Year`);
      const make = fieldOf(stepOf(`vehicle-${n}`), `vehicle${n}Make`);
      const model = fieldOf(stepOf(`vehicle-${n}`), `vehicle${n}Model`);
      assert.deepEqual(year.options!.map((option) => option.value), modelYearChoices());
      const makes = make.options!.map((option) => option.value);
      assert.deepEqual(makes.slice(0, make.commonFirst!.count), [...COMMON_MAKES]);
      assert.deepEqual(makes.slice(make.commonFirst!.count), VEHICLE_MAKES.filter((name) => !(COMMON_MAKES as readonly string[]).includes(name)), 'then all the others, alphabetical');
      assert.deepEqual(model.modelsOf, { make: `vehicle${n}Make`, year: `vehicle${n}Year` });
      assert.deepEqual([year, make, model].map((field) => [field.kind, field.other?.label]), [
        ['select', `Before ${FIRST_MODEL_YEAR}`],
        ['select', 'Other make'],
        ['select', 'Other model'],
      ]);
      assert.equal(year.other!.kind, 'year', 'a typed year gets the number keyboard');
    }
    assert.deepEqual(COMMON_MAKES.slice(0, 11), ['Toyota', 'Ford', 'Chevrolet', 'Honda', 'Nissan', 'Hyundai', 'Jeep', 'Kia', 'Subaru', 'GMC', 'Ram']);
    assert.equal(auto.vehicleModels, VEHICLE_CATALOG, 'the definition carries the models to the browser');
  });

  test("the model list appears once a make and year are chosen, lists that make's models of that year, and keeps \"Other\"", () => {
    const names = (values: Record<string, string>) => resolveStep(auto, stepOf('vehicle-1'), values).fields.map((field) => field.name);
    assert.deepEqual(names({}), ['vehicle1Year', 'vehicle1Make']);
    assert.deepEqual(names({ vehicle1Make: 'Toyota' }), ['vehicle1Year', 'vehicle1Make']);
    assert.deepEqual(names({ vehicle1Year: '2018', vehicle1Make: 'Toyota' }), ['vehicle1Year', 'vehicle1Make', 'vehicle1Model']);
    const step = resolveStep(auto, stepOf('vehicle-1'), { vehicle1Year: '2018', vehicle1Make: 'Toyota' });
    const model = step.fields[2]!;
    assert.equal(model.kind, 'select');
    assert.deepEqual(model.options!.map((option) => option.value), modelsOf(VEHICLE_CATALOG, 'Toyota', '2018'));
    assert.ok(model.options!.every((option) => option.label === option.value));
    assert.equal(model.other?.label, 'Other model');
    assert.equal(model.modelsOf, undefined);
  });

  test('a make typed under "Other", or a year before the lists, makes the model a text field', () => {
    for (const values of [{ vehicle1Year: '2018', vehicle1Make: 'Zastava' }, { vehicle1Year: '1988', vehicle1Make: 'Toyota' }]) {
      const model = resolveStep(auto, stepOf('vehicle-1'), values).fields[2]!;
      assert.deepEqual([model.kind, model.options, model.other], ['text', undefined, undefined], JSON.stringify(values));
      assert.equal(fieldValue(model, { vehicle1Model: 'Skala 55' }), 'Skala 55');
    }
  });

  test('steps with nothing that follows their answers show every field as defined', () => {
    const step = stepOf('driver-1');
    assert.deepEqual(resolveStep(auto, step, { vehicle1Make: 'Toyota' }), step);
  });

  test('a model given before shows chosen; one typed under "Other" shows typed', () => {
    const model = resolveStep(auto, stepOf('vehicle-1'), { vehicle1Year: '2018', vehicle1Make: 'Toyota' }).fields[2]!;
    assert.deepEqual(fieldInput(model, 'Camry'), { vehicle1Model: 'Camry' });
    assert.deepEqual(fieldInput(model, 'Camry Hybrid XSE'), { vehicle1Model: OTHER_CHOICE, vehicle1ModelOther: 'Camry Hybrid XSE' });
  });
});

describe('a list with "Other", rendered', () => {
  const render = (field: StepField, input: Record<string, string>, error?: string) =>
    renderToStaticMarkup(createElement(FieldInput, { field, input, text: FUNNEL_TEXT.en, onChange: () => undefined, ...(error ? { error } : {}) }));
  const make = fieldOf(stepOf('vehicle-1'), 'vehicle1Make');
  /** The attributes of the element with `id` in `html`, whatever order React writes them in. */
  const attributes = (html: string, id: string) => {
    const tag = new RegExp(`<\\w+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
  };

  test('a native select with the most common makes first, then every other, "Other make" last, and the text box it reveals, labelled', () => {
    const html = render(make, { vehicle1Make: 'Toyota' });
    assert.match(html, /<div class="field field-with-other" data-field="vehicle1Make"><label for="field-vehicle1Make" class="field-label">Make<\/label>/);
    assert.match(html, /<select id="field-vehicle1Make" name="vehicle1Make"/);
    const options = [...html.matchAll(/<option[^>]*value="([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(options, ['', ...make.options!.map((option) => option.value), OTHER_CHOICE]);
    assert.deepEqual(options.slice(1, 4), ['Toyota', 'Ford', 'Chevrolet']);
    // Without JavaScript too, the common ones come first under a group a screen reader names.
    assert.match(html, /<optgroup label="Most common"><option value="Toyota" selected="">Toyota<\/option><option value="Ford">Ford<\/option>/);
    assert.match(html, /<\/optgroup><optgroup label="All makes, A to Z"><option value="Acura">Acura<\/option>/);
    assert.match(html, /<option value="Toyota" selected="">Toyota<\/option>/);
    assert.match(html, /<option class="choice-other" value="_other">Other make<\/option><\/select>/);
    assert.match(html, /<\/select><div class="field-other"><label for="field-vehicle1MakeOther">Not in the list\? Type the make<\/label><input [^>]*\/><\/div><\/div>$/);
    assert.deepEqual(attributes(html, 'field-vehicle1MakeOther'), { id: 'field-vehicle1MakeOther', type: 'text', autoComplete: 'off', name: 'vehicle1MakeOther', value: '' });
  });

  test('the box is invalid with the field only while "Other" is the choice', () => {
    const chosen = render(make, { vehicle1Make: OTHER_CHOICE }, 'Choose the make, or type it (up to 50 characters).');
    assert.equal(attributes(chosen, 'field-vehicle1MakeOther')['aria-invalid'], 'true');
    assert.equal(attributes(chosen, 'field-vehicle1MakeOther')['aria-describedby'], 'field-vehicle1Make-error');
    const listed = render(make, {}, 'Choose the make, or type it (up to 50 characters).');
    assert.equal(attributes(listed, 'field-vehicle1MakeOther')['aria-invalid'], undefined);
    assert.equal(attributes(listed, 'field-vehicle1Make')['aria-invalid'], 'true', 'the select carries the error then');
  });

  test('a typed year gets the number keyboard and four digits', () => {
    const html = render(fieldOf(stepOf('vehicle-1'), 'vehicle1Year'), { vehicle1Year: OTHER_CHOICE, vehicle1YearOther: '1988' });
    const box = attributes(html, 'field-vehicle1YearOther');
    assert.deepEqual([box.type, box.inputMode, box.maxLength, box.value], ['text', 'numeric', '4', '1988']);
    assert.match(html, /<option class="choice-other" value="_other" selected="">Before 1995<\/option>/);
  });
});

describe('funnelProblems checks the lists', () => {
  const full = stepOf('vehicle-1');
  const vehicle = { ...full, fields: full.fields.slice(0, 2) };
  const model = { ...full, name: 'vehicle-1-model', fields: full.fields.slice(2) };
  const withSteps = (steps: FunnelStep[], base: FunnelDefinition = auto): FunnelDefinition => ({ ...base, steps: [...steps, auto.steps.at(-1)!] });
  const { vehicleModels: _catalog, ...withoutCatalog } = auto;
  const cases: Array<[name: string, funnel: FunnelDefinition, problem: RegExp]> = [
    ['a model list in a funnel without the catalog', withSteps([vehicle, model], withoutCatalog), /carries no vehicle catalog/],
    ['a model list before its make is asked', withSteps([model, vehicle]), /its models follow 'vehicle1Make', which is not asked before it/],
    ['a model list above its make on the same screen', withSteps([{ ...vehicle, fields: [vehicle.fields[0]!, ...model.fields, vehicle.fields[1]!] }]), /its models follow 'vehicle1Make', which is not asked before it/],
    ['common answers first on a field that is not a select', withSteps([{ ...vehicle, fields: [vehicle.fields[0]!, { name: 'vehicle1Make', label: 'Make', kind: 'radio', options: [{ value: 'Ford', label: 'Ford' }, { value: 'Kia', label: 'Kia' }], commonFirst: { count: 1, label: 'a', restLabel: 'b' } }] }]), /only a select lists common answers first/],
    ['a field whose condition reads a later field', withSteps([{ ...vehicle, fields: [{ ...vehicle.fields[0]!, onlyIf: { field: 'vehicle1Make' } }, vehicle.fields[1]!] }]), /its condition reads 'vehicle1Make', which is not asked before it on this step/],
    ['a model list with options of its own', withSteps([vehicle, { ...model, fields: [{ ...model.fields[0]!, options: [{ value: 'Camry', label: 'Camry' }] }] }]), /a select with no options of its own/],
    ['"Other" on a radio', withSteps([{ ...vehicle, fields: [{ ...vehicle.fields[0]!, kind: 'radio' }] }]), /only a select offers "Other"/],
    ['a listed value that reads as "Other"', withSteps([{ ...vehicle, fields: [{ ...vehicle.fields[1]!, options: [{ value: OTHER_CHOICE, label: 'Other' }] }] }]), /has the value of "Other"/],
  ];
  for (const [name, funnel, problem] of cases) {
    test(name, () => {
      const problems = funnelProblems(funnel);
      assert.ok(problems.some((text) => problem.test(text)), problems.join('\n') || 'no problems found');
    });
  }
});
