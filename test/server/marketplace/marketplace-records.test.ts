import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answerValue, diffAnswers, formatAnswerChange, type AnswerChange } from '../../../src/server/marketplace/answer-diff.ts';
import { REDACTED, redactPii } from '../../../src/server/marketplace/redact.ts';
import { withServerFields } from '../../../src/server/marketplace/server-fields.ts';
import { buildDemandCheckPayload } from '../../../src/core/marketplace/payloads.ts';
import type { MarketplaceEnv } from '../../../src/server/marketplace/marketplace-env.ts';

describe('redactPii: what an exchange record keeps', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['ip at the top', { ip: '198.51.100.23', ua: 'Mozilla' }, { ip: REDACTED, ua: 'Mozilla' }],
    [
      'marketplace auto lead fields, in lists too',
      { data: { contact: 'Ada L', email: 'a@b.co', phone: '(305) 555-0142', address: '1 Main', address2: 'Apt 2', zip: '33187', drivers: [{ name: 'Ada L', birth_date: '1956-04-30', gender: 'F' }] } },
      { data: { contact: REDACTED, email: REDACTED, phone: REDACTED, address: REDACTED, address2: REDACTED, zip: '33187', drivers: [{ name: REDACTED, birth_date: REDACTED, gender: 'F' }] } },
    ],
    [
      'lead buyer driver fields',
      { drivers: [{ first_name: 'Ada', last_name: 'L', dob: '1956-04-30', primary_phone: '3055550142', marital_status: 'married' }] },
      { drivers: [{ first_name: REDACTED, last_name: REDACTED, dob: REDACTED, primary_phone: REDACTED, marital_status: 'married' }] },
    ],
    [
      'PII query parameters inside url',
      { url: 'https://example.test/quiz?firstname=Ada&afid=A1&Phone=3055550142' },
      { url: 'https://example.test/quiz?firstname=%5Bredacted%5D&afid=A1&Phone=%5Bredacted%5D' },
    ],
    ['a url without PII is kept byte for byte', { url: 'https://example.test/a?b=c%20d' }, { url: 'https://example.test/a?b=c%20d' }],
    ['a url that is not a URL is kept', { url: 'not a url' }, { url: 'not a url' }],
    ['absent and null values stay as they are', { email: null, zip: undefined }, { email: null, zip: undefined }],
    ['non-objects pass through', ['x', 1, null], ['x', 1, null]],
  ];
  for (const [label, input, expected] of cases) test(label, () => assert.deepEqual(redactPii(input), expected));

  test('the input is not changed', () => {
    const input = { ip: '198.51.100.23' };
    redactPii(input);
    assert.deepEqual(input, { ip: '198.51.100.23' });
  });
});

describe('diffAnswers: what changed between two answers', () => {
  const cases: Array<[string, unknown, unknown, AnswerChange[]]> = [
    ['identical', { ctc: { ev: 26 } }, { ctc: { ev: 26 } }, []],
    ['a changed leaf', { ctc: { ev: 26 } }, { ctc: { ev: 36 } }, [{ kind: 'changed', path: 'ctc.ev', before: 26, after: 36 }]],
    ['added and removed keys', { a: 1, b: 2 }, { b: 2, c: 3 }, [{ kind: 'removed', path: 'a', before: 1 }, { kind: 'added', path: 'c', after: 3 }]],
    [
      'arrays index by index',
      { ads: [{ bid: 5 }, { bid: 4 }] },
      { ads: [{ bid: 6 }] },
      [
        { kind: 'changed', path: 'ads[0].bid', before: 5, after: 6 },
        { kind: 'removed', path: 'ads[1]', before: { bid: 4 } },
      ],
    ],
    ['an object became a list', { a: {} }, { a: [] }, [{ kind: 'changed', path: 'a', before: {}, after: [] }]],
    ['no answer before', null, { ctc: {} }, [{ kind: 'changed', path: '(whole answer)', before: null, after: { ctc: {} } }]],
  ];
  for (const [label, before, after, expected] of cases) test(label, () => assert.deepEqual(diffAnswers(before, after), expected));

  test('answerValue: JSON parsed, other text kept, no answer null', () => {
    assert.deepEqual(answerValue('{"a":1}'), { a: 1 });
    assert.equal(answerValue('{"a":'), '{"a":');
    assert.equal(answerValue(null), null);
  });

  test('formatAnswerChange lines', () => {
    assert.equal(formatAnswerChange({ kind: 'changed', path: 'ctc.ev', before: 26, after: 36 }), 'changed ctc.ev: 26 -> 36');
    assert.equal(formatAnswerChange({ kind: 'added', path: 'x', after: 'y' }), 'added   x: "y"');
    assert.equal(formatAnswerChange({ kind: 'removed', path: 'x', before: [1] }), 'removed x: [1]');
  });
});

describe('withServerFields: what the server decides in a marketplace payload', () => {
  const vars = (env: Partial<MarketplaceEnv>): MarketplaceEnv => ({ MEDIAALPHA_TIMEOUT_MS: 2500, ...env });
  const payload = (afid?: string) =>
    buildDemandCheckPayload({
      ip: '198.51.100.23',
      localHour: 1,
      ua: 'ua',
      url: 'https://example.test/',
      placementId: 'from-browser',
      urlParams: afid ? { afid } : {},
    });

  const cases: Array<[string, MarketplaceEnv, 'medicare' | 'auto', string | undefined, { placement_id: string; sub_1?: string; source0: string }]> = [
    ['configured placement per product', vars({ MEDIAALPHA_PLACEMENT_MEDICARE: 'pm', MEDIAALPHA_PLACEMENT_AUTO: 'pa' }), 'auto', undefined, { placement_id: 'pa', source0: 'null' }],
    ["no configured placement: the browser's", vars({}), 'medicare', undefined, { placement_id: 'from-browser', source0: 'null' }],
    ['configured affiliate fills sub_1 and source[0]', vars({ MEDIAALPHA_AFFILIATE_ID: 'conf' }), 'medicare', undefined, { placement_id: 'from-browser', sub_1: 'conf', source0: 'conf' }],
    ["the URL's afid beats the configured one", vars({ MEDIAALPHA_AFFILIATE_ID: 'conf' }), 'medicare', 'url', { placement_id: 'from-browser', sub_1: 'url', source0: 'url' }],
  ];
  for (const [label, env, product, afid, expected] of cases) {
    test(label, () => {
      const result = withServerFields(payload(afid), product, env);
      assert.deepEqual({ placement_id: result.placement_id, ...(result.sub_1 ? { sub_1: result.sub_1 } : {}), source0: result.source[0] }, expected);
      assert.equal(result.source.length, 7);
    });
  }
});
