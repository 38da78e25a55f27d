/**
 * The call-back windows offered at a moment (core/leads/callback-slots.ts), by table: two-hour
 * windows inside working hours in Los Angeles time on the next three open days, through
 * daylight-saving weeks, Saturdays (not for affiliate traffic) and Sundays; offeredSlot refuses
 * any other time. And their words in the visitor's zone (core/leads/callback-labels.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { slotDay, slotHours, slotLabel } from '../../src/core/leads/callback-labels.ts';
import { callbackSlots, offeredSlot } from '../../src/core/leads/callback-slots.ts';
import { visitorTimeZone } from '../../src/core/leads/visitor-time-zone.ts';

/** The offered windows as 'start–end' in UTC hours, grouped by UTC date, for short tables. */
function windowsByDay(now: string, utmMedium?: string): Record<string, string[]> {
  const days: Record<string, string[]> = {};
  for (const { start, end } of callbackSlots(new Date(now), utmMedium ? { utmMedium } : {})) {
    (days[start.slice(0, 10)] ??= []).push(`${start.slice(11, 16)}-${end.slice(11, 16)}`);
  }
  return days;
}

/** Monday to Friday 05:00-17:00 Los Angeles time in UTC, winter (PST, UTC-8) and summer (PDT, UTC-7). */
const WEEKDAY_PST = ['13:00-15:00', '15:00-17:00', '17:00-19:00', '19:00-21:00', '21:00-23:00', '23:00-01:00'];
const WEEKDAY_PDT = ['12:00-14:00', '14:00-16:00', '16:00-18:00', '18:00-20:00', '20:00-22:00', '22:00-00:00'];
/** Saturday 06:00-15:00: the last window cut at closing. */
const SATURDAY_PST = ['14:00-16:00', '16:00-18:00', '18:00-20:00', '20:00-22:00', '22:00-23:00'];

describe('callbackSlots: the windows offered at a moment', () => {
  const cases: Array<[name: string, now: string, utmMedium: string | undefined, expected: Record<string, string[]>]> = [
    ['Friday evening (closed): Saturday, Monday, Tuesday', '2026-11-28T02:00:00Z', undefined, { '2026-11-28': SATURDAY_PST, '2026-11-30': WEEKDAY_PST, '2026-12-01': WEEKDAY_PST }],
    ['the same Friday evening for affiliate traffic: no Saturday', '2026-11-28T02:00:00Z', 'aff', { '2026-11-30': WEEKDAY_PST, '2026-12-01': WEEKDAY_PST, '2026-12-02': WEEKDAY_PST }],
    ['Sunday (closed all day): Monday to Wednesday', '2026-11-22T18:00:00Z', undefined, { '2026-11-23': WEEKDAY_PST, '2026-11-24': WEEKDAY_PST, '2026-11-25': WEEKDAY_PST }],
    ['Saturday at 09:30, open: only windows not yet begun, then Monday and Tuesday', '2026-11-28T17:30:00Z', undefined, { '2026-11-28': SATURDAY_PST.slice(2), '2026-11-30': WEEKDAY_PST, '2026-12-01': WEEKDAY_PST }],
    ['Saturday after closing: Monday to Wednesday', '2026-11-28T23:30:00Z', undefined, { '2026-11-30': WEEKDAY_PST, '2026-12-01': WEEKDAY_PST, '2026-12-02': WEEKDAY_PST }],
    ['the weekend clocks go forward (Sunday 2026-03-08): Saturday in PST, Monday and Tuesday in PDT', '2026-03-07T02:00:00Z', undefined, { '2026-03-07': SATURDAY_PST, '2026-03-09': WEEKDAY_PDT, '2026-03-10': WEEKDAY_PDT }],
    ['the weekend clocks go back (Sunday 2026-11-01): Saturday evening in PDT, Monday on in PST', '2026-10-31T23:30:00Z', undefined, { '2026-11-02': WEEKDAY_PST, '2026-11-03': WEEKDAY_PST, '2026-11-04': WEEKDAY_PST }],
    ['a weekday at 16:30, open: nothing left today', '2026-11-25T00:30:00Z', undefined, { '2026-11-25': WEEKDAY_PST, '2026-11-26': WEEKDAY_PST, '2026-11-27': WEEKDAY_PST }],
  ];
  for (const [name, now, utmMedium, expected] of cases) {
    test(name, () => {
      // Windows ending past midnight UTC belong to their start's date.
      assert.deepEqual(windowsByDay(now, utmMedium), expected);
    });
  }

  test('an invalid Date is refused rather than answered', () => {
    assert.throws(() => callbackSlots(new Date(Number.NaN)), RangeError);
  });
});

