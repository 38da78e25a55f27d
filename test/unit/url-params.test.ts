import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CAMPAIGN_PARAMS,
  CAPTURED_PARAMS,
  CLICK_ID_PARAMS,
  MARKETPLACE_SUB_PARAMS,
  pickTrackedUrlParams,
  SESSION_KEPT_PARAMS,
  hasRemovedParams,
  splitCapturedParams,
  TRACKED_URL_PARAMS,
  type SplitParams,
} from '../../src/core/url-params.ts';

describe('parameter lists (spec §3)', () => {
  test('are exactly the spec lists, in order', () => {
    assert.deepEqual(CAPTURED_PARAMS, [
      'firstname', 'lastname', 'age', 'phone', 'dateofbirth', 'device', 'devicetype', 'session_id', 'has_medicare', 'has_medicaid',
    ]);
    assert.deepEqual(CLICK_ID_PARAMS, [
      'etid', 'token', 'gclid', 'ScCid', 'tblci', 'qstid', 'clkid', 'fbclid', 'ttclid', 'saclid', 'tbclid', 'wbraid', 'gbraid',
    ]);
    assert.deepEqual(CAMPAIGN_PARAMS, ['utm_campaign', 'utm_source']);
    assert.deepEqual(TRACKED_URL_PARAMS, [
      'fbclid', 'gclid', 'tblci', 'token', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'afid',
    ]);
  });

  test('session-kept parameters are the union of click ids, campaign, tracked parameters and the marketplace sub-ids, once each', () => {
    assert.deepEqual(MARKETPLACE_SUB_PARAMS, ['sub_2', 'sub_3'], 'named as in the demand-check and get-phone payloads (spec §7)');
    assert.equal(new Set(SESSION_KEPT_PARAMS).size, SESSION_KEPT_PARAMS.length);
    assert.deepEqual(new Set(SESSION_KEPT_PARAMS), new Set([...CLICK_ID_PARAMS, ...CAMPAIGN_PARAMS, ...TRACKED_URL_PARAMS, ...MARKETPLACE_SUB_PARAMS]));
    assert.equal(SESSION_KEPT_PARAMS.length, 21);
  });

  test('the marketplace sub-ids are kept for the visit but are on no event', () => {
    assert.deepEqual(splitCapturedParams('?sub_2=camp-9&sub_3=ad%207').kept, { sub_2: 'camp-9', sub_3: 'ad 7' });
    assert.deepEqual(pickTrackedUrlParams({ sub_2: 'camp-9', sub_3: 'ad 7', afid: '42' }), { afid: '42' });
  });
});

