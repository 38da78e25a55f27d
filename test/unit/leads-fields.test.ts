import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from '@js-temporal/polyfill';
import { AGE_RANGES, AGE_RANGE_LABELS, COVERAGE_AMOUNTS, COVERAGE_AMOUNT_LABELS, HOUSEHOLD_INCOMES, HOUSEHOLD_INCOME_LABELS, HOUSEHOLD_SIZES, HOUSEHOLD_SIZE_LABELS } from '../../src/core/leads/answer-lists.ts';
import { CARRIERS } from '../../src/core/leads/carriers.ts';
import { CREDIT_RATINGS, CREDIT_RATING_LABELS, GENDERS, GENDER_LABELS, MARITAL_STATUSES, MARITAL_STATUS_LABELS } from '../../src/core/leads/enums.ts';
import { LEAD_FIELD_SCHEMAS } from '../../src/core/leads/field-schemas.ts';
import { LEAD_FIELD_RULES, isCalendarDate, latestVehicleYear } from '../../src/core/leads/fields.ts';
import { NAME_MAX, VEHICLE_TEXT_MAX, VEHICLE_YEAR_MIN } from '../../src/core/leads/limits.ts';
import { LEAD_LANGUAGES } from '../../src/core/leads/localized.ts';

const chars = (length: number): string => 'a'.repeat(length);
const nextYear = Temporal.Now.plainDateISO().year + 1;

