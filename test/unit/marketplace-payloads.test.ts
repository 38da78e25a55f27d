import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CALL_TYPE,
  LOW_BID_THRESHOLD,
  MARKETPLACE_VERSION,
  MAX_RESULTS,
  PHONE_LEASE_TIME,
  SOURCE_LENGTH,
  TRANSFER_TYPE,
} from '../../src/core/marketplace/constants.ts';
import { DemandCheckPayloadSchema, GetPhonePayloadSchema } from '../../src/core/marketplace/payload-schemas.ts';
import {
  buildDemandCheckPayload,
  buildGetPhonePayload,
  type DemandCheckInput,
  type GetPhoneInput,
} from '../../src/core/marketplace/payloads.ts';

const NULLS = ['null', 'null', 'null', 'null', 'null', 'null'];

const visitor = {
  ip: '203.0.113.7',
  localHour: 14,
  ua: 'Mozilla/5.0 Test',
  url: 'https://www.example.com/quiz/auto/zip?afid=url-aff&utm_source=x#top',
  placementId: 'placement-1',
  urlParams: { afid: 'url-aff', utm_source: 'x' },
  configuredAffiliateId: 'conf-aff',
  sub2: 'two',
  sub3: 'three',
} satisfies Omit<DemandCheckInput, 'geo'>;

test('constants have the spec values (spec §7, §9)', () => {
  assert.deepEqual(
    { MARKETPLACE_VERSION, MAX_RESULTS, CALL_TYPE, TRANSFER_TYPE, PHONE_LEASE_TIME, LOW_BID_THRESHOLD, SOURCE_LENGTH },
    { MARKETPLACE_VERSION: 17, MAX_RESULTS: 1, CALL_TYPE: 'Inbound', TRANSFER_TYPE: 'cold', PHONE_LEASE_TIME: 300, LOW_BID_THRESHOLD: 10, SOURCE_LENGTH: 7 },
  );
});

describe('buildDemandCheckPayload (spec §7)', () => {
  test('golden: geo zip and state, full url, afid from the URL beats the configured id', () => {
    const payload = buildDemandCheckPayload({ ...visitor, geo: { postalCode: '90210', stateCode: 'CA' } });
    assert.deepEqual(payload, {
      data: { zip: '90210', state: 'CA' },
      ip: '203.0.113.7',
      local_hour: 14,
      max: 1,
      call_type: 'Inbound',
      transfer_type: 'cold',
      placement_id: 'placement-1',
      ua: 'Mozilla/5.0 Test',
      url: 'https://www.example.com/quiz/auto/zip?afid=url-aff&utm_source=x#top',
      version: 17,
      sub_1: 'url-aff',
      sub_2: 'two',
      sub_3: 'three',
      source: ['url-aff', ...NULLS],
    });
    assert.deepEqual(DemandCheckPayloadSchema.parse(payload), payload);
  });

  const affiliateCases: Array<[string, Partial<DemandCheckInput>, string | undefined]> = [
    ['no afid param: configured id', { urlParams: {} }, 'conf-aff'],
    ['empty afid param: configured id', { urlParams: { afid: '' } }, 'conf-aff'],
    ['neither: no sub_1, source starts with the text null', { urlParams: {}, configuredAffiliateId: undefined }, undefined],
    ['empty configured id counts as none', { urlParams: {}, configuredAffiliateId: '' }, undefined],
  ];
  for (const [label, change, affiliate] of affiliateCases) {
    test(`sub_1 and source: ${label}`, () => {
      const payload = buildDemandCheckPayload({ ...visitor, ...change });
      assert.equal(payload.sub_1, affiliate);
      assert.equal('sub_1' in payload, affiliate !== undefined);
      assert.deepEqual(payload.source, [affiliate ?? 'null', ...NULLS]);
      assert.equal(payload.source.length, 7);
      assert.equal(DemandCheckPayloadSchema.safeParse(payload).success, true);
    });
  }

  test('no geo lookup and no subs: data is empty, subs left out', () => {
    const payload = buildDemandCheckPayload({ ...visitor, sub2: undefined, sub3: '' });
    assert.deepEqual(payload.data, {});
    assert.equal('sub_2' in payload, false);
    assert.equal('sub_3' in payload, false);
    assert.equal(DemandCheckPayloadSchema.safeParse(payload).success, true);
  });
});

