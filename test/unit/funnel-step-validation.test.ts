import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { emptiedValues, fieldInput, fieldValue, stepInput, stepInputNames, stepValues, type StepInput } from '../../src/core/funnels/field-input.ts';
import { validateStepValues } from '../../src/core/funnels/step-validation.ts';
import type { FunnelDefinition, FunnelStep, StepField } from '../../src/core/funnels/types.ts';

/** A step's form inputs validated as the funnel form does: the values they hold, then the step's rules. */
const validateStep = (funnel: FunnelDefinition, step: FunnelStep, input: StepInput) => validateStepValues(funnel, step, stepValues(step, input));

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
    ['vehicle1Year', { vehicle1Year: '2018' }, '2018'],
    // A list's "Other" answer is what its text box holds (a year's trimmed, as it has one shape).
    ['vehicle1Year', { vehicle1Year: '_other', vehicle1YearOther: ' 1988 ' }, '1988'],
    ['vehicle1Make', { vehicle1Make: '_other', vehicle1MakeOther: 'Zastava' }, 'Zastava'],
    ['vehicle1Make', { vehicle1Make: '_other', vehicle1MakeOther: '  ' }, undefined],
    ['vehicle1Make', { vehicle1Make: '_other' }, undefined],
    // A browser without :has() shows the box always: typed with nothing chosen still counts, a choice wins over it.
    ['vehicle1Make', { vehicle1MakeOther: 'Zastava' }, 'Zastava'],
    ['vehicle1Make', { vehicle1Make: 'Toyota', vehicle1MakeOther: 'Zastava' }, 'Toyota'],
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
    // A make or year not in the list was typed under "Other": it shows there again.
    assert.deepEqual(stepInput(stepOf('auto', 'vehicle-1'), { vehicle1Year: '1988', vehicle1Make: 'Zastava' }), {
      vehicle1Year: '_other',
      vehicle1YearOther: '1988',
      vehicle1Make: '_other',
      vehicle1MakeOther: 'Zastava',
    });
  });

  test('a date field has three inputs, a list with "Other" two; skip empties every field', () => {
    const driver = stepOf('auto', 'driver-2');
    assert.ok(stepInputNames(driver).includes('driver2DobMonth'));
    assert.ok(!stepInputNames(driver).includes('driver2Dob'));
    assert.deepEqual(stepInputNames(stepOf('auto', 'vehicle-2')), ['vehicle2Year', 'vehicle2YearOther', 'vehicle2Make', 'vehicle2MakeOther', 'vehicle2Model', 'vehicle2ModelOther']);
    const emptied = emptiedValues(driver);
    assert.ok(Object.values(emptied).every((value) => value === undefined));
    assert.deepEqual(Object.keys(emptied), ['driver2FirstName', 'driver2LastName', 'driver2Dob']);
    assert.deepEqual(Object.keys(emptiedValues(stepOf('medicare', 'medicaid'))), ['haveMedicaid']);
  });
});

