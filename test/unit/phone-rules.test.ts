/**
 * Phone rules as pure code: which rule a visit gets (afid, route limits, date range,
 * precedence when several apply), the Los Angeles calendar day a rule's dates are judged by, the
 * event context's phone rule, and the fields' schema (US numbers by libphonenumber-js, kept as
 * their 10 digits).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PhoneRuleFieldsSchema } from '../../src/core/phone-rules/fields.ts';
import { eventPhoneRule, matchPhoneRule, phoneRuleDay, type MatchablePhoneRule } from '../../src/core/phone-rules/match.ts';

const OLD = '2026-01-01T00:00:00.000Z';
const NEW = '2026-02-01T00:00:00.000Z';

function rule(id: string, fields: Partial<MatchablePhoneRule> = {}): MatchablePhoneRule {
  return { id, afid: 'partner7', number: '8885550142', routes: [], startsOn: null, endsOn: null, updatedAt: OLD, ...fields };
}

describe('matchPhoneRule', () => {
  const visit = { afid: 'partner7', route: 'quiz-otc', day: '2026-06-15' };
  const cases: { name: string; rules: MatchablePhoneRule[]; visit?: Omit<Partial<typeof visit>, 'afid'> & { afid?: string | undefined }; expected: string | undefined }[] = [
    { name: 'no rules: none', rules: [], expected: undefined },
    { name: "the afid's rule", rules: [rule('a')], expected: 'a' },
    { name: 'no afid in the visit: none', rules: [rule('a')], visit: { afid: undefined }, expected: undefined },
    { name: "another afid's rule: none", rules: [rule('a', { afid: 'partner8' })], expected: undefined },
    { name: 'afids match exactly (case counts)', rules: [rule('a', { afid: 'Partner7' })], expected: undefined },
    { name: 'limited to the route shown', rules: [rule('a', { routes: ['index', 'quiz-otc'] })], expected: 'a' },
    { name: 'limited to other routes: none', rules: [rule('a', { routes: ['index'] })], expected: undefined },
    { name: 'on its first day', rules: [rule('a', { startsOn: '2026-06-15' })], expected: 'a' },
    { name: 'on its last day', rules: [rule('a', { endsOn: '2026-06-15' })], expected: 'a' },
    { name: 'the day before it starts: none', rules: [rule('a', { startsOn: '2026-06-16' })], expected: undefined },
    { name: 'the day after it ended: none', rules: [rule('a', { endsOn: '2026-06-14' })], expected: undefined },
    { name: 'inside a closed range', rules: [rule('a', { startsOn: '2026-06-01', endsOn: '2026-06-30' })], expected: 'a' },
    { name: 'a route-limited rule beats one for every route', rules: [rule('all', { updatedAt: NEW }), rule('some', { routes: ['quiz-otc'] })], expected: 'some' },
    { name: 'a dated rule beats an open one', rules: [rule('open', { updatedAt: NEW }), rule('dated', { startsOn: '2026-06-01' })], expected: 'dated' },
    { name: 'routes count more than dates', rules: [rule('dated', { startsOn: '2026-06-01', endsOn: '2026-06-30' }), rule('routed', { routes: ['quiz-otc'] })], expected: 'routed' },
    { name: 'equally specific: the newer change wins', rules: [rule('old'), rule('new', { updatedAt: NEW })], expected: 'new' },
    { name: 'equally specific and as new: the smaller id, whatever the order', rules: [rule('b'), rule('a')], expected: 'a' },
    { name: 'a more specific rule that does not apply is ignored', rules: [rule('all'), rule('other-route', { routes: ['index'] }), rule('expired', { endsOn: '2026-01-01' })], expected: 'all' },
  ];
  for (const { name, rules, visit: change, expected } of cases) {
    test(name, () => {
      assert.equal(matchPhoneRule(rules, { ...visit, ...change })?.id, expected);
      assert.equal(matchPhoneRule([...rules].reverse(), { ...visit, ...change })?.id, expected, 'the same in any order');
    });
  }
});

describe('phoneRuleDay', () => {
  const cases: [string, string][] = [
    ['2026-06-15T06:59:59.999Z', '2026-06-14'], // 23:59 in Los Angeles (PDT, UTC-7)
    ['2026-06-15T07:00:00.000Z', '2026-06-15'],
    ['2026-12-01T07:59:00.000Z', '2026-11-30'], // PST, UTC-8
    ['2026-12-01T08:00:00.000Z', '2026-12-01'],
  ];
  for (const [instant, day] of cases) test(`${instant} is ${day} in Los Angeles`, () => assert.equal(phoneRuleDay(new Date(instant)), day));
});

describe('eventPhoneRule', () => {
  test('the applied rule, else the visit afid alone, else nothing', () => {
    assert.deepEqual(eventPhoneRule({ id: 'r1', afid: 'partner7', number: '8885550142' }, 'partner7'), { afid: 'partner7', ruleId: 'r1', number: '8885550142' });
    assert.deepEqual(eventPhoneRule(undefined, 'partner9'), { afid: 'partner9', ruleId: null, number: null });
    assert.deepEqual(eventPhoneRule(undefined, undefined), { afid: null, ruleId: null, number: null });
  });
});

describe('PhoneRuleFieldsSchema', () => {
  const numbers: [string, string | undefined][] = [
    ['8885550142', '8885550142'],
    ['(888) 555-0142', '8885550142'],
    ['888.555.0142', '8885550142'],
    ['+1 212 555 0100', '2125550100'],
    ['1-800-555-0100', '8005550100'],
    ['123', undefined],
    ['1234567890', undefined], // area code 123 does not exist
    ['+1 604 555 0100', undefined], // Vancouver: Canadian, not US
    ['+44 20 7946 0958', undefined],
  ];
  for (const [typed, stored] of numbers) {
    test(`'${typed}' ${stored ? `is kept as ${stored}` : 'is refused'}`, () => {
      const parsed = PhoneRuleFieldsSchema.safeParse({ afid: 'a', number: typed });
      assert.equal(parsed.success ? parsed.data.number : undefined, stored);
    });
  }

  test('defaults: every route, no dates; repeated routes once', () => {
    assert.deepEqual(PhoneRuleFieldsSchema.parse({ afid: ' a-1 ', number: '8885550142', routes: ['x', 'y', 'x'] }), { afid: 'a-1', number: '8885550142', routes: ['x', 'y'], startsOn: null, endsOn: null });
  });
});