describe('buildGetPhonePayload (spec §7)', () => {
  test('golden medicare: origin-only url, lease time, mapped lead', () => {
    const input: GetPhoneInput = {
      ...visitor,
      product: 'medicare',
      lead: { zipcode: '33101', haveMedicare: true, haveMedicaid: false },
      storedZip: '10001',
      geo: { postalCode: '90210', stateCode: 'CA' },
    };
    const payload = buildGetPhonePayload(input);
    assert.deepEqual(payload, {
      data: { zip: '33101', currently_insured: 1, dsnp: 0 },
      ip: '203.0.113.7',
      local_hour: 14,
      phone_num_lease_time: 300,
      placement_id: 'placement-1',
      ua: 'Mozilla/5.0 Test',
      url: 'https://www.example.com',
      version: 17,
      sub_1: 'url-aff',
      sub_2: 'two',
      sub_3: 'three',
      source: ['url-aff', ...NULLS],
    });
    assert.deepEqual(GetPhonePayloadSchema.parse(payload), payload);
  });

  test('origin keeps a non-default port and drops path, query and hash', () => {
    const payload = buildGetPhonePayload({ ...visitor, url: 'http://ac.localhost:3000/x/y?z=1#h', product: 'medicare', lead: {} });
    assert.equal(payload.url, 'http://ac.localhost:3000');
    assert.equal(GetPhonePayloadSchema.safeParse(payload).success, true);
  });

  const zipCases: Array<[string, string | undefined, string | undefined, string | undefined, string]> = [
    ['form zip first', '33101', '10001', '90210', '33101'],
    ['then the stored zip', undefined, '10001', '90210', '10001'],
    ['empty form zip falls through', '', '10001', '90210', '10001'],
    ['then the geo postal code', undefined, undefined, '90210', '90210'],
    ['then the text auto', undefined, undefined, undefined, 'auto'],
  ];
  for (const [label, formZip, storedZip, geoZip, expected] of zipCases) {
    test(`zip precedence: ${label}`, () => {
      const base = { ...visitor, storedZip, geo: { postalCode: geoZip } };
      const medicare = buildGetPhonePayload({ ...base, product: 'medicare', lead: { zipcode: formZip } });
      const auto = buildGetPhonePayload({ ...base, product: 'auto', lead: { zipcode: formZip, driver1FirstName: 'Ann' } });
      assert.equal(medicare.data.zip, expected);
      assert.equal(auto.data.zip, expected);
    });
  }

  test('golden auto: the lead is mapped for the marketplace', () => {
    const payload = buildGetPhonePayload({
      ...visitor,
      urlParams: {},
      product: 'auto',
      lead: { driver1FirstName: 'Ann', homeowner: true, vehicle1Make: 'Ford' },
      storedZip: '10001',
    });
    assert.deepEqual(payload.data, {
      contact: 'Ann',
      zip: '10001',
      home_ownership: 1,
      interested_in_home_insurance: 0,
      vehicles: [{ make: 'Ford' }],
      drivers: [{ name: 'Ann', sr_22: 0 }],
      currently_insured: 0,
      military_affiliation: 0,
    });
    assert.equal(payload.sub_1, 'conf-aff');
    assert.deepEqual(payload.source, ['conf-aff', ...NULLS]);
    assert.equal(GetPhonePayloadSchema.safeParse(payload).success, true);
  });
});

describe('payload schemas refuse bad browser input with a clear issue', () => {
  const demand = buildDemandCheckPayload({ ...visitor, geo: { postalCode: '90210', stateCode: 'CA' } });
  const phone = buildGetPhonePayload({ ...visitor, product: 'medicare', lead: {} });
  const demandCases: Array<[string, Record<string, unknown>, string]> = [
    ['version 16', { version: 16 }, 'version'],
    ['max 2', { max: 2 }, 'max'],
    ['call_type outbound', { call_type: 'Outbound' }, 'call_type'],
    ['transfer_type warm', { transfer_type: 'warm' }, 'transfer_type'],
    ['source of 6', { source: ['a', ...NULLS.slice(1)] }, 'source'],
    ['source with JSON null text replaced', { source: ['a', 'x', ...NULLS.slice(1)] }, 'source'],
    ['local_hour 24', { local_hour: 24 }, 'local_hour'],
    ['local_hour 1.5', { local_hour: 1.5 }, 'local_hour'],
    ['ip not an address', { ip: 'localhost' }, 'ip'],
    ['url not a web url', { url: 'javascript:alert(1)' }, 'url'],
    ['empty placement', { placement_id: '' }, 'placement_id'],
    ['unknown key', { extra: 1 }, ''],
  ];
  for (const [label, change, path] of demandCases) {
    test(`demand-check: ${label}`, () => {
      const result = DemandCheckPayloadSchema.safeParse({ ...demand, ...change });
      assert.equal(result.success, false);
      assert.equal(result.error?.issues[0]?.path.join('.'), path);
    });
  }

  const phoneCases: Array<[string, Record<string, unknown>, string]> = [
    ['url with a path', { url: 'https://www.example.com/quiz' }, 'url'],
    ['url with a trailing slash', { url: 'https://www.example.com/' }, 'url'],
    ['lease time 600', { phone_num_lease_time: 600 }, 'phone_num_lease_time'],
    ['data not a mapped lead', { data: { zip: '12345' } }, 'data'],
    ['missing data', { data: undefined }, 'data'],
  ];
  for (const [label, change, path] of phoneCases) {
    test(`get-phone: ${label}`, () => {
      const result = GetPhonePayloadSchema.safeParse({ ...phone, ...change });
      assert.equal(result.success, false);
      assert.equal(result.error?.issues[0]?.path.join('.'), path);
    });
  }

  test('the origin rule explains itself', () => {
    const result = GetPhonePayloadSchema.safeParse({ ...phone, url: 'https://www.example.com/quiz' });
    assert.match(result.error?.issues[0]?.message ?? '', /origin only/);
  });
});
