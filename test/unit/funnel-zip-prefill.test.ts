/**
 * The ZIP box filled in from the visitor's IP lookup (core/funnels/zip-prefill.ts): which lookups
 * give a ZIP, and when the box takes it (only empty, untouched, never answered).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';
import { lookupZip, zipPrefill, type LookupPlace, type ZipPrefillInput } from '../../src/core/funnels/zip-prefill.ts';

const ZIP_STEP = FUNNELS.medicare!.steps[0]!;
const YES_NO_STEP = FUNNELS.medicare!.steps[1]!;

describe('lookupZip', () => {
  const cases: Array<[string, LookupPlace | null, string | null]> = [
    ['a US five-digit postal code', { stateCode: 'MA', postalCode: '02139' }, '02139'],
    ['a territory (Puerto Rico)', { stateCode: 'PR', postalCode: '00901' }, '00901'],
    ['no lookup yet', null, null],
    ['no postal code found', { stateCode: 'CA', postalCode: null }, null],
    ['a ZIP+4', { stateCode: 'CA', postalCode: '95113-1234' }, null],
    ['four digits', { stateCode: 'CA', postalCode: '9511' }, null],
    ['letters', { stateCode: 'CA', postalCode: 'K1A0B' }, null],
    ['five digits outside the US (no state code): Berlin', { stateCode: null, postalCode: '10115' }, null],
  ];
  for (const [name, place, expected] of cases) {
    test(`${name}: ${String(expected)}`, () => assert.equal(lookupZip(place), expected));
  }
});

describe('zipPrefill', () => {
  const base: ZipPrefillInput = { step: ZIP_STEP, stored: {}, typed: {}, zip: '33101' };
  const cases: Array<[string, Partial<ZipPrefillInput>, Record<string, string>]> = [
    ['an empty, untouched box takes the ZIP', {}, { zipcode: '33101' }],
    ['an empty stored value counts as none', { stored: { zipcode: '' } }, { zipcode: '33101' }],
    ['other stored answers leave the box empty, so it is filled', { stored: { haveMedicare: true } }, { zipcode: '33101' }],
    ['a stored answer is never replaced', { stored: { zipcode: '90210' } }, {}],
    ['a typed ZIP is never replaced', { typed: { zipcode: '9021' } }, {}],
    ['a box the visitor cleared stays empty', { typed: { zipcode: '' } }, {}],
    ['no ZIP known: nothing', { zip: null }, {}],
    ['a step without a ZIP box: nothing', { step: YES_NO_STEP }, {}],
  ];
  for (const [name, change, expected] of cases) {
    test(name, () => assert.deepEqual(zipPrefill({ ...base, ...change }), expected));
  }

  test("every funnel's first step is the ZIP step it fills", () => {
    for (const funnel of Object.values(FUNNELS)) {
      assert.deepEqual(zipPrefill({ ...base, step: funnel.steps[0]! }), { zipcode: '33101' }, funnel.id);
    }
  });
});