describe('offeredSlot: only a window offered now', () => {
  const now = new Date('2026-11-22T18:00:00Z'); // Sunday
  const cases: Array<[name: string, start: string, offered: boolean]> = [
    ['Monday 05:00 Los Angeles, the first window', '2026-11-23T13:00:00.000Z', true],
    ['the same instant spelled without milliseconds', '2026-11-23T13:00:00Z', true],
    ['Wednesday 15:00, the last window offered', '2026-11-25T23:00:00.000Z', true],
    ['Thursday 05:00: beyond the three open days', '2026-11-26T13:00:00.000Z', false],
    ['Sunday noon: closed', '2026-11-22T20:00:00.000Z', false],
    ['an hour already past', '2026-11-20T15:00:00.000Z', false],
    ['Monday 06:00: inside the hours, but not a window start', '2026-11-23T14:00:00.000Z', false],
    ['Monday 04:00: before opening', '2026-11-23T12:00:00.000Z', false],
    ['no time at all', 'soon', false],
  ];
  for (const [name, start, offered] of cases) {
    test(`${name}: ${offered ? 'offered' : 'refused'}`, () => {
      assert.equal(offeredSlot(start, now) !== undefined, offered);
    });
  }
});

describe('the words of a window in the visitor zone', () => {
  const morning = { start: '2026-11-30T13:00:00.000Z', end: '2026-11-30T15:00:00.000Z' };
  const noon = { start: '2026-11-30T17:00:00.000Z', end: '2026-11-30T19:00:00.000Z' };
  const cases: Array<[zone: string, language: 'en' | 'es', slot: typeof morning, expected: string]> = [
    ['America/New_York', 'en', morning, 'Monday, Nov 30, 8–10 a.m. Eastern'],
    ['America/New_York', 'en', noon, 'Monday, Nov 30, 12–2 p.m. Eastern'],
    ['America/Chicago', 'en', noon, 'Monday, Nov 30, 11 a.m.–1 p.m. Central'],
    ['America/Los_Angeles', 'en', morning, 'Monday, Nov 30, 5–7 a.m. Pacific'],
    ['Pacific/Honolulu', 'en', morning, 'Monday, Nov 30, 3–5 a.m. Hawaii'],
    ['America/New_York', 'es', morning, 'lunes, 30 nov, 8–10 a. m. hora del Este'],
    ['America/Chicago', 'es', noon, 'lunes, 30 nov, 11 a. m.–1 p. m. hora del Centro'],
  ];
  for (const [zone, language, slot, expected] of cases) {
    test(`${zone}, ${language}: ${expected}`, () => {
      assert.equal(slotLabel(slot, zone, language), expected);
      assert.equal(slotLabel(slot, zone, language), `${slotDay(slot, zone, language)}, ${slotHours(slot, zone, language)}`);
    });
  }

  test('a zone the runtime does not know is shown as Eastern', () => {
    assert.equal(visitorTimeZone('Mars/Olympus'), 'America/New_York');
    assert.equal(visitorTimeZone(''), 'America/New_York');
    assert.equal(visitorTimeZone('America/Denver'), 'America/Denver');
  });
});