type Kind = keyof typeof LEAD_FIELD_RULES;
/** [kind, input, expected output or INVALID]. Valid rows also check the cleaned (trimmed) value. */
const INVALID = Symbol('invalid');
const cases: Array<[Kind, unknown, unknown]> = [
  // Zipcode: exactly 5 digits.
  ['zipcode', '12345', '12345'],
  ['zipcode', '00501', '00501'],
  ['zipcode', '1234', INVALID],
  ['zipcode', '123456', INVALID],
  ['zipcode', ' 12345', INVALID],
  ['zipcode', '1234a', INVALID],
  ['zipcode', '١٢٣٤٥', INVALID], // Arabic-Indic digits are not ASCII digits
  ['zipcode', 12345, INVALID],
  ['zipcode', '', INVALID],
  // Names and addresses: trimmed, 1 to 256.
  ['nameOrAddress', chars(1), chars(1)],
  ['nameOrAddress', chars(NAME_MAX), chars(NAME_MAX)],
  ['nameOrAddress', `  ${chars(NAME_MAX)}  `, chars(NAME_MAX)],
  ['nameOrAddress', '  Ann Lee \n', 'Ann Lee'],
  ['nameOrAddress', '', INVALID],
  ['nameOrAddress', '   ', INVALID],
  ['nameOrAddress', chars(NAME_MAX + 1), INVALID],
  ['nameOrAddress', null, INVALID],
  // Vehicle make and model: trimmed, 1 to 50.
  ['vehicleText', 'Ford', 'Ford'],
  ['vehicleText', chars(VEHICLE_TEXT_MAX), chars(VEHICLE_TEXT_MAX)],
  ['vehicleText', ` ${chars(VEHICLE_TEXT_MAX)} `, chars(VEHICLE_TEXT_MAX)],
  ['vehicleText', chars(VEHICLE_TEXT_MAX + 1), INVALID],
  ['vehicleText', ' ', INVALID],
  // Date of birth: yyyy-MM-dd and a real date.
  ['dateOfBirth', '1956-04-30', '1956-04-30'],
  ['dateOfBirth', '2024-02-29', '2024-02-29'],
  ['dateOfBirth', '2000-02-29', '2000-02-29'],
  ['dateOfBirth', '2023-02-29', INVALID],
  ['dateOfBirth', '1900-02-29', INVALID],
  ['dateOfBirth', '1956-04-31', INVALID],
  ['dateOfBirth', '1956-13-01', INVALID],
  ['dateOfBirth', '1956-00-10', INVALID],
  ['dateOfBirth', '1956-01-00', INVALID],
  ['dateOfBirth', '1956-4-30', INVALID],
  ['dateOfBirth', '04/30/1956', INVALID],
  ['dateOfBirth', '1956-04-30T00:00', INVALID],
  ['dateOfBirth', ' 1956-04-30', INVALID],
  ['dateOfBirth', 19560430, INVALID],
  // Vehicle year: yyyy and from 1900 to next year.
  ['vehicleYear', '2015', '2015'],
  ['vehicleYear', String(VEHICLE_YEAR_MIN), String(VEHICLE_YEAR_MIN)],
  ['vehicleYear', String(nextYear), String(nextYear)],
  ['vehicleYear', String(VEHICLE_YEAR_MIN - 1), INVALID],
  ['vehicleYear', String(nextYear + 1), INVALID],
  ['vehicleYear', '15', INVALID],
  ['vehicleYear', '02015', INVALID],
  ['vehicleYear', 2015, INVALID],
  // Email: trimmed, valid shape.
  ['email', 'ann@example.com', 'ann@example.com'],
  ['email', '  ann.lee+quotes@mail.example.org ', 'ann.lee+quotes@mail.example.org'],
  ['email', 'ann@', INVALID],
  ['email', 'ann.example.com', INVALID],
  ['email', 'ann @example.com', INVALID],
  ['email', '', INVALID],
  ['email', 'ann@example.c', INVALID],
  ['email', ['ann@example.com'], INVALID],
  // Phone: (NNN) NNN-NNNN.
  ['phone', '(800) 555-0123', '(800) 555-0123'],
  ['phone', '8005550123', INVALID],
  ['phone', '800-555-0123', INVALID],
  ['phone', '(800)555-0123', INVALID],
  ['phone', '(800) 555-012', INVALID],
  ['phone', '+1 (800) 555-0123', INVALID],
  ['phone', ' (800) 555-0123', INVALID],
  ['phone', undefined, INVALID],
  // Enumerations.
  ['gender', 'non-binary', 'non-binary'],
  ['gender', 'Male', INVALID],
  ['gender', 'M', INVALID],
  ['maritalStatus', 'domestic partner', 'domestic partner'],
  ['maritalStatus', 'domestic-partner', INVALID],
  ['creditRating', 'average', 'average'],
  ['creditRating', 'bad', INVALID],
  ['carrier', 'GEICO', 'GEICO'],
  ['carrier', 'Other', 'Other'],
  ['carrier', 'geico', INVALID],
  ['carrier', '', INVALID],
  // Yes/no answers are real booleans.
  ['yesNo', true, true],
  ['yesNo', false, false],
  ['yesNo', 'true', INVALID],
  ['yesNo', 1, INVALID],
  // A call-back's time: an instant exactly as Date#toISOString writes it, and a real one.
  ['instant', '2026-11-30T13:00:00.000Z', '2026-11-30T13:00:00.000Z'],
  ['instant', '2028-02-29T23:59:59.999Z', '2028-02-29T23:59:59.999Z'],
  ['instant', '2026-02-30T13:00:00.000Z', INVALID],
  ['instant', '2026-11-30T25:00:00.000Z', INVALID],
  ['instant', '2026-11-30T13:00:00Z', INVALID],
  ['instant', '2026-11-30T08:00:00.000-05:00', INVALID],
  ['instant', 1_796_000_000_000, INVALID],
  // Life and health answer lists: exact slugs only.
  ['ageRange', '18-39', '18-39'],
  ['ageRange', '80-85', '80-85'],
  ['ageRange', '86-99', INVALID],
  ['ageRange', '50 to 59', INVALID],
  ['ageRange', 55, INVALID],
  ['coverageAmount', 'under-10k', 'under-10k'],
  ['coverageAmount', 'over-100k', 'over-100k'],
  ['coverageAmount', '10000', INVALID],
  ['coverageAmount', 'Under $10,000', INVALID],
  ['householdSize', '1', '1'],
  ['householdSize', '8', '8'],
  ['householdSize', '0', INVALID],
  ['householdSize', '9', INVALID],
  ['householdSize', 3, INVALID],
  ['householdIncome', 'under-25k', 'under-25k'],
  ['householdIncome', '75k-100k', '75k-100k'],
  ['householdIncome', '100k', INVALID],
  ['householdIncome', '', INVALID],
];

