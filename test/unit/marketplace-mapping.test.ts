import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AutoLead } from '../../src/core/leads/auto.ts';
import type { HealthLead } from '../../src/core/leads/health.ts';
import type { LifeLead } from '../../src/core/leads/life.ts';
import type { MedicareLead } from '../../src/core/leads/medicare.ts';
import { mapLeadForMarketplace } from '../../src/core/marketplace/lead-mapping.ts';
import { MarketplaceAutoLeadSchema, MarketplaceLeadSchema, MarketplaceMedicareLeadSchema } from '../../src/core/marketplace/lead-mapping-schemas.ts';
import { GetPhonePayloadSchema } from '../../src/core/marketplace/payload-schemas.ts';
import { buildGetPhonePayload } from '../../src/core/marketplace/payloads.ts';
import { PRODUCT_LINES, productLine } from '../../src/core/marketplace/product-line.ts';

describe('productLine (spec §7)', () => {
  const cases: Array<[string, 'auto' | 'medicare']> = [
    ['tqg', 'auto'],
    ['ps', 'auto'],
    ['ac', 'medicare'],
    ['emily', 'medicare'],
    ['ccc', 'medicare'],
    ['TQG', 'medicare'],
    ['', 'medicare'],
    ['offer-123', 'medicare'],
  ];
  for (const [id, line] of cases) test(`${JSON.stringify(id)} -> ${line}`, () => assert.equal(productLine(id), line));

  test('the life and health brands stay on the Medicare line (spec §7: auto only for tqg and ps)', () => {
    assert.equal(productLine('wc'), 'medicare');
    assert.equal(productLine('bh'), 'medicare');
    assert.deepEqual(PRODUCT_LINES, ['medicare', 'auto']);
  });
});

