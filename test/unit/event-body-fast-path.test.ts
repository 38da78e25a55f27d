/**
 * The event intake's fast validity check (isTrackEventBody, spared zod's copy of every event on the
 * busiest route) must give zod's verdict (TrackEventBodySchema) on every input: it may never accept
 * what the schema refuses. Checked on generated bodies near the rules' edges (fast-check) and on
 * named edge cases.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isTrackEventBody, TrackEventBodySchema } from '../../src/core/tracking/event-body.ts';

/** Strings around a length bound: empty, at the bound, one past it. */
const textNear = (max: number) => fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 12 }), fc.constant('x'.repeat(max)), fc.constant('x'.repeat(max + 1)), fc.constant('x'.repeat(7)), fc.constant('x'.repeat(8)));

const timestamps = fc.oneof(
  fc.constantFrom('2026-05-01T12:00:00.000Z', '2026-05-01T12:00:00Z', '2026-05-01T05:00:00-07:00', '2026-05-01T12:00Z', '2026-05-01 12:00:00Z', '2026-13-01T12:00:00Z', '2026-05-01T24:00:00Z', '2026-05-01T12:00:00.123456789+05:30', '2026-05-01T12:00:00+2400', '2026-05-01'),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.string(),
);

const anyValue = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean(), fc.constant([]));

/** The context's phone rule: complete, without its rule id or number (an older page's), or malformed. */
const phoneRules = fc.oneof(
  fc.record({ afid: fc.oneof(textNear(200), fc.constant(null), anyValue), ruleId: fc.oneof(textNear(200), fc.constant(null), anyValue), number: fc.oneof(fc.constantFrom('8885550142', '888555014', '(888) 555-0142'), fc.constant(null), anyValue) }, { requiredKeys: [] }),
  anyValue,
);

const bodies = fc.record(
  {
    type: fc.oneof(fc.constant('track'), fc.constant('page'), anyValue),
    event: fc.oneof(textNear(100), anyValue),
    timestamp: fc.oneof(timestamps, anyValue),
    sessionId: fc.oneof(textNear(200), anyValue),
    anonymousId: fc.oneof(textNear(200), anyValue),
    properties: fc.oneof(fc.record({ eventId: fc.oneof(textNear(100), anyValue), page: fc.constant({ name: 'home' }), phoneRule: phoneRules }, { requiredKeys: ['eventId'] }), anyValue),
  },
  { requiredKeys: [] },
);

/** Whether the body's properties hold a phone rule missing its rule id or number. */
function hasIncompletePhoneRule(value: unknown): boolean {
  const rule = (value as { properties?: { phoneRule?: Record<string, unknown> } } | null)?.properties?.phoneRule;
  return typeof rule === 'object' && rule !== null && (rule.ruleId === undefined || rule.number === undefined);
}

test('the fast check agrees with the schema on generated bodies', () => {
  fc.assert(
    fc.property(fc.oneof(bodies, anyValue), (value) => {
      const schemaAccepts = TrackEventBodySchema.safeParse(value).success;
      // Never accepts what the schema refuses; refuses what it accepts only for a phone rule the
      // schema completes with nulls (that body then takes the schema's path).
      if (isTrackEventBody(value)) assert.ok(schemaAccepts, JSON.stringify(value));
      else if (schemaAccepts) assert.ok(hasIncompletePhoneRule(value), JSON.stringify(value));
    }),
    { numRuns: 3000 },
  );
});

test('a valid body passes both; the usual refusals fail both', () => {
  const valid = { type: 'track', event: 'pageView', timestamp: '2026-05-01T12:00:00.000Z', sessionId: 's', anonymousId: 'a', properties: { eventId: 'evt-0001' } };
  const cases: [string, unknown, boolean][] = [
    ['valid', valid, true],
    ['extra top-level keys', { ...valid, context: {} }, true],
    ['properties an array', { ...valid, properties: [] }, false],
    ['event id 7 characters', { ...valid, properties: { eventId: '1234567' } }, false],
    ['no properties', { ...valid, properties: undefined }, false],
    ['an array', [valid], false],
    ['a complete phone rule', { ...valid, properties: { eventId: 'evt-0001', phoneRule: { afid: 'partner7', ruleId: 'r1', number: '8885550142' } } }, true],
    ['a phone rule number not 10 digits', { ...valid, properties: { eventId: 'evt-0001', phoneRule: { afid: 'partner7', ruleId: 'r1', number: '888555014' } } }, false],
  ];
  for (const [name, value, verdict] of cases) {
    assert.equal(isTrackEventBody(value), verdict, name);
    assert.equal(TrackEventBodySchema.safeParse(value).success, verdict, name);
  }
});
