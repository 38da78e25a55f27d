import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AutoLead } from '../../src/core/leads/auto.ts';
import type { HealthLead } from '../../src/core/leads/health.ts';
import type { LifeLead } from '../../src/core/leads/life.ts';
import type { MedicareLead } from '../../src/core/leads/medicare.ts';
import type { LeadProduct, ProductLead } from '../../src/core/leads/product.ts';
import { mapLeadForMarketplace } from '../../src/core/marketplace/lead-mapping.ts';
import {
  MARKETPLACE_LEAD_SCHEMAS,
  MarketplaceAutoLeadSchema,
  MarketplaceLeadSchema,
  MarketplaceMedicareLeadSchema,
} from '../../src/core/marketplace/lead-mapping-schemas.ts';
import { GetPhonePayloadSchema } from '../../src/core/marketplace/payload-schemas.ts';
import { buildGetPhonePayload } from '../../src/core/marketplace/payloads.ts';
import { pageProductLine, PRODUCT_LINES, productLine, type ProductLine } from '../../src/core/marketplace/product-line.ts';

describe('productLine: the brand-level line (spec §7)', () => {
  const cases: Array<[string, 'auto' | 'medicare']> = [
    ['tqg', 'auto'],
    ['ps', 'auto'],
    ['ac', 'medicare'],
    ['emily', 'medicare'],
    ['ccc', 'medicare'],
    ['TQG', 'medicare'],
    ['', 'medicare'],
    ['offer-123', 'medicare'],
    ['wc', 'medicare'],
    ['bh', 'medicare'],
  ];
  for (const [id, line] of cases) test(`${JSON.stringify(id)} -> ${line}`, () => assert.equal(productLine(id), line));

  test('every lead product is a line of its own', () => {
    assert.deepEqual(PRODUCT_LINES, ['medicare', 'auto', 'life', 'health']);
  });
});

describe("pageProductLine: a page's own product wins over the brand's line", () => {
  const cases: Array<[string, LeadProduct | undefined, ProductLine]> = [
    ['wc', 'life', 'life'],
    ['bh', 'health', 'health'],
    ['wc', undefined, 'medicare'],
    ['tqg', undefined, 'auto'],
    ['tqg', 'auto', 'auto'],
    ['ac', 'medicare', 'medicare'],
    ['ps', 'medicare', 'medicare'],
  ];
  for (const [brand, product, line] of cases) test(`${brand} page of ${product ?? 'no product'} -> ${line}`, () => assert.equal(pageProductLine(brand, product), line));
});

describe('mapLeadForMarketplace: life and health on their own lines', () => {
  const FULL_LIFE: LifeLead = { zipcode: '33101', ageRange: '70-79', coverageAmount: '10k-25k', tobaccoUse: true, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(305) 555-0100' };
  const FULL_HEALTH: HealthLead = { zipcode: '60601', ageRange: '40-49', householdSize: '4', householdIncome: '50k-75k', haveHealthInsurance: true, firstName: 'Bo', email: 'bo@example.org', phone: '(312) 555-0199' };
  const cases: Array<[string, ProductLead, boolean, object]> = [
    ['full life lead without consent: the answers, no contact detail', { product: 'life', lead: FULL_LIFE }, false, { zip: '33101', age_range: '70-79', coverage_amount: '10k-25k', tobacco: 1 }],
    [
      'full life lead with consent: the contact details too',
      { product: 'life', lead: FULL_LIFE },
      true,
      { zip: '33101', age_range: '70-79', coverage_amount: '10k-25k', tobacco: 1, contact: 'Ann Lee', email: 'ann@example.com', phone: '(305) 555-0100' },
    ],
    ['empty life lead: zip auto, tobacco 0', { product: 'life', lead: {} }, true, { zip: 'auto', tobacco: 0 }],
    ['full health lead without consent', { product: 'health', lead: FULL_HEALTH }, false, { zip: '60601', age_range: '40-49', household_size: '4', income_band: '50k-75k', currently_insured: 1 }],
    [
      'full health lead with consent',
      { product: 'health', lead: FULL_HEALTH },
      true,
      { zip: '60601', age_range: '40-49', household_size: '4', income_band: '50k-75k', currently_insured: 1, contact: 'Bo', email: 'bo@example.org', phone: '(312) 555-0199' },
    ],
    ['uninsured health lead', { product: 'health', lead: { zipcode: '60601', haveHealthInsurance: false } }, false, { zip: '60601', currently_insured: 0 }],
  ];
  for (const [label, { product, lead }, contactConsent, expected] of cases) {
    test(label, () => {
      const mapped = mapLeadForMarketplace(product, lead as never, { contactConsent });
      assert.deepEqual(mapped, expected);
      assert.equal(MARKETPLACE_LEAD_SCHEMAS[product].safeParse(mapped).success, true, 'the line’s own schema accepts it');
      assert.equal(MARKETPLACE_LEAD_SCHEMAS.medicare.safeParse(mapped).success, false, 'never in the Medicare shape');
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
    assert.deepEqual(payload.data, { zip: '33101', age_range: '60-69', tobacco: 0 });
    assert.equal(GetPhonePayloadSchema.safeParse(payload).success, true);
    assert.equal(MarketplaceLeadSchema.safeParse({ ...payload.data, first_name: 'Ann' }).success, false, 'no key outside the shape');
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