describe('mapLeadForMarketplace: life and health take the Medicare line’s shape', () => {
  const life: Array<[string, LifeLead, object]> = [
    [
      'full life lead: only the zip fits; no answer or contact detail is sent',
      { zipcode: '33101', ageRange: '70-79', coverageAmount: '10k-25k', tobaccoUse: true, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(305) 555-0100' },
      { zip: '33101', currently_insured: 0, dsnp: 0 },
    ],
    ['empty life lead: zip auto', {}, { zip: 'auto', currently_insured: 0, dsnp: 0 }],
  ];
  for (const [label, lead, expected] of life) {
    test(label, () => {
      const mapped = mapLeadForMarketplace('life', lead);
      assert.deepEqual(mapped, expected);
      assert.equal(MarketplaceMedicareLeadSchema.safeParse(mapped).success, true);
    });
  }
  const health: Array<[string, HealthLead, object]> = [
    [
      'insured health lead: currently_insured from haveHealthInsurance',
      { zipcode: '60601', ageRange: '40-49', householdSize: '4', householdIncome: '50k-75k', haveHealthInsurance: true, email: 'bo@example.org', phone: '(312) 555-0199' },
      { zip: '60601', currently_insured: 1, dsnp: 0 },
    ],
    ['uninsured health lead', { zipcode: '60601', haveHealthInsurance: false }, { zip: '60601', currently_insured: 0, dsnp: 0 }],
    ['empty health lead: zip auto, flags 0', {}, { zip: 'auto', currently_insured: 0, dsnp: 0 }],
  ];
  for (const [label, lead, expected] of health) {
    test(label, () => {
      const mapped = mapLeadForMarketplace('health', lead);
      assert.deepEqual(mapped, expected);
      assert.equal(MarketplaceMedicareLeadSchema.safeParse(mapped).success, true);
    });
  }

  test('a get-phone body for a life lead takes the zip fallbacks and passes the server schema', () => {
    const payload = buildGetPhonePayload({
      product: 'life',
      lead: { ageRange: '60-69', firstName: 'Ann' },
      storedZip: '33101',
      ip: '198.51.100.23',
      localHour: 9,
      ua: 'ua',
      url: 'https://wc.localhost/go-4-life/call',
      placementId: 'placement',
      urlParams: {},
    });
    assert.deepEqual(payload.data, { zip: '33101', currently_insured: 0, dsnp: 0 });
    assert.equal(GetPhonePayloadSchema.safeParse(payload).success, true);
    assert.equal(MarketplaceLeadSchema.safeParse({ ...payload.data, first_name: 'Ann' }).success, false, 'no contact detail fits the shape');
  });
});

describe('mapLeadForMarketplace: medicare (spec §7)', () => {
  const cases: Array<[string, MedicareLead, object]> = [
    ['full lead', { zipcode: '33101', haveMedicare: true, haveMedicaid: true }, { zip: '33101', currently_insured: 1, dsnp: 1 }],
    ['no answers', { zipcode: '33101', haveMedicare: false, haveMedicaid: false }, { zip: '33101', currently_insured: 0, dsnp: 0 }],
    ['empty lead: zip falls back to the text auto, flags 0', {}, { zip: 'auto', currently_insured: 0, dsnp: 0 }],
  ];
  for (const [label, lead, expected] of cases) {
    test(label, () => {
      const mapped = mapLeadForMarketplace('medicare', lead);
      assert.deepEqual(mapped, expected);
      assert.equal(MarketplaceMedicareLeadSchema.safeParse(mapped).success, true);
    });
  }
});

const FULL_AUTO_LEAD: AutoLead = {
  zipcode: '90210',
  currentlyInsured: true,
  currentCompany: 'State Farm',
  homeowner: true,
  interestedInHomeInsurance: false,
  driver1FirstName: 'Ann',
  driver1LastName: 'Lee',
  driver1Gender: 'female',
  driver1MaritalStatus: 'married',
  driver1Dob: '1960-05-01',
  driver1Email: 'ann@example.com',
  driver1Phone: '(310) 555-0100',
  driver1Address: '1 Main St',
  driver1Address2: 'Apt 2',
  driver1CreditRating: 'good',
  driver1Sr22: false,
  driver1MilitaryAffiliation: true,
  driver2FirstName: 'Sam',
  driver2Gender: 'non-binary',
  driver2MaritalStatus: 'domestic partner',
  driver2Sr22: true,
  driver2Email: 'sam@example.com',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
  vehicle3Make: 'Honda',
};

describe('mapLeadForMarketplace: auto (spec §7)', () => {
  const cases: Array<[string, AutoLead, object]> = [
    [
      'full lead: driver 1 contact, non-empty vehicles and drivers in order',
      FULL_AUTO_LEAD,
      {
        contact: 'Ann Lee',
        email: 'ann@example.com',
        phone: '(310) 555-0100',
        address: '1 Main St',
        address2: 'Apt 2',
        zip: '90210',
        home_ownership: 1,
        interested_in_home_insurance: 0,
        vehicles: [
          { year: '2019', make: 'Toyota', model: 'Camry' },
          { make: 'Honda' },
        ],
        drivers: [
          { name: 'Ann Lee', gender: 'F', marital_status: 'married', birth_date: '1960-05-01', credit_rating: 'good', sr_22: 0 },
          { name: 'Sam', gender: 'X', marital_status: 'domestic partner', sr_22: 1 },
        ],
        currently_insured: 1,
        current_company: 'State Farm',
        military_affiliation: 1,
      },
    ],
    [
      'empty lead: zip auto, flags 0, empty lists, nothing else',
      {},
      {
        zip: 'auto',
        home_ownership: 0,
        interested_in_home_insurance: 0,
        vehicles: [],
        drivers: [],
        currently_insured: 0,
        military_affiliation: 0,
      },
    ],
    [
      'male is M; a last name alone is the name; contact-only driver 2 is not listed',
      { driver1LastName: 'Lee', driver1Gender: 'male', driver2Email: 'x@example.com', driver2Phone: '(310) 555-0101' },
      {
        contact: 'Lee',
        zip: 'auto',
        home_ownership: 0,
        interested_in_home_insurance: 0,
        vehicles: [],
        drivers: [{ name: 'Lee', gender: 'M', sr_22: 0 }],
        currently_insured: 0,
        military_affiliation: 0,
      },
    ],
    [
      'only driver 3 and vehicle 2 filled: each listed alone',
      { driver3Dob: '1990-01-31', vehicle2Year: '2021' },
      {
        zip: 'auto',
        home_ownership: 0,
        interested_in_home_insurance: 0,
        vehicles: [{ year: '2021' }],
        drivers: [{ birth_date: '1990-01-31', sr_22: 0 }],
        currently_insured: 0,
        military_affiliation: 0,
      },
    ],
  ];
  for (const [label, lead, expected] of cases) {
    test(label, () => {
      const mapped = mapLeadForMarketplace('auto', lead);
      assert.deepEqual(mapped, expected);
      assert.deepEqual(MarketplaceAutoLeadSchema.parse(mapped), expected);
    });
  }

  test('the mapped-lead schema refuses a bad gender code and extra keys', () => {
    const mapped = mapLeadForMarketplace('auto', FULL_AUTO_LEAD);
    assert.equal(MarketplaceAutoLeadSchema.safeParse({ ...mapped, drivers: [{ gender: 'female', sr_22: 0 }] }).success, false);
    assert.equal(MarketplaceAutoLeadSchema.safeParse({ ...mapped, dsnp: 1 }).success, false);
    assert.equal(MarketplaceAutoLeadSchema.safeParse({ ...mapped, home_ownership: true }).success, false);
  });
});
