import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from '../../brands/types.ts';
import { driverValues, vehicleValues, type AutoLead } from '../../src/core/leads/auto.ts';
import { checkLeadFields } from '../../src/core/leads/check.ts';
import { MAX_DRIVERS, MAX_VEHICLES } from '../../src/core/leads/limits.ts';
import { AutoLeadSchema, HealthLeadSchema, LifeLeadSchema, MedicareLeadSchema } from '../../src/core/leads/product-schemas.ts';
import { LEAD_FIELDS_BY_PRODUCT, LEAD_PRODUCTS, isLeadProduct, type LeadProduct } from '../../src/core/leads/product.ts';
import { readStoredLead } from '../../src/core/leads/stored.ts';
import { validateLeadFields } from '../../src/core/leads/validate.ts';
import { isPersonalField, redactPersonalFields, REDACTED } from '../../src/core/leads/personal.ts';

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
  test('medicare lead has exactly zipcode, haveMedicare, haveMedicaid, and a call-back\'s phone and time', () => {
    assert.deepEqual(Object.keys(MedicareLeadSchema.shape), ['zipcode', 'haveMedicare', 'haveMedicaid', 'phone', 'callbackAt']);
  });

  test('auto lead has exactly the spec keys for 3 drivers and 3 vehicles', () => {
    // And a call-back's time, ours: set only by the end screen's call-back form.
    assert.deepEqual(Object.keys(AutoLeadSchema.shape).sort(), [...SPEC_AUTO_KEYS, 'callbackAt'].sort());
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
    for (const product of ['auto', 'medicare', 'life', 'health']) assert.equal(isLeadProduct(product), true, product);
    for (const value of ['Medicare', 'dental', '', 'toString']) assert.equal(isLeadProduct(value), false, value);
  });

  test('the lead products are exactly the products a brand can sell (Brand.defaultProduct)', () => {
    // Checked by tsc both ways: a brand product without a lead shape, or a lead product no brand can have, fails to compile.
    type SameProducts = [Product] extends [LeadProduct] ? ([LeadProduct] extends [Product] ? true : false) : false;
    const same: SameProducts = true;
    assert.equal(same, true);
    assert.deepEqual([...LEAD_PRODUCTS].sort(), ['auto', 'health', 'life', 'medicare']);
  });
});

