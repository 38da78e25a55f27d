import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEventRequest } from '../../src/core/tracking/event-body.ts';

const valid = {
  type: 'track',
  event: 'pageView',
  timestamp: '2026-05-01T12:00:00.000Z',
  sessionId: 'sess-1',
  anonymousId: 'anon-1',
  properties: { eventId: 'evt-0001', page: { name: 'home' }, stepIsFallback: false },
};

/** `valid` with top-level or properties fields replaced; `undefined` removes the field. */
function body(changes: Record<string, unknown> = {}, propertyChanges: Record<string, unknown> = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = { ...valid.properties, ...propertyChanges };
  const result: Record<string, unknown> = { ...valid, properties, ...changes };
  for (const [key, value] of Object.entries(result)) if (value === undefined) delete result[key];
  for (const [key, value] of Object.entries(properties)) if (value === undefined) delete properties[key];
  return result;
}

describe('parseEventRequest accepts', () => {
  const cases: Array<[label: string, raw: unknown, count: number]> = [
    ['a single valid event', body(), 1],
    ['extra top-level fields', body({ context: { library: 'x' } }), 1],
    ['extra properties of any shape', body({}, { data: { zipcode: '90210' }, ads: [1, 2] }), 1],
    ['a timestamp with an offset', body({ timestamp: '2026-05-01T05:00:00-07:00' }), 1],
    ['a timestamp without milliseconds', body({ timestamp: '2026-05-01T12:00:00Z' }), 1],
    ['an event name of 100 characters', body({ event: 'e'.repeat(100) }), 1],
    ['an event id of 8 characters', body({}, { eventId: '12345678' }), 1],
    ['an event id of 100 characters', body({}, { eventId: 'i'.repeat(100) }), 1],
    ['a batch of 2', [body(), body({ event: 'call' })], 2],
    ['a batch of 50', Array.from({ length: 50 }, () => body()), 50],
  ];
  for (const [label, raw, count] of cases) {
    test(label, () => {
      const result = parseEventRequest(raw);
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.ok(result.ok);
      assert.equal(result.events.length, count);
    });
  }

  test('keeps every property, and hands back the body itself rather than a copy (the ingest fast path)', () => {
    const raw = body({ context: 'x' }, { data: { zipcode: '90210' } });
    const result = parseEventRequest(raw);
    assert.ok(result.ok);
    assert.equal(result.events[0], raw);
    assert.deepEqual(result.events[0].properties, { ...valid.properties, data: { zipcode: '90210' } });
  });
});

describe('parseEventRequest rejects', () => {
  // Each row names the exact problem lines expected, so a wrong path or a silent pass fails.
  const cases: Array<[label: string, raw: unknown, problems: Array<string | RegExp>]> = [
    ['no body at all', undefined, ['Required']],
    ['null', null, [/^Invalid input: expected object, received null$/]],
    ['a string', 'track', [/^Invalid input: expected object, received string$/]],
    ['an empty batch', [], [/^Too small: expected array to have >=1 items$/]],
    ['a batch of 51', Array.from({ length: 51 }, () => body()), [/^Too big: expected array to have <=50 items$/]],
    ['type other than track', body({ type: 'identify' }), [/^type: Invalid input: expected "track"$/]],
    ['missing type', body({ type: undefined }), ['type: Required']],
    ['empty event', body({ event: '' }), [/^event: Too small/]],
    ['event of 101 characters', body({ event: 'e'.repeat(101) }), [/^event: Too big/]],
    ['event as a number', body({ event: 42 }), [/^event: Invalid input: expected string, received number$/]],
    ['missing event', body({ event: undefined }), ['event: Required']],
    ['timestamp not ISO', body({ timestamp: 'yesterday' }), ['timestamp: Invalid ISO datetime']],
    ['timestamp without a zone', body({ timestamp: '2026-05-01T12:00:00' }), ['timestamp: Invalid ISO datetime']],
    ['timestamp as epoch number', body({ timestamp: 1_777_000_000_000 }), [/^timestamp: Invalid input: expected string/]],
    ['missing sessionId', body({ sessionId: undefined }), ['sessionId: Required']],
    ['empty sessionId', body({ sessionId: '' }), [/^sessionId: Too small/]],
    ['anonymousId as a number', body({ anonymousId: 5 }), [/^anonymousId: Invalid input: expected string, received number$/]],
    ['missing properties', body({ properties: undefined }), ['properties: Required']],
    ['properties as an array', body({ properties: ['x'] }), [/^properties: Invalid input: expected object, received array$/]],
    ['missing eventId', body({}, { eventId: undefined }), ['properties.eventId: Required']],
    ['eventId of 7 characters', body({}, { eventId: '1234567' }), [/^properties\.eventId: Too small/]],
    ['eventId of 101 characters', body({}, { eventId: 'i'.repeat(101) }), [/^properties\.eventId: Too big/]],
    ['eventId as a number', body({}, { eventId: 12345678 }), [/^properties\.eventId: Invalid input: expected string/]],
    ['one bad event in a batch', [body(), body({ event: undefined })], ['[1].event: Required']],
    [
      'several problems at once',
      { type: 'track', properties: {} },
      ['event: Required', 'timestamp: Required', 'sessionId: Required', 'anonymousId: Required', 'properties.eventId: Required'],
    ],
  ];
  for (const [label, raw, expected] of cases) {
    test(label, () => {
      const result = parseEventRequest(raw);
      assert.equal(result.ok, false);
      assert.ok(!result.ok);
      assert.equal(result.problems.length, expected.length, result.problems.join(' | '));
      expected.forEach((want, i) => {
        const got = result.problems[i] ?? '';
        if (typeof want === 'string') assert.equal(got, want);
        else assert.match(got, want);
      });
    });
  }
});

describe("parseEventRequest and the context's phone rule", () => {
  const cases: Array<[label: string, phoneRule: unknown, stored: unknown]> = [
    ['a rule that applied', { afid: 'partner7', ruleId: 'r-1', number: '8885550142' }, { afid: 'partner7', ruleId: 'r-1', number: '8885550142' }],
    ['no rule, no afid', { afid: null, ruleId: null, number: null }, { afid: null, ruleId: null, number: null }],
    ["an older page's afid alone: stored with null rule and number", { afid: '7731' }, { afid: '7731', ruleId: null, number: null }],
  ];
  for (const [label, phoneRule, stored] of cases) {
    test(`keeps ${label}`, () => {
      const result = parseEventRequest(body({}, { phoneRule }));
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual((result.events[0]!.properties as { phoneRule?: unknown }).phoneRule, stored);
    });
  }

  const refused: Array<[label: string, phoneRule: unknown, problem: RegExp]> = [
    ['a number that is not 10 digits', { afid: 'a', ruleId: 'r', number: '+1 888' }, /^properties\.phoneRule\.number: not 10 digits$/],
    ['no afid key', { ruleId: null, number: null }, /^properties\.phoneRule\.afid: Required$/],
    ['a string', 'partner7', /^properties\.phoneRule: /],
  ];
  for (const [label, phoneRule, problem] of refused) {
    test(`refuses ${label}`, () => {
      const result = parseEventRequest(body({}, { phoneRule }));
      assert.equal(result.ok, false);
      assert.ok(!result.ok);
      assert.match(result.problems.join('\n'), problem);
    });
  }
});
