import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AutoLeadSchema,
  MAX_DRIVERS,
  MAX_VEHICLES,
  MedicareLeadSchema,
  driverValues,
  isLeadProduct,
  readStoredLead,
  validateLeadFields,
  vehicleValues,
  type AutoLead,
} from '../../src/core/leads/index.ts';

// Spec §3 field names, written out so the generated keys are checked against the text.
const DRIVER_SUFFIXES = [
  'FirstName', 'LastName', 'Gender', 'MaritalStatus', 'Dob', 'Email', 'Phone', 'Address', 'Address2',
  'CreditRating', 'Sr22', 'MilitaryAffiliation',
];
const SPEC_AUTO_KEYS = [
  'zipcode', 'currentlyInsured', 'currentCompany', 'homeowner', 'interestedInHomeInsurance',
  ...[1, 2, 3].flatMap((n) => DRIVER_SUFFIXES.map((suffix) => `driver${n}${suffix}`)),
  ...[1, 2, 3].flatMap((n) => ['Year', 'Make', 'Model'].map((suffix) => `vehicle${n}${suffix}`)),
];

describe('lead shapes (spec §3)', () => {
  test('medicare lead has exactly zipcode, haveMedicare, haveMedicaid', () => {
    assert.deepEqual(Object.keys(MedicareLeadSchema.shape), ['zipcode', 'haveMedicare', 'haveMedicaid']);
  });

  test('auto lead has exactly the spec keys for 3 drivers and 3 vehicles', () => {
    assert.deepEqual(Object.keys(AutoLeadSchema.shape).sort(), [...SPEC_AUTO_KEYS].sort());
    assert.equal(MAX_DRIVERS, 3);
    assert.equal(MAX_VEHICLES, 3);
  });

  test('every field is optional: the empty object is a valid lead of each product', () => {
    assert.deepEqual(MedicareLeadSchema.parse({}), {});
    assert.deepEqual(AutoLeadSchema.parse({}), {});
  });

  test('per-driver fields use the driver rules (driver3 email is trimmed and checked)', () => {
    assert.deepEqual(AutoLeadSchema.parse({ driver3Email: ' a@b.co ' }), { driver3Email: 'a@b.co' });
    assert.equal(AutoLeadSchema.safeParse({ driver3Dob: '2023-02-29' }).success, false);
    assert.equal(AutoLeadSchema.safeParse({ vehicle2Make: 'x'.repeat(51) }).success, false);
  });

  test('driverValues and vehicleValues pick one numbered driver or vehicle', () => {
    const lead: AutoLead = { driver2FirstName: 'Bo', driver2Sr22: false, driver1FirstName: 'Al', vehicle3Year: '2020' };
    assert.deepEqual(driverValues(lead, 2), { FirstName: 'Bo', Sr22: false });
    assert.deepEqual(driverValues(lead, 3), {});
    assert.deepEqual(vehicleValues(lead, 3), { Year: '2020' });
    assert.deepEqual(vehicleValues(lead, 1), {});
  });

  test('isLeadProduct', () => {
    assert.equal(isLeadProduct('auto'), true);
    assert.equal(isLeadProduct('medicare'), true);
    assert.equal(isLeadProduct('health'), false);
  });
});