describe('splitCapturedParams', () => {
  const cases: Array<[label: string, search: string, expected: SplitParams]> = [
    ['empty', '', { captured: {}, kept: {}, cleanedSearch: '' }],
    ['just "?"', '?', { captured: {}, kept: {}, cleanedSearch: '' }],
    [
      'captured removed, the rest kept in order',
      '?firstname=Ann&utm_source=fb&phone=5551234567&gclid=abc&zip=90210',
      {
        captured: { firstname: 'Ann', phone: '5551234567' },
        kept: { utm_source: 'fb', gclid: 'abc' },
        cleanedSearch: '?utm_source=fb&gclid=abc&zip=90210',
      },
    ],
    [
      'without the leading "?"',
      'age=67&afid=42',
      { captured: { age: '67' }, kept: { afid: '42' }, cleanedSearch: '?afid=42' },
    ],
    [
      'only captured parameters leave an empty search',
      '?firstname=Ann&lastname=Lee&age=70&phone=1&dateofbirth=1955-01-02&device=m&devicetype=ios&session_id=s1&has_medicare=1&has_medicaid=0',
      {
        captured: {
          firstname: 'Ann', lastname: 'Lee', age: '70', phone: '1', dateofbirth: '1955-01-02', device: 'm',
          devicetype: 'ios', session_id: 's1', has_medicare: '1', has_medicaid: '0',
        },
        kept: {},
        cleanedSearch: '',
      },
    ],
    [
      'values are decoded; kept segments stay byte for byte',
      '?firstname=Mary+Ann&lastname=O%27Neil&utm_campaign=spring%20sale&q=a+b',
      {
        captured: { firstname: 'Mary Ann', lastname: "O'Neil" },
        kept: { utm_campaign: 'spring sale' },
        cleanedSearch: '?utm_campaign=spring%20sale&q=a+b',
      },
    ],
    [
      'empty captured values are removed but not stored; empty kept values are not stored',
      '?age=&utm_medium=&zip=1',
      { captured: {}, kept: {}, cleanedSearch: '?utm_medium=&zip=1' },
    ],
    [
      'first non-empty value of a repeated name wins',
      '?gclid=&gclid=b&gclid=c&firstname=a&firstname=z',
      { captured: { firstname: 'a' }, kept: { gclid: 'b' }, cleanedSearch: '?gclid=&gclid=b&gclid=c' },
    ],
    [
      'names are captured case-sensitively; personal data leaves the address whatever its case',
      '?FirstName=x&sccid=y&ScCid=z',
      { captured: {}, kept: { ScCid: 'z' }, cleanedSearch: '?sccid=y&ScCid=z' },
    ],
    [
      'valueless and stray segments',
      '?flag&&phone&etid=e1&=orphan',
      { captured: {}, kept: { etid: 'e1' }, cleanedSearch: '?flag&etid=e1&=orphan' },
    ],
    [
      'a bad %-escape does not throw; it decodes as the browser does (U+FFFD for a broken sequence)',
      '?firstname=%E0%A4%A&wbraid=w%ZZ',
      { captured: { firstname: '\uFFFD%A' }, kept: { wbraid: 'w%ZZ' }, cleanedSearch: '?wbraid=w%ZZ' },
    ],
    [
      'every click id and tracked parameter is kept',
      '?etid=1&token=2&gclid=3&ScCid=4&tblci=5&qstid=6&clkid=7&fbclid=8&ttclid=9&saclid=10&tbclid=11&wbraid=12&gbraid=13' +
        '&utm_source=s&utm_medium=m&utm_campaign=c&utm_content=co&utm_term=t&afid=a',
      {
        captured: {},
        kept: {
          etid: '1', token: '2', gclid: '3', ScCid: '4', tblci: '5', qstid: '6', clkid: '7', fbclid: '8', ttclid: '9',
          saclid: '10', tbclid: '11', wbraid: '12', gbraid: '13', utm_source: 's', utm_medium: 'm', utm_campaign: 'c',
          utm_content: 'co', utm_term: 't', afid: 'a',
        },
        cleanedSearch:
          '?etid=1&token=2&gclid=3&ScCid=4&tblci=5&qstid=6&clkid=7&fbclid=8&ttclid=9&saclid=10&tbclid=11&wbraid=12&gbraid=13' +
          '&utm_source=s&utm_medium=m&utm_campaign=c&utm_content=co&utm_term=t&afid=a',
      },
    ],
    [
      'personal data the product does not capture is dropped from the address, not captured',
      '?email=ana%40example.com&utm_source=s&Address=1+Main+St&driver1Dob=1956-04-30&contactPhone=555&keep=1',
      { captured: {}, kept: { utm_source: 's' }, cleanedSearch: '?utm_source=s&keep=1' },
    ],
  ];
  for (const [label, search, expected] of cases) {
    test(label, () => assert.deepEqual(splitCapturedParams(search), expected));
  }
});

describe('pickTrackedUrlParams', () => {
  test('keeps only non-empty tracked parameters', () => {
    assert.deepEqual(
      pickTrackedUrlParams({ gclid: 'g', etid: 'e', utm_term: '', afid: 'a', utm_medium: undefined, zip: '1' }),
      { gclid: 'g', afid: 'a' },
    );
  });
});

describe('hasRemovedParams: whether the address must be rewritten', () => {
  const cases: Array<[search: string, rewrite: boolean]> = [
    ['', false],
    ['?utm_source=s&gclid=1', false],
    ['?firstname=', true],
    ['?email=ana%40example.com', true],
    ['?utm_source=s&homeAddress=x', true],
  ];
  for (const [search, rewrite] of cases) test(`${JSON.stringify(search)} -> ${rewrite}`, () => assert.equal(hasRemovedParams(search), rewrite));
});