describe('validating a step with the lead schemas', () => {
  test('a valid step gives the cleaned values of its fields only', () => {
    const result = validateStep(auto, stepOf('auto', 'contact'), {
      driver1Email: ' ana@example.com ',
      driver1Phone: '5551234567',
      driver1Address: ' 1 Main St ',
      zipcode: 'not this step',
    });
    assert.deepEqual(result, { ok: true, values: { driver1Email: 'ana@example.com', driver1Phone: '(555) 123-4567' } });
  });

  const refused: Array<[funnel: string, step: string, input: Record<string, string>, errors: Record<string, string>]> = [
    ['medicare', 'zip', { zipcode: '1234' }, { zipcode: 'Enter a 5-digit ZIP code.' }],
    ['medicare', 'zip', {}, { zipcode: 'Enter a 5-digit ZIP code.' }],
    ['medicare-es', 'zip', { zipcode: 'abc' }, { zipcode: 'Ingrese un código postal de 5 dígitos.' }],
    ['medicare', 'medicare', { haveMedicare: 'perhaps' }, { haveMedicare: 'Answer yes or no.' }],
    ['auto', 'insured', { currentlyInsured: 'yes', currentCompany: 'Acme Mutual' }, { currentCompany: 'Choose an insurance company from the list, or Other.' }],
    // Once insured, the insurer is asked: required.
    ['auto', 'insured', { currentlyInsured: 'yes' }, { currentCompany: 'Choose an insurance company from the list, or Other.' }],
    ['auto', 'homeowner', { homeowner: 'yes' }, { interestedInHomeInsurance: 'Answer yes or no.' }],
    [
      'auto',
      'vehicle-1',
      { vehicle1Year: '_other', vehicle1YearOther: '18', vehicle1Make: '_other', vehicle1MakeOther: 'x'.repeat(51), vehicle1Model: 'Camry' },
      { vehicle1Year: 'Choose the model year, or type its 4 digits.', vehicle1Make: 'Choose the make, or type it (up to 50 characters).' },
    ],
    ['auto', 'vehicle-1', { vehicle1Year: '_other', vehicle1Make: 'Toyota', vehicle1Model: 'Camry' }, { vehicle1Year: 'Choose the model year, or type its 4 digits.' }],
    ['auto', 'vehicle-1', { vehicle1Year: '2018', vehicle1Make: 'Toyota' }, { vehicle1Model: 'Choose the model, or type it (up to 50 characters).' }],
    // A path answer is a yes or a no, and must be given.
    ['auto', 'has-vehicle-2', {}, { hasVehicle2: 'Choose Yes or No.' }],
    ['auto', 'has-driver-2', { hasDriver2: 'maybe' }, { hasDriver2: 'Choose Yes or No.' }],
    [
      'auto',
      'driver-1',
      { driver1FirstName: 'Ana', driver1LastName: 'Ruiz', driver1DobMonth: '02', driver1DobDay: '30', driver1DobYear: '1956' },
      { driver1Dob: 'Enter a real date of birth: choose the month, then type the day and the 4-digit year.' },
    ],
    ['auto', 'contact', { driver1Email: 'ana@', driver1Phone: '555-1234' }, { driver1Email: 'Enter a valid email address, for example name@example.com.', driver1Phone: 'Enter the phone number as (NNN) NNN-NNNN.' }],
  ];
  for (const [funnel, step, input, errors] of refused) {
    test(`${funnel}/${step} refuses ${JSON.stringify(input).slice(0, 60)}`, () => {
      assert.deepEqual(validateStep(FUNNELS[funnel]!, stepOf(funnel, step), input), { ok: false, errors });
    });
  }

  const accepted: Array<[step: string, input: Record<string, string>, values: Record<string, unknown>]> = [
    // A question its step's answers do not call for is neither asked nor kept: it comes back emptied.
    ['insured', { currentlyInsured: 'no', currentCompany: 'State Farm' }, { currentlyInsured: false, currentCompany: undefined }],
    ['insured', { currentlyInsured: 'yes', currentCompany: 'State Farm' }, { currentlyInsured: true, currentCompany: 'State Farm' }],
    ['homeowner', { homeowner: 'no' }, { homeowner: false, interestedInHomeInsurance: undefined }],
    // A yes keeps what it leads to; a no empties it, down to the third vehicle or driver.
    ['has-vehicle-2', { hasVehicle2: 'yes' }, { hasVehicle2: true }],
    [
      'has-vehicle-2',
      { hasVehicle2: 'no' },
      { hasVehicle2: false, ...Object.fromEntries(['vehicle2Year', 'vehicle2Make', 'vehicle2Model', 'hasVehicle3', 'vehicle3Year', 'vehicle3Make', 'vehicle3Model'].map((name) => [name, undefined])) },
    ],
    ['has-driver-3', { hasDriver3: 'no' }, { hasDriver3: false, ...Object.fromEntries(['FirstName', 'LastName', 'Dob', 'Gender', 'MaritalStatus', 'CreditRating', 'Sr22', 'MilitaryAffiliation'].map((field) => [`driver3${field}`, undefined])) }],
  ];
  for (const [step, input, values] of accepted) {
    test(`auto/${step} takes ${JSON.stringify(input)}`, () => {
      const result = validateStep(auto, stepOf('auto', step), input);
      assert.deepEqual(result, { ok: true, values });
      if (result.ok) assert.deepEqual(Object.keys(result.values).sort(), Object.keys(values).sort(), 'every emptied field is named');
    });
  }

  test('an optional field may stay empty', () => {
    const result = validateStep(auto, stepOf('auto', 'address'), { driver1Address: '1 Main St' });
    assert.deepEqual(result, { ok: true, values: { driver1Address: '1 Main St', driver1Address2: undefined } });
  });
});