describe('readStoredLead: an invalid stored value is silently treated as absent (spec §5)', () => {
  const cases: Array<[label: string, product: 'medicare' | 'auto', raw: unknown, expected: object]> = [
    ['valid medicare lead kept whole', 'medicare', { zipcode: '12345', haveMedicare: true, haveMedicaid: false }, { zipcode: '12345', haveMedicare: true, haveMedicaid: false }],
    ['bad zipcode dropped, rest kept', 'medicare', { zipcode: '1234', haveMedicare: true }, { haveMedicare: true }],
    ['string boolean dropped', 'medicare', { zipcode: '12345', haveMedicaid: 'yes' }, { zipcode: '12345' }],
    ['unknown keys dropped', 'medicare', { zipcode: '12345', extra: 1 }, { zipcode: '12345' }],
    ['null value dropped', 'medicare', { zipcode: null }, {}],
    ['null raw is the empty lead', 'medicare', null, {}],
    ['string raw is the empty lead', 'auto', 'zipcode=12345', {}],
    ['array raw is the empty lead', 'auto', [{ zipcode: '12345' }], {}],
    ['undefined raw is the empty lead', 'auto', undefined, {}],
    [
      'auto: each invalid field dropped on its own, valid ones cleaned',
      'auto',
      {
        zipcode: '12345',
        currentCompany: 'Nope Insurance',
        driver1FirstName: '  Ann ',
        driver1LastName: '',
        driver1Dob: '2023-02-29',
        driver2Dob: '2024-02-29',
        driver1Phone: '8005550123',
        driver1Gender: 'female',
        vehicle1Year: '1899',
        vehicle1Make: 'Ford',
        vehicle4Make: 'Ford',
      },
      { zipcode: '12345', driver1FirstName: 'Ann', driver2Dob: '2024-02-29', driver1Gender: 'female', vehicle1Make: 'Ford' },
    ],
    ['medicare reads only medicare fields', 'medicare', { zipcode: '12345', homeowner: true }, { zipcode: '12345' }],
  ];
  for (const [label, product, raw, expected] of cases) {
    test(label, () => assert.deepEqual(readStoredLead(product, raw), expected));
  }

  test('inherited keys are not read', () => {
    const raw: object = Object.create({ zipcode: '12345' });
    assert.deepEqual(readStoredLead('medicare', raw), {});
  });
});

describe('validateLeadFields (strict, for forms and the server)', () => {
  test('valid values give ok with the cleaned lead', () => {
    assert.deepEqual(validateLeadFields('auto', { zipcode: '12345', driver1LastName: ' Lee ', other: 'x' }), {
      ok: true,
      lead: { zipcode: '12345', driver1LastName: 'Lee' },
    });
    assert.deepEqual(validateLeadFields('medicare', {}), { ok: true, lead: {} });
  });

  test('each invalid field gives one English problem with a clear message', () => {
    const result = validateLeadFields('auto', {
      zipcode: '1234',
      driver1FirstName: 'x'.repeat(257),
      driver2Dob: '2023-02-29',
      driver1Phone: '800-555-0123',
      driver1Email: 'nope',
      driver1Gender: 'M',
      currentCompany: 'Acme',
      vehicle1Make: '',
      homeowner: 'yes',
    });
    assert.deepEqual(result, {
      ok: false,
      problems: [
        { field: 'zipcode', message: 'Enter a 5-digit ZIP code.' },
        { field: 'currentCompany', message: 'Choose an insurance company from the list, or Other.' },
        { field: 'homeowner', message: 'Answer yes or no.' },
        { field: 'driver1FirstName', message: 'Enter 1 to 256 characters.' },
        { field: 'driver1Gender', message: 'Choose male, female or non-binary.' },
        { field: 'driver1Email', message: 'Enter a valid email address, for example name@example.com.' },
        { field: 'driver1Phone', message: 'Enter the phone number as (NNN) NNN-NNNN.' },
        { field: 'driver2Dob', message: 'Enter a real date as yyyy-MM-dd, for example 1956-04-30.' },
        { field: 'vehicle1Make', message: 'Enter 1 to 50 characters.' },
      ],
    });
  });

  test('messages come in Spanish on request', () => {
    assert.deepEqual(validateLeadFields('medicare', { zipcode: '123456', haveMedicaid: 1 }, 'es'), {
      ok: false,
      problems: [
        { field: 'zipcode', message: 'Ingrese un código postal de 5 dígitos.' },
        { field: 'haveMedicaid', message: 'Responda sí o no.' },
      ],
    });
  });

  const notObjects: unknown[] = [null, 'zipcode=12345', 42, [], undefined];
  for (const values of notObjects) {
    test(`a non-object (${JSON.stringify(values)}) is one problem, not a crash`, () => {
      assert.deepEqual(validateLeadFields('auto', values), {
        ok: false,
        problems: [{ field: '', message: 'Send the lead as an object of fields.' }],
      });
    });
  }
});