describe('lead field rules (spec §5): the zod schema (server) and the plain reader (browser) answer alike', () => {
  for (const [kind, input, expected] of cases) {
    test(`${kind}: ${JSON.stringify(input)} is ${expected === INVALID ? 'invalid' : 'valid'}`, () => {
      const result = LEAD_FIELD_SCHEMAS[kind].safeParse(input);
      const read = LEAD_FIELD_RULES[kind].read(input);
      if (expected === INVALID) {
        assert.equal(result.success, false, 'zod schema');
        assert.equal(read, undefined, 'browser reader');
      } else {
        assert.deepEqual(result, { success: true, data: expected }, 'zod schema');
        assert.deepEqual(read, expected, 'browser reader');
      }
    });
  }

  test('every kind has a valid and an invalid case above', () => {
    for (const kind of Object.keys(LEAD_FIELD_RULES) as Kind[]) {
      assert.ok(cases.some((row) => row[0] === kind && row[2] !== INVALID), `${kind}: a valid case`);
      assert.ok(cases.some((row) => row[0] === kind && row[2] === INVALID), `${kind}: an invalid case`);
    }
    assert.deepEqual(Object.keys(LEAD_FIELD_SCHEMAS).sort(), Object.keys(LEAD_FIELD_RULES).sort(), 'one schema per rule');
  });

  test('every rule has a non-empty message in every language', () => {
    for (const [kind, { message }] of Object.entries(LEAD_FIELD_RULES)) {
      for (const language of LEAD_LANGUAGES) assert.ok(message(language).length > 0, `${kind} ${language}`);
      assert.notEqual(message('en'), message('es'), kind);
    }
  });

  test('the vehicle-year message names the live range', () => {
    assert.equal(LEAD_FIELD_RULES.vehicleYear.message('en'), `Enter a 4-digit year from 1900 to ${nextYear}.`);
  });
});

describe('calendar helpers', () => {
  test('isCalendarDate agrees with leap-year rules', () => {
    assert.equal(isCalendarDate('2024-02-29'), true);
    assert.equal(isCalendarDate('2100-02-29'), false);
    assert.equal(isCalendarDate('2023-02-28'), true);
  });

  test('latestVehicleYear is the next calendar year', () => {
    assert.equal(latestVehicleYear(Temporal.PlainDate.from('2025-12-31')), 2026);
    assert.equal(latestVehicleYear(Temporal.PlainDate.from('2026-01-01')), 2027);
  });
});

describe('enumerations and carriers (spec §3)', () => {
  test('enumeration values are the spec’s, in order', () => {
    assert.deepEqual(GENDERS, ['male', 'female', 'non-binary']);
    assert.deepEqual(MARITAL_STATUSES, ['single', 'married', 'divorced', 'separated', 'widowed', 'domestic partner', 'unknown']);
    assert.deepEqual(CREDIT_RATINGS, ['excellent', 'good', 'average', 'fair', 'poor']);
  });

  const labelTables: Array<[string, readonly string[], Record<string, { en: string; es: string }>]> = [
    ['gender', GENDERS, GENDER_LABELS],
    ['marital status', MARITAL_STATUSES, MARITAL_STATUS_LABELS],
    ['credit rating', CREDIT_RATINGS, CREDIT_RATING_LABELS],
    ['age range', AGE_RANGES, AGE_RANGE_LABELS],
    ['coverage amount', COVERAGE_AMOUNTS, COVERAGE_AMOUNT_LABELS],
    ['household size', HOUSEHOLD_SIZES, HOUSEHOLD_SIZE_LABELS],
    ['household income', HOUSEHOLD_INCOMES, HOUSEHOLD_INCOME_LABELS],
  ];
  for (const [name, values, labels] of labelTables) {
    test(`${name} labels cover exactly the values, in English and Spanish`, () => {
      assert.deepEqual(Object.keys(labels).sort(), [...values].sort());
      for (const value of values) {
        assert.ok(labels[value]?.en && labels[value]?.es, value);
      }
    });
  }

  test('about 90 distinct carriers, with Other last', () => {
    assert.ok(CARRIERS.length >= 85 && CARRIERS.length <= 95, String(CARRIERS.length));
    assert.equal(new Set(CARRIERS.map((name) => name.toLowerCase())).size, CARRIERS.length);
    assert.equal(CARRIERS.at(-1), 'Other');
    for (const name of CARRIERS) assert.equal(name, name.trim());
    for (const name of ['21st Century', 'AAA', 'Allstate', 'GEICO', 'Progressive', 'State Farm', 'USAA', 'The General']) {
      assert.ok((CARRIERS as readonly string[]).includes(name), name);
    }
  });
});
