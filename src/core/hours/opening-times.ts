/**
 * When the call centre next opens (spec §4 "Working hours"): the instant the end screens and the
 * header name when nobody can answer now. Read with the runtime's own time-zone data (Intl), as
 * the working-hours rule and the call-back windows are, so neither the server's start nor any
 * bundle carries the Temporal polyfill for it; the payload hands the browser the instant itself.
 */
import { callbackSlots } from '../leads/callback-slots.ts';
import { isWithinWorkingHours, type WorkingHoursOptions } from '../working-hours.ts';

/**
 * The next instant, in epoch milliseconds, at which {@link isWithinWorkingHours} turns true after
 * `now` (`now` itself when it is open already), by the wall clock in Los Angeles, so a
 * daylight-saving change between now and the opening moves the instant with it. Affiliate traffic
 * (`utmMedium` 'aff') skips Saturday. Throws a RangeError for an invalid Date.
 *
 * The call-back windows start at each open day's opening (callback-slots.ts), so while closed the
 * first window still ahead starts at the next opening: one piece of zone arithmetic serves both.
 *
 * @example
 * new Date(nextOpening(new Date('2026-11-28T02:00:00Z'))).toISOString(); // '2026-11-28T14:00:00.000Z': Saturday 6 a.m. Pacific
 */
export function nextOpening(now: Date, opts: WorkingHoursOptions = {}): number {
  const ms = now.getTime();
  if (Number.isNaN(ms)) throw new RangeError('nextOpening: now is an invalid Date');
  if (isWithinWorkingHours(now, opts)) return ms;
  const [first] = callbackSlots(now, opts);
  if (!first) throw new RangeError('nextOpening: WORKING_HOURS has no open day');
  return Date.parse(first.start);
}
