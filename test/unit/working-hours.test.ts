import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from '@js-temporal/polyfill';
import { isWithinWorkingHours, WORKING_HOURS, WORKING_HOURS_TIME_ZONE } from '../../src/core/working-hours.ts';

// Each instant is written in UTC with its Los Angeles wall-clock time beside it. Daylight saving
// starts 2026-03-08 (UTC-8 -> UTC-7) and ends 2026-11-01 (UTC-7 -> UTC-8), so the same UTC
// hour is a different local hour on either side: a fixed offset would fail these rows.
const cases: Array<[label: string, utc: string, utmMedium: string | undefined, open: boolean]> = [
  // Friday before spring-forward, PST (UTC-8)
  ['Fri 2026-03-06 04:59 PST', '2026-03-06T12:59:00Z', undefined, false],
  ['Fri 2026-03-06 05:00 PST', '2026-03-06T13:00:00Z', undefined, true],
  ['Fri 2026-03-06 16:59 PST', '2026-03-07T00:59:00Z', undefined, true],
  ['Fri 2026-03-06 16:59:59.999 PST', '2026-03-07T00:59:59.999Z', undefined, true],
  ['Fri 2026-03-06 17:00 PST (end exclusive)', '2026-03-07T01:00:00Z', undefined, false],
  // Saturday before spring-forward, PST
  ['Sat 2026-03-07 05:59 PST', '2026-03-07T13:59:00Z', undefined, false],
  ['Sat 2026-03-07 06:00 PST', '2026-03-07T14:00:00Z', undefined, true],
  ['Sat 2026-03-07 14:59 PST', '2026-03-07T22:59:00Z', undefined, true],
  ['Sat 2026-03-07 15:00 PST (end exclusive)', '2026-03-07T23:00:00Z', undefined, false],
  ['Sat 2026-03-07 06:00 PST, utm_medium aff', '2026-03-07T14:00:00Z', 'aff', false],
  ['Sat 2026-03-07 12:00 PST, utm_medium aff', '2026-03-07T20:00:00Z', 'aff', false],
  ['Sat 2026-03-07 12:00 PST, utm_medium cpc', '2026-03-07T20:00:00Z', 'cpc', true],
  ['Sat 2026-03-07 12:00 PST, utm_medium AFF (case-sensitive)', '2026-03-07T20:00:00Z', 'AFF', true],
  // Spring-forward Sunday: closed all day
  ['Sun 2026-03-08 12:00 PDT', '2026-03-08T19:00:00Z', undefined, false],
  ['Sun 2026-03-08 06:00 PDT', '2026-03-08T13:00:00Z', undefined, false],
  // Monday after spring-forward, PDT (UTC-7)
  ['Mon 2026-03-09 04:59 PDT', '2026-03-09T11:59:00Z', undefined, false],
  ['Mon 2026-03-09 05:00 PDT', '2026-03-09T12:00:00Z', undefined, true],
  ['Mon 2026-03-09 05:30 PDT (04:30 if PST were assumed)', '2026-03-09T12:30:00Z', undefined, true],
  ['Mon 2026-03-09 16:59 PDT', '2026-03-09T23:59:00Z', undefined, true],
  ['Mon 2026-03-09 17:00 PDT', '2026-03-10T00:00:00Z', undefined, false],
  ['Mon 2026-03-09 12:00 PDT, utm_medium aff (weekdays unaffected)', '2026-03-09T19:00:00Z', 'aff', true],
  // Friday and Saturday before fall-back, PDT
  ['Fri 2026-10-30 04:59 PDT', '2026-10-30T11:59:00Z', undefined, false],
  ['Fri 2026-10-30 05:00 PDT', '2026-10-30T12:00:00Z', undefined, true],
  ['Sat 2026-10-31 06:00 PDT', '2026-10-31T13:00:00Z', undefined, true],
  ['Sat 2026-10-31 15:00 PDT', '2026-10-31T22:00:00Z', undefined, false],
  ['Sat 2026-10-31 06:00 PDT, utm_medium aff', '2026-10-31T13:00:00Z', 'aff', false],
  // Fall-back Sunday
  ['Sun 2026-11-01 11:00 PST', '2026-11-01T19:00:00Z', undefined, false],
  // Monday after fall-back, PST
  ['Mon 2026-11-02 04:59 PST', '2026-11-02T12:59:00Z', undefined, false],
  ['Mon 2026-11-02 05:00 PST', '2026-11-02T13:00:00Z', undefined, true],
  ['Mon 2026-11-02 04:00 PST (05:00 if PDT were assumed)', '2026-11-02T12:00:00Z', undefined, false],
  ['Mon 2026-11-02 16:59 PST', '2026-11-03T00:59:00Z', undefined, true],
  ['Mon 2026-11-02 17:00 PST', '2026-11-03T01:00:00Z', undefined, false],
];

