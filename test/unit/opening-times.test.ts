import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nextOpening } from '../../src/core/hours/opening-times.ts';
import { longOpening, ZONE_NAMES } from '../../src/core/hours/opening-words-long.ts';
import { DEFAULT_VISITOR_TIME_ZONE } from '../../src/core/hours/default-zone.ts';
import { shortOpening, ZONE_ABBREVIATIONS } from '../../src/core/hours/opening-words.ts';
import { STATE_TIME_ZONES, visitorTimeZone } from '../../src/core/hours/state-time-zones.ts';
import { isWithinWorkingHours } from '../../src/core/working-hours.ts';

// Instants in UTC, the Los Angeles wall clock beside them. Daylight saving starts 2026-03-08 and
// ends 2026-11-01, so an opening on the far side of a change is at another UTC hour.
const cases: Array<[label: string, now: string, utmMedium: string | undefined, opens: string]> = [
  ['Fri 17:00 PST, closed: Saturday 06:00 PST', '2026-03-07T01:00:00Z', undefined, '2026-03-07T14:00:00Z'],
  ['Fri 17:00 PST, affiliate: Monday 05:00 PDT, across spring-forward', '2026-03-07T01:00:00Z', 'aff', '2026-03-09T12:00:00Z'],
  ['Sat 15:00 PST: Monday 05:00 PDT, across spring-forward', '2026-03-07T23:00:00Z', undefined, '2026-03-09T12:00:00Z'],
  ['Sat 10:00 PST, affiliate (closed to it): Monday 05:00 PDT', '2026-03-07T18:00:00Z', 'aff', '2026-03-09T12:00:00Z'],
  ['Sun 2026-03-08 12:00 PDT: Monday 05:00 PDT', '2026-03-08T19:00:00Z', undefined, '2026-03-09T12:00:00Z'],
  ['Mon 04:59 PDT: 05:00 the same day', '2026-03-09T11:59:00Z', undefined, '2026-03-09T12:00:00Z'],
  ['Mon 04:59:30 PDT: 05:00 the same day', '2026-03-09T11:59:30Z', undefined, '2026-03-09T12:00:00Z'],
  ['Sat 2026-10-31 15:00 PDT: Monday 05:00 PST, across fall-back', '2026-10-31T22:00:00Z', undefined, '2026-11-02T13:00:00Z'],
  ['Sun 2026-11-01 01:30 (the repeated hour): Monday 05:00 PST', '2026-11-01T09:30:00Z', undefined, '2026-11-02T13:00:00Z'],
  ['Fri 2026-11-27 18:00 PST, affiliate: Monday 05:00 PST', '2026-11-28T02:00:00Z', 'aff', '2026-11-30T13:00:00Z'],
  ['Thu 2026-11-26 23:30 PST: Friday 05:00 PST', '2026-11-27T07:30:00Z', undefined, '2026-11-27T13:00:00Z'],
];

describe('nextOpening', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const [label, now, utmMedium, opens] of cases) {
    test(label, () => {
      assert.equal(isWithinWorkingHours(new Date(now), { utmMedium }), false, 'the row is a closed moment');
      assert.equal(iso(nextOpening(new Date(now), { utmMedium })), iso(Date.parse(opens)));
      assert.equal(isWithinWorkingHours(new Date(opens), { utmMedium }), true, 'open at the answer');
      assert.equal(isWithinWorkingHours(new Date(Date.parse(opens) - 60_000), { utmMedium }), false, 'closed the minute before');
    });
  }

  test('inside working hours it is now', () => {
    const now = new Date('2026-03-09T19:00:00Z');
    assert.equal(nextOpening(now), now.getTime());
  });

  test('an invalid Date is a RangeError', () => {
    assert.throws(() => nextOpening(new Date(Number.NaN)), RangeError);
  });
});

