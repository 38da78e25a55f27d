import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CAMPAIGN_BOUND_CLICK_IDS,
  CAMPAIGN_FREE_CLICK_ID,
  CLICK_ID_MIN_LENGTH,
  isPaidTraffic,
} from '../../src/core/paid.ts';
import { CLICK_ID_PARAMS } from '../../src/core/url-params.ts';

// Spec §4 rule (a), written out rather than imported, so the derived list is checked against the text.
const SPEC_RULE_A_CLICK_IDS = [
  'etid', 'token', 'gclid', 'ScCid', 'tblci', 'qstid', 'clkid', 'fbclid', 'ttclid', 'saclid', 'tbclid', 'wbraid',
];

const id = (length: number): string => 'x'.repeat(length);

type Params = Record<string, string | undefined>;
const cases: Array<[label: string, params: Params, paid: boolean]> = [
  ['no parameters', {}, false],
  ['campaign alone', { utm_campaign: 'spring' }, false],
];

for (const name of SPEC_RULE_A_CLICK_IDS) {
  cases.push(
    [`(a) ${name} 15 chars + campaign`, { [name]: id(15), utm_campaign: 'spring' }, true],
    [`(a) ${name} 14 chars + campaign`, { [name]: id(14), utm_campaign: 'spring' }, false],
    [`(a) ${name} 40 chars + campaign`, { [name]: id(40), utm_campaign: 'spring' }, true],
    [`(a) ${name} 15 chars, no campaign`, { [name]: id(15) }, false],
    [`(a) ${name} 15 chars, empty campaign`, { [name]: id(15), utm_campaign: '' }, false],
    [`(a) ${name} 15 chars, undefined campaign`, { [name]: id(15), utm_campaign: undefined }, false],
  );
}

cases.push(
  ['(a) one short and one long click id + campaign', { gclid: id(5), fbclid: id(15), utm_campaign: 'c' }, true],
  ['(a) click id name is case-sensitive (sccid)', { sccid: id(15), utm_campaign: 'c' }, false],
  ['(a) unknown click id', { msclkid: id(30), utm_campaign: 'c' }, false],
  ['(b) gbraid 15 chars, no campaign', { gbraid: id(15) }, true],
  ['(b) gbraid 15 chars + campaign', { gbraid: id(15), utm_campaign: 'c' }, true],
  ['(b) gbraid 14 chars, no campaign', { gbraid: id(14) }, false],
  ['(b) gbraid 14 chars + campaign', { gbraid: id(14), utm_campaign: 'c' }, false],
  ['(b) gbraid empty', { gbraid: '' }, false],
  ['(c) bigo + campaign', { utm_source: 'bigo', utm_campaign: 'c' }, true],
  ['(c) bigo, no campaign', { utm_source: 'bigo' }, false],
  ['(c) bigo, empty campaign', { utm_source: 'bigo', utm_campaign: '' }, false],
  ['(c) BIGO + campaign (exact match only)', { utm_source: 'BIGO', utm_campaign: 'c' }, false],
  ['(c) other source + campaign', { utm_source: 'google', utm_campaign: 'c' }, false],
  ['(c) bigo as medium, not source', { utm_medium: 'bigo', utm_campaign: 'c' }, false],
);

describe('isPaidTraffic', () => {
  for (const [label, params, paid] of cases) {
    test(`${label} -> ${paid}`, () => assert.equal(isPaidTraffic(params), paid));
  }
});

describe('paid-traffic constants', () => {
  test('minimum click-id length is 15 (spec §9)', () => assert.equal(CLICK_ID_MIN_LENGTH, 15));
  test('rule (a) ids are exactly the spec list, and with gbraid make up every recognised click id', () => {
    assert.deepEqual([...CAMPAIGN_BOUND_CLICK_IDS], SPEC_RULE_A_CLICK_IDS);
    assert.equal(CAMPAIGN_FREE_CLICK_ID, 'gbraid');
    assert.deepEqual(new Set([...CAMPAIGN_BOUND_CLICK_IDS, CAMPAIGN_FREE_CLICK_ID]), new Set(CLICK_ID_PARAMS));
  });
});