describe('isWithinWorkingHours', () => {
  for (const [label, utc, utmMedium, open] of cases) {
    test(`${label} -> ${open ? 'open' : 'closed'}`, () => {
      const opts = utmMedium === undefined ? {} : { utmMedium };
      assert.equal(isWithinWorkingHours(Temporal.Instant.from(utc), opts), open, 'Temporal.Instant');
      assert.equal(isWithinWorkingHours(new Date(utc), opts), open, 'Date');
    });
  }

  test('options default to none', () => {
    assert.equal(isWithinWorkingHours(new Date('2026-03-07T14:00:00Z')), true);
  });

  test('an invalid Date is a RangeError, not an answer', () => {
    assert.throws(() => isWithinWorkingHours(new Date('nope')), { name: 'RangeError', message: /invalid Date/ });
  });

  // The answer is remembered for its minute: asked again and again, in any order, it stays exact.
  test('repeated questions around a boundary and across the affiliate flag keep their answers', () => {
    const sequence: Array<[utc: string, utmMedium: string | undefined, open: boolean]> = [
      ['2026-03-07T00:59:59.999Z', undefined, true],
      ['2026-03-07T01:00:00Z', undefined, false],
      ['2026-03-07T00:59:00Z', undefined, true],
      ['2026-03-07T00:59:30Z', undefined, true],
      ['2026-03-07T18:00:00Z', undefined, true],
      ['2026-03-07T18:00:00Z', 'aff', false],
      ['2026-03-07T18:00:59Z', undefined, true],
    ];
    for (const [utc, utmMedium, open] of sequence) assert.equal(isWithinWorkingHours(new Date(utc), { utmMedium }), open, `${utc} ${utmMedium ?? ''}`);
  });
});

// The rule computed independently with the Temporal polyfill's time-zone arithmetic (what
// isWithinWorkingHours used before it read the wall clock from Intl), every 131 minutes through
// 2026 (131 is prime to 60, so the samples walk through every minute of the hour): both
// daylight-saving changes, every weekday, every opening and closing hour.
describe('isWithinWorkingHours agrees with Temporal', () => {
  /** [open without aff, open with aff] by Temporal. */
  function expected(instant: Temporal.Instant): [boolean, boolean] {
    const local = instant.toZonedDateTimeISO(WORKING_HOURS_TIME_ZONE);
    const weekday = local.dayOfWeek as keyof typeof WORKING_HOURS;
    const hours = WORKING_HOURS[weekday];
    if (hours === null) return [false, false];
    const time = local.toPlainTime();
    const open = Temporal.PlainTime.compare(time, hours.opens) >= 0 && Temporal.PlainTime.compare(time, hours.closes) < 0;
    return [open, open && weekday !== 6];
  }

  test('2026-01-01 to 2027-01-01, with and without utm_medium aff', () => {
    const step = 131 * 60_000;
    const end = Date.parse('2027-01-01T00:00:00Z');
    let checked = 0;
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < end; ms += step) {
      const [open, openToAffiliates] = expected(Temporal.Instant.fromEpochMilliseconds(ms));
      const at = new Date(ms);
      assert.equal(isWithinWorkingHours(at), open, at.toISOString());
      assert.equal(isWithinWorkingHours(at, { utmMedium: 'aff' }), openToAffiliates, `${at.toISOString()} aff`);
      checked++;
    }
    assert.ok(checked > 4_000, String(checked));
  });
});

describe('WORKING_HOURS table', () => {
  test('matches spec §4 in America/Los_Angeles', () => {
    assert.equal(WORKING_HOURS_TIME_ZONE, 'America/Los_Angeles');
    assert.deepEqual(WORKING_HOURS, {
      1: { opens: '05:00', closes: '17:00' },
      2: { opens: '05:00', closes: '17:00' },
      3: { opens: '05:00', closes: '17:00' },
      4: { opens: '05:00', closes: '17:00' },
      5: { opens: '05:00', closes: '17:00' },
      6: { opens: '06:00', closes: '15:00' },
      7: null,
    });
  });
});