describe('life and health lead shapes', () => {
  test('life lead: zip, age range, coverage amount, tobacco use, the contact fields and a call-back time', () => {
    assert.deepEqual(Object.keys(LifeLeadSchema.shape), ['zipcode', 'ageRange', 'coverageAmount', 'tobaccoUse', 'firstName', 'lastName', 'email', 'phone', 'callbackAt']);
  });

  test('health lead: zip, age range, household size and income, current coverage, the contact fields and a call-back time', () => {
    assert.deepEqual(Object.keys(HealthLeadSchema.shape), [
      'zipcode', 'ageRange', 'householdSize', 'householdIncome', 'haveHealthInsurance', 'firstName', 'lastName', 'email', 'phone', 'callbackAt',
    ]);
  });

  test('neither asks a Medicare, Medicaid or auto question', () => {
    for (const product of ['life', 'health'] as const) {
      for (const field of ['haveMedicare', 'haveMedicaid', 'currentlyInsured', 'homeowner']) assert.ok(!Object.hasOwn(LEAD_FIELDS_BY_PRODUCT[product], field), `${product} ${field}`);
    }
  });

  test('every field is optional: the empty object is a valid life and health lead', () => {
    assert.deepEqual(LifeLeadSchema.parse({}), {});
    assert.deepEqual(HealthLeadSchema.parse({}), {});
  });

  test('the contact fields are personal data, so events and the data layer redact them; the answers are not', () => {
    for (const field of ['firstName', 'lastName', 'email', 'phone']) assert.equal(isPersonalField(field), true, field);
    for (const field of ['zipcode', 'ageRange', 'coverageAmount', 'tobaccoUse', 'householdSize', 'householdIncome', 'haveHealthInsurance']) {
      assert.equal(isPersonalField(field), false, field);
    }
    assert.deepEqual(redactPersonalFields({ firstName: 'Ann', email: 'ann@example.com', phone: '(305) 555-0100', ageRange: '60-69', tobaccoUse: false }), {
      firstName: REDACTED,
      email: REDACTED,
      phone: REDACTED,
      ageRange: '60-69',
      tobaccoUse: false,
    });
  });

  // [product, field, valid value (and its cleaned form), invalid value]: every field of both leads, each on its own.
  const fieldCases: Array<[product: 'life' | 'health', field: string, valid: unknown, cleaned: unknown, invalid: unknown]> = [
    ['life', 'zipcode', '33101', '33101', '3310'],
    ['life', 'ageRange', '70-79', '70-79', '70'],
    ['life', 'coverageAmount', '10k-25k', '10k-25k', '$15,000'],
    ['life', 'tobaccoUse', false, false, 'no'],
    ['life', 'firstName', ' Ann ', 'Ann', ''],
    ['life', 'lastName', 'Lee', 'Lee', 'x'.repeat(257)],
    ['life', 'email', ' ann@example.com ', 'ann@example.com', 'ann@'],
    ['life', 'phone', '(305) 555-0100', '(305) 555-0100', '3055550100'],
    ['life', 'callbackAt', '2026-11-30T13:00:00.000Z', '2026-11-30T13:00:00.000Z', 'Monday 8 a.m.'],
    ['health', 'zipcode', '60601', '60601', '6060a'],
    ['health', 'ageRange', '18-39', '18-39', '17-39'],
    ['health', 'householdSize', '4', '4', 4],
    ['health', 'householdIncome', '50k-75k', '50k-75k', 'over-75k'],
    ['health', 'haveHealthInsurance', true, true, 1],
    ['health', 'firstName', 'Bo', 'Bo', '   '],
    ['health', 'lastName', ' Ruiz', 'Ruiz', null],
    ['health', 'email', 'bo@example.org', 'bo@example.org', 'bo example.org'],
    ['health', 'phone', '(312) 555-0199', '(312) 555-0199', '312-555-0199'],
    ['health', 'callbackAt', '2026-12-01T21:00:00.000Z', '2026-12-01T21:00:00.000Z', '2026-12-01T21:00:00+00:00'],
  ];
  for (const [product, field, valid, cleaned, invalid] of fieldCases) {
    test(`${product} ${field}: ${JSON.stringify(valid)} is valid, ${JSON.stringify(invalid)} is not`, () => {
      assert.deepEqual(validateLeadFields(product, { [field]: valid }), { ok: true, lead: { [field]: cleaned } });
      const refused = validateLeadFields(product, { [field]: invalid }, 'es');
      assert.equal(refused.ok, false);
      assert.deepEqual(!refused.ok && refused.problems.map((problem) => problem.field), [field]);
      assert.ok(!refused.ok && refused.problems[0]!.message.length > 0);
      // A stored invalid value is dropped on its own (spec §5), the valid one kept.
      assert.deepEqual(readStoredLead(product, { zipcode: '12345', [field]: invalid }), field === 'zipcode' ? {} : { zipcode: '12345' });
    });
  }

  test('every life and health field has a case above', () => {
    for (const product of ['life', 'health'] as const) {
      const covered = fieldCases.filter((row) => row[0] === product).map((row) => row[1]);
      assert.deepEqual(covered.sort(), Object.keys(LEAD_FIELDS_BY_PRODUCT[product]).sort(), product);
    }
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

// The server validates with zod (validateLeadFields), the browser's form without (checkLeadFields):
// both must give the same answers, messages included, so every case runs against each.
const VALIDATORS: Array<[name: string, validate: typeof validateLeadFields]> = [
  ['validateLeadFields (zod, the server)', validateLeadFields],
  ['checkLeadFields (no zod, the browser form)', checkLeadFields],
];

for (const [name, validate] of VALIDATORS) describe(`${name}: strict, every problem with its message`, () => {
  test('valid values give ok with the cleaned lead', () => {
    assert.deepEqual(validate('auto', { zipcode: '12345', driver1LastName: ' Lee ', other: 'x' }), {
      ok: true,
      lead: { zipcode: '12345', driver1LastName: 'Lee' },
    });
    assert.deepEqual(validate('medicare', {}), { ok: true, lead: {} });
  });

  test('each invalid field gives one English problem with a clear message', () => {
    const result = validate('auto', {
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
    assert.deepEqual(validate('medicare', { zipcode: '123456', haveMedicaid: 1 }, 'es'), {
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
      assert.deepEqual(validate('auto', values), {
        ok: false,
        problems: [{ field: '', message: 'Send the lead as an object of fields.' }],
      });
    });
  }
});
