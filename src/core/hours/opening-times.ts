/**
 * When the call centre next opens (spec §4 "Working hours"): the instant the end screens and the
 * header name when nobody can answer now. Server-side only: it uses the Temporal polyfill, which
 * no visitor bundle may carry; the payload hands the browser the instant itself.
 */
import { Temporal } from '@js-temporal/polyfill';
import { AFFILIATE_CLOSED_WEEKDAYS, AFFILIATE_UTM_MEDIUM, isWithinWorkingHours, WORKING_HOURS, WORKING_HOURS_TIME_ZONE, type IsoWeekday, type WorkingHoursOptions } from '../working-hours.ts';

/** Every week has an open day, so a week and a day ahead always finds one. */
const DAYS_LOOKED_AHEAD = 8;

/**
 * The next instant at which {@link isWithinWorkingHours} turns true after `now` (on or after `now`
 * when it is open already: `now` itself), by the wall clock in Los Angeles, so a daylight-saving
 * change between now and the opening moves the instant with it. Affiliate traffic
 * (`utmMedium` 'aff') skips Saturday. Throws a RangeError for an invalid Date.
 *
 * @example
 * nextOpening(new Date('2026-11-28T02:00:00Z')).toString(); // '2026-11-30T13:00:00Z': Monday 5 a.m. Pacific
 */
export function nextOpening(now: Temporal.Instant | Date, opts: WorkingHoursOptions = {}): Temporal.Instant {
  const instant = now instanceof Date ? Temporal.Instant.fromEpochMilliseconds(validMs(now)) : now;
  if (isWithinWorkingHours(instant, opts)) return instant;
  const affiliate = opts.utmMedium === AFFILIATE_UTM_MEDIUM;
  // Every opening falls on a whole minute, so the answer holds for the whole minute; every closed
  // page request asks, and the polyfill's zone arithmetic costs more than a cached page.
  const minute = Math.floor(instant.epochMilliseconds / MINUTE_MS);
  if (lastAnswer?.minute === minute && lastAnswer.affiliate === affiliate) return lastAnswer.opens;
  const opens = firstOpeningAfter(instant, affiliate);
  lastAnswer = { minute, affiliate, opens };
  return opens;
}

const MINUTE_MS = 60_000;

/** The last closed answer, by epoch minute and affiliate flag. */
let lastAnswer: { minute: number; affiliate: boolean; opens: Temporal.Instant } | undefined;

/** The first opening time strictly after `instant`, day by day in Los Angeles. */
function firstOpeningAfter(instant: Temporal.Instant, affiliate: boolean): Temporal.Instant {
  const today = instant.toZonedDateTimeISO(WORKING_HOURS_TIME_ZONE).toPlainDate();
  for (let ahead = 0; ahead < DAYS_LOOKED_AHEAD; ahead++) {
    const day = today.add({ days: ahead });
    const weekday = day.dayOfWeek as IsoWeekday;
    const hours = WORKING_HOURS[weekday];
    if (hours === null || (affiliate && AFFILIATE_CLOSED_WEEKDAYS.includes(weekday))) continue;
    const opens = day.toZonedDateTime({ timeZone: WORKING_HOURS_TIME_ZONE, plainTime: Temporal.PlainTime.from(hours.opens) }).toInstant();
    if (Temporal.Instant.compare(opens, instant) > 0) return opens;
  }
  throw new RangeError('nextOpening: WORKING_HOURS has no open day');
}

function validMs(date: Date): number {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('nextOpening: now is an invalid Date');
  return ms;
}
