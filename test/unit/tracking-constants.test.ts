import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVENT_BODY_MAX_BYTES,
  expiryAfterFieldChange,
  IP_LOOKUP_CHECK_INTERVAL_MS,
  IP_LOOKUP_FIELD_CHANGE_EXPIRY_MS,
  IP_LOOKUP_REFRESH_WITHIN_MS,
  ipLookupNeedsRefresh,
  USER_SYNC_CHANNEL,
  USER_SYNC_RETRY_MS,
  WATCHED_QUOTE_FIELDS,
  type Moment,
} from '../../src/core/tracking/constants.ts';

describe('tracking constants (spec §4, §9)', () => {
  test('have the spec values', () => {
    assert.equal(IP_LOOKUP_CHECK_INTERVAL_MS, 4000);
    assert.equal(IP_LOOKUP_REFRESH_WITHIN_MS, 20000);
    assert.equal(IP_LOOKUP_FIELD_CHANGE_EXPIRY_MS, 10000);
    assert.equal(USER_SYNC_RETRY_MS, 3000);
    assert.equal(USER_SYNC_CHANNEL, 'user-sync');
    assert.equal(EVENT_BODY_MAX_BYTES, 32768);
  });
});

describe('WATCHED_QUOTE_FIELDS', () => {
  test('are the 7 lead fields, 15 per driver and 3 per vehicle, once each', () => {
    assert.equal(WATCHED_QUOTE_FIELDS.length, 7 + 3 * 15 + 3 * 3);
    assert.equal(new Set(WATCHED_QUOTE_FIELDS).size, WATCHED_QUOTE_FIELDS.length);
  });

  test('hold every spec field as a lead field key', () => {
    const expected = [
      'zipcode', 'haveMedicare', 'haveMedicaid', 'currentlyInsured', 'currentCompany', 'homeowner', 'interestedInHomeInsurance',
    ];
    for (const n of [1, 2, 3]) {
      for (const suffix of [
        'FirstName', 'LastName', 'Gender', 'MaritalStatus', 'Dob', 'DobDay', 'DobMonth', 'DobYear', 'Email', 'Phone',
        'Address', 'Address2', 'CreditRating', 'Sr22', 'MilitaryAffiliation',
      ]) expected.push(`driver${n}${suffix}`);
    }
    for (const n of [1, 2, 3]) for (const suffix of ['Year', 'Make', 'Model']) expected.push(`vehicle${n}${suffix}`);
    assert.deepEqual([...WATCHED_QUOTE_FIELDS], expected);
    assert.ok(!WATCHED_QUOTE_FIELDS.includes('driver4FirstName' as never));
  });
});

describe('ipLookupNeedsRefresh', () => {
  const now = Date.parse('2026-05-01T12:00:00.000Z');
  const cases: Array<[label: string, expiresAt: Moment | null | undefined, needsRefresh: boolean]> = [
    ['no lookup yet (null)', null, true],
    ['no lookup yet (undefined)', undefined, true],
    ['expires in an hour', now + 3_600_000, false],
    ['expires in 20.001 s', now + 20_001, false],
    ['expires in exactly 20 s', now + 20_000, true],
    ['expires in 5 s', now + 5_000, true],
    ['expired a minute ago', now - 60_000, true],
    ['expiry as ISO string, 30 s ahead', '2026-05-01T12:00:30.000Z', false],
    ['expiry as ISO string, 10 s ahead', '2026-05-01T12:00:10.000Z', true],
    ['expiry as Date, 21 s ahead', new Date(now + 21_000), false],
    ['unreadable expiry string', 'tomorrow-ish', true],
  ];
  for (const [label, expiresAt, needsRefresh] of cases) {
    test(`${label} -> ${needsRefresh}`, () => {
      assert.equal(ipLookupNeedsRefresh(expiresAt, now), needsRefresh);
      assert.equal(ipLookupNeedsRefresh(expiresAt, new Date(now)), needsRefresh, 'now as Date');
    });
  }
});

describe('expiryAfterFieldChange', () => {
  test('is 10 s after now', () => {
    assert.equal(expiryAfterFieldChange(1_000).getTime(), 11_000);
    assert.equal(expiryAfterFieldChange(new Date('2026-05-01T12:00:00Z')).toISOString(), '2026-05-01T12:00:10.000Z');
    assert.equal(expiryAfterFieldChange('2026-05-01T12:00:00Z').toISOString(), '2026-05-01T12:00:10.000Z');
  });

  test('pushes the expiry inside the refresh window, so the next check refreshes', () => {
    assert.equal(ipLookupNeedsRefresh(expiryAfterFieldChange(5_000), 5_000), true);
  });

  test('an unreadable now is a RangeError', () => {
    assert.throws(() => expiryAfterFieldChange('soon'), { name: 'RangeError', message: /not a valid moment/ });
  });
});
