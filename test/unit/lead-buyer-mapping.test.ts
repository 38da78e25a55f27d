import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AutoLead } from '../../src/core/leads/auto.ts';
import { dropEmpty } from '../../src/core/lead-buyer/drop-empty.ts';
import {
  MEDICARE_NOT_IMPLEMENTED_MESSAGE,
  mapLeadForLeadBuyer,
  notImplementedMessage,
  type LeadBuyerAutoLead,
} from '../../src/core/lead-buyer/mapping.ts';

describe('mapLeadForLeadBuyer: auto (spec §7)', () => {
  const cases: Array<[string, AutoLead, LeadBuyerAutoLead]> = [
    [
      'full lead',
      {
        zipcode: '90210',
        currentlyInsured: true,
        currentCompany: 'Liberty Mutual',
        homeowner: false,
        interestedInHomeInsurance: true,
        driver1FirstName: 'Ann',
        driver1LastName: 'Lee',
        driver1Email: 'ann@example.com',
        driver1Dob: '1960-05-01',
        driver1Address: '1 Main St',
        driver1Address2: 'Apt 2',
        driver1Phone: '(310) 555-0100',
        driver1Gender: 'female',
        driver1MaritalStatus: 'married',
        driver1CreditRating: 'excellent',
        driver1Sr22: true,
        driver1MilitaryAffiliation: false,
        driver2FirstName: 'Sam',
        driver2MaritalStatus: 'widowed',
        driver2MilitaryAffiliation: true,
        vehicle1Year: '2019',
        vehicle1Make: 'Toyota',
        vehicle1Model: 'Camry',
        vehicle2Model: 'Civic',
      },
      {
        zip: '90210',
        drivers: [
          {
            first_name: 'Ann',
            last_name: 'Lee',
            email: 'ann@example.com',
            dob: '1960-05-01',
            address: '1 Main St',
            primary_phone: '3105550100',
            gender: 'female',
            own_or_rent: 'rent',
            marital_status: 'married',
            credit_rating: 'excellent',
            military_experience: 'no',
          },
          { first_name: 'Sam', marital_status: 'non-married', military_experience: 'yes' },
        ],
        vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }, { model: 'Civic' }],
        coverage: { has_coverage: 'yes', former_insurer: 'liberty mutual' },
      },
    ],
    ['empty lead: everything dropped', {}, {}],
    ['homeowner alone makes driver 1 own', { homeowner: true }, { drivers: [{ own_or_rent: 'own' }] }],
    ['own_or_rent is driver 1 only', { homeowner: true, driver2FirstName: 'Sam' }, { drivers: [{ own_or_rent: 'own' }, { first_name: 'Sam' }] }],
    ['not insured, no company', { currentlyInsured: false }, { coverage: { has_coverage: 'no' } }],
    ['company lower-cased alone', { currentCompany: 'GEICO' }, { coverage: { former_insurer: 'geico' } }],
    [
      'every non-married status is non-married',
      { driver1MaritalStatus: 'single', driver2MaritalStatus: 'domestic partner', driver3MaritalStatus: 'unknown' },
      { drivers: [{ marital_status: 'non-married' }, { marital_status: 'non-married' }, { marital_status: 'non-married' }] },
    ],
    ['sr22 is not part of the provider driver', { driver1Sr22: true }, {}],
    ['only vehicle 3', { vehicle3Year: '2001' }, { vehicles: [{ year: '2001' }] }],
  ];
  for (const [label, lead, expected] of cases) {
    test(label, () => assert.deepEqual(mapLeadForLeadBuyer('auto', lead), expected));
  }
});

describe('mapLeadForLeadBuyer: medicare is not supported (spec §5, §8)', () => {
  test('throws the exact message', () => {
    assert.equal(MEDICARE_NOT_IMPLEMENTED_MESSAGE, 'schema not implemented for medicare');
    assert.throws(() => mapLeadForLeadBuyer('medicare', { zipcode: '12345' }), {
      name: 'Error',
      message: 'schema not implemented for medicare',
    });
    assert.throws(() => mapLeadForLeadBuyer('medicare', {}), new Error('schema not implemented for medicare'));
  });
});

describe('mapLeadForLeadBuyer: life and health are not supported either (call-routed, never sent to this buyer)', () => {
  const cases: Array<[product: 'life' | 'health', lead: object]> = [
    ['life', { zipcode: '33101', ageRange: '60-69', coverageAmount: '10k-25k', tobaccoUse: false, firstName: 'Ann', phone: '(305) 555-0100' }],
    ['life', {}],
    ['health', { zipcode: '60601', householdSize: '3', haveHealthInsurance: false, email: 'bo@example.org' }],
    ['health', {}],
  ];
  for (const [product, lead] of cases) {
    test(`${product} ${JSON.stringify(lead)} throws 'schema not implemented for ${product}'`, () => {
      assert.equal(notImplementedMessage(product), `schema not implemented for ${product}`);
      assert.throws(() => mapLeadForLeadBuyer(product, lead), new Error(`schema not implemented for ${product}`));
    });
  }
});

describe('dropEmpty', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['undefined', undefined, undefined],
    ['null', null, undefined],
    ['empty string', '', undefined],
    ['empty list', [], undefined],
    ['empty object', {}, undefined],
    ['false and 0 stay', { a: false, b: 0 }, { a: false, b: 0 }],
    ['nested empties collapse', { a: { b: [{ c: '' }, {}] }, d: 'x' }, { d: 'x' }],
    ['list keeps non-empty items in order', [{}, 'a', null, ['b', ''], []], ['a', ['b']]],
    ['whitespace is a value', ' ', ' '],
  ];
  for (const [label, input, expected] of cases) test(label, () => assert.deepEqual(dropEmpty(input), expected));
});
