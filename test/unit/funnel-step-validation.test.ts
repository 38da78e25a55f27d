import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { emptiedValues, fieldInput, fieldValue, stepInput, stepInputNames } from '../../src/core/funnels/field-input.ts';
import { validateStep } from '../../src/core/funnels/step-validation.ts';
import type { StepField } from '../../src/core/funnels/types.ts';

const auto = FUNNELS.auto!;
const stepOf = (funnelId: string, name: string) => FUNNELS[funnelId]!.steps.find((step) => step.name === name)!;
const fieldOf = (name: string): StepField => auto.steps.flatMap((step) => step.fields).find((field) => field.name === name)!;

describe('input to lead values', () => {
  const cases: Array<[field: string, input: Record<string, string>, value: unknown]> = [
    ['zipcode', { zipcode: ' 33101 ' }, '33101'],
    ['zipcode', { zipcode: '   ' }, undefined],
    ['zipcode', {}, undefined],
    ['homeowner', { homeowner: 'yes' }, true],
    ['homeowner', { homeowner: 'no' }, false],
    ['homeowner', { homeowner: 'maybe' }, 'maybe'],
    ['driver1Phone', { driver1Phone: '555 123 4567' }, '(555) 123-4567'],
    ['driver1Phone', { driver1Phone: '+1 (555) 123-4567' }, '(555) 123-4567'],
    ['driver1Phone', { driver1Phone: '123-4567' }, '123-4567'],
    ['driver1Dob', { driver1DobMonth: '04', driver1DobDay: '3', driver1DobYear: '1956' }, '1956-04-03'],
    ['driver1Dob', { driver1DobMonth: '', driver1DobDay: '', driver1DobYear: '' }, undefined],
    ['driver1Dob', { driver1DobMonth: '02', driver1DobDay: '30', driver1DobYear: '' }, '-02-30'],
    ['driver1FirstName', { driver1FirstName: '  Ana ' }, '  Ana '],
    ['vehicle1Year', { vehicle1Year: '2018 ' }, '2018'],
  ];
  for (const [name, input, value] of cases) {
    test(`${name} ${JSON.stringify(input)} -> ${JSON.stringify(value)}`, () => {
      assert.equal(fieldValue(fieldOf(name), input), value);
    });
  }

  test('stored values pre-fill the inputs, a date in three parts', () => {
    assert.deepEqual(fieldInput(fieldOf('driver1Dob'), '1956-04-03'), { driver1DobMonth: '04', driver1DobDay: '3', driver1DobYear: '1956' });
    assert.deepEqual(fieldInput(fieldOf('driver1Dob'), 'garbage'), {});
    assert.deepEqual(fieldInput(fieldOf('homeowner'), false), { homeowner: 'no' });
    assert.deepEqual(fieldInput(fieldOf('homeowner'), 'yes'), {});
    assert.deepEqual(fieldInput(fieldOf('zipcode'), undefined), {});
    assert.deepEqual(stepInput(stepOf('auto', 'vehicle-1'), { vehicle1Year: '2018', vehicle1Make: 'Toyota', zipcode: '33101' }), { vehicle1Year: '2018', vehicle1Make: 'Toyota' });
  });

  test('a date field has three inputs; skip empties every field', () => {
    const driver = stepOf('auto', 'driver-2');
    assert.ok(stepInputNames(driver).includes('driver2DobMonth'));
    assert.ok(!stepInputNames(driver).includes('driver2Dob'));
    const emptied = emptiedValues(driver);
    assert.equal(Object.keys(emptied).length, driver.fields.length);
    assert.ok(Object.values(emptied).every((value) => value === undefined));
  });
});

describe('validating a step with the lead schemas', () => {
  test('a valid step gives the cleaned values of its fields only', () => {
    const result = validateStep(auto, stepOf('auto', 'contact'), {
      driver1Email: ' ana@example.com ',
      driver1Phone: '5551234567',
      driver1Address: ' 1 Main St ',
      driver1Address2: '',
      zipcode: 'not this step',
    });
    assert.deepEqual(result, {
      ok: true,
      values: { driver1Email: 'ana@example.com', driver1Phone: '(555) 123-4567', driver1Address: '1 Main St', driver1Address2: undefined },
    });
  });

  const refused: Array<[funnel: string, step: string, input: Record<string, string>, errors: Record<string, string>]> = [
    ['medicare', 'zip', { zipcode: '1234' }, { zipcode: 'Enter a 5-digit ZIP code.' }],
    ['medicare', 'zip', {}, { zipcode: 'Enter a 5-digit ZIP code.' }],
    ['medicare-es', 'zip', { zipcode: 'abc' }, { zipcode: 'Ingrese un código postal de 5 dígitos.' }],
    ['medicare', 'medicare', { haveMedicare: 'perhaps' }, { haveMedicare: 'Answer yes or no.' }],
    ['auto', 'company', { currentCompany: 'Acme Mutual' }, { currentCompany: 'Choose an insurance company from the list, or Other.' }],
    [
      'auto',
      'vehicle-1',
      { vehicle1Year: '18', vehicle1Make: 'x'.repeat(51), vehicle1Model: 'Camry' },
      { vehicle1Year: `Enter a 4-digit year from 1900 to ${new Date().getFullYear() + 1}.`, vehicle1Make: 'Enter the make (up to 50 characters).' },
    ],
    [
      'auto',
      'driver-1',
      { driver1FirstName: 'Ana', driver1LastName: 'Ruiz', driver1Gender: 'female', driver1MaritalStatus: 'married', driver1DobMonth: '02', driver1DobDay: '30', driver1DobYear: '1956', driver1CreditRating: 'good', driver1Sr22: 'no', driver1MilitaryAffiliation: 'no' },
      { driver1Dob: 'Enter a real date of birth: choose the month, then type the day and the 4-digit year.' },
    ],
    ['auto', 'contact', { driver1Email: 'ana@', driver1Phone: '555-1234', driver1Address: 'x' }, { driver1Email: 'Enter a valid email address, for example name@example.com.', driver1Phone: 'Enter the phone number as (NNN) NNN-NNNN.' }],
  ];
  for (const [funnel, step, input, errors] of refused) {
    test(`${funnel}/${step} refuses ${JSON.stringify(input).slice(0, 60)}`, () => {
      assert.deepEqual(validateStep(FUNNELS[funnel]!, stepOf(funnel, step), input), { ok: false, errors });
    });
  }

  test('an optional field may stay empty', () => {
    const result = validateStep(auto, stepOf('auto', 'contact'), { driver1Email: 'a@b.co', driver1Phone: '(555) 123-4567', driver1Address: '1 Main St' });
    assert.equal(result.ok, true);
  });
});