describe('visitorTimeZone', () => {
  const rows: Array<[state: string | null | undefined, zone: string]> = [
    ['CA', 'America/Los_Angeles'],
    ['ca', 'America/Los_Angeles'],
    ['NY', 'America/New_York'],
    ['FL', 'America/New_York'],
    ['TX', 'America/Chicago'],
    ['IN', 'America/New_York'],
    ['AZ', 'America/Phoenix'],
    ['CO', 'America/Denver'],
    ['OR', 'America/Los_Angeles'],
    ['AK', 'America/Anchorage'],
    ['HI', 'Pacific/Honolulu'],
    [null, DEFAULT_VISITOR_TIME_ZONE],
    [undefined, DEFAULT_VISITOR_TIME_ZONE],
    ['ZZ', DEFAULT_VISITOR_TIME_ZONE],
  ];
  for (const [state, zone] of rows) test(`${String(state)} → ${zone}`, () => assert.equal(visitorTimeZone(state), zone));

  test('every state and DC has a zone the runtime knows', () => {
    assert.ok(Object.keys(STATE_TIME_ZONES).length >= 51);
    for (const zone of Object.values(STATE_TIME_ZONES)) {
      assert.doesNotThrow(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }));
      assert.ok(ZONE_ABBREVIATIONS[zone], `${zone} has short words`);
      assert.ok(ZONE_NAMES[zone], `${zone} has long words`);
    }
  });
});

describe('the words of an opening', () => {
  // Monday 2026-11-30 05:00 Pacific (PST) and Monday 2026-03-09 05:00 Pacific (PDT).
  const winter = Date.parse('2026-11-30T13:00:00Z');
  const summer = Date.parse('2026-03-09T12:00:00Z');
  const rows: Array<[at: number, zone: string, language: 'en' | 'es', long: string, short: string]> = [
    [winter, 'America/New_York', 'en', 'Monday at 8 a.m. Eastern', 'Mon 8 a.m. ET'],
    [winter, 'America/Chicago', 'en', 'Monday at 7 a.m. Central', 'Mon 7 a.m. CT'],
    [winter, 'America/Denver', 'en', 'Monday at 6 a.m. Mountain', 'Mon 6 a.m. MT'],
    [winter, 'America/Los_Angeles', 'en', 'Monday at 5 a.m. Pacific', 'Mon 5 a.m. PT'],
    [winter, 'America/Anchorage', 'en', 'Monday at 4 a.m. Alaska', 'Mon 4 a.m. AKT'],
    [winter, 'Pacific/Honolulu', 'en', 'Monday at 3 a.m. Hawaii', 'Mon 3 a.m. HT'],
    [winter, 'Europe/Paris', 'en', 'Monday at 8 a.m. Eastern', 'Mon 8 a.m. ET'],
    [winter, 'America/New_York', 'es', 'el lunes a las 8 a. m., hora del Este', 'lun. 8 a. m. ET'],
    [winter, 'America/Los_Angeles', 'es', 'el lunes a las 5 a. m., hora del Pacífico', 'lun. 5 a. m. PT'],
    // Arizona keeps standard time: 5 a.m. PDT is 5 a.m. there, 6 a.m. in Denver.
    [summer, 'America/Phoenix', 'en', 'Monday at 5 a.m. Mountain', 'Mon 5 a.m. MT'],
    [summer, 'America/Denver', 'en', 'Monday at 6 a.m. Mountain', 'Mon 6 a.m. MT'],
    [summer, 'Pacific/Honolulu', 'es', 'el lunes a las 2 a. m., hora de Hawái', 'lun. 2 a. m. HT'],
    [Date.parse('2026-11-28T19:00:00Z'), 'America/New_York', 'es', 'el sábado a las 2 p. m., hora del Este', 'sáb. 2 p. m. ET'],
    [Date.parse('2026-11-28T18:00:00Z'), 'America/New_York', 'es', 'el sábado a la 1 p. m., hora del Este', 'sáb. 1 p. m. ET'],
    [Date.parse('2026-11-28T17:30:00Z'), 'America/New_York', 'en', 'Saturday at 12:30 p.m. Eastern', 'Sat 12:30 p.m. ET'],
  ];
  for (const [at, zone, language, long, short] of rows) {
    test(`${new Date(at).toISOString()} in ${zone} (${language})`, () => {
      assert.equal(longOpening(at, zone, language), long);
      assert.equal(shortOpening(at, zone, language), short);
    });
  }
});
