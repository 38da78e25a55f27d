/**
 * Working hours (spec §4 "Working hours"): when the call centre is open, in Los Angeles time.
 */
import { Temporal } from '@js-temporal/polyfill';

/** The hours are wall-clock times in this zone, so they follow its daylight-saving changes. */
export const WORKING_HOURS_TIME_ZONE = 'America/Los_Angeles';

/** ISO weekday number: 1 is Monday, 7 is Sunday (Temporal's `dayOfWeek`). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One day's opening hours as 'HH:MM' wall-clock times: open from `opens` (inclusive) until `closes` (exclusive). */
export interface OpeningHours {
  opens: string;
  closes: string;
}

/**
 * Opening hours per ISO weekday; null means closed all day (spec §4: Monday to Friday 05:00 to
 * 17:00, Saturday 06:00 to 15:00, Sunday closed). The closing time is exclusive: 16:59:59.999 is
 * open, 17:00 is closed, so "until 17:00" takes no call that starts at 17:00.
 */
export const WORKING_HOURS: Readonly<Record<IsoWeekday, OpeningHours | null>> = {
  1: { opens: '05:00', closes: '17:00' },
  2: { opens: '05:00', closes: '17:00' },
  3: { opens: '05:00', closes: '17:00' },
  4: { opens: '05:00', closes: '17:00' },
  5: { opens: '05:00', closes: '17:00' },
  6: { opens: '06:00', closes: '15:00' },
  7: null,
};

/** The utm_medium of affiliate traffic, which gets no Saturday hours (spec §4). */
export const AFFILIATE_UTM_MEDIUM = 'aff';

/** Weekdays closed to affiliate traffic: Saturday (spec §4 "unless utm_medium is 'aff'"). */
export const AFFILIATE_CLOSED_WEEKDAYS: readonly IsoWeekday[] = [6];

/** Options of {@link isWithinWorkingHours}. */
export interface WorkingHoursOptions {
  /** The visitor's utm_medium; exactly 'aff' (case-sensitive) closes Saturday. */
  utmMedium?: string;
}

const MINUTE_MS = 60_000;

/**
 * The last answer, by epoch minute and affiliate flag. Every boundary falls on a whole minute
 * (the opening times, and Los Angeles' offset changes, whole hours), so an answer holds for its
 * whole minute; and every page request asks (issue 14 "Lean request path"), where the Temporal
 * polyfill's time-zone arithmetic cost more than a cached page's whole answer.
 */
let lastAnswer: { minute: number; affiliate: boolean; open: boolean } | undefined;

/**
 * True when `now` falls inside {@link WORKING_HOURS} in Los Angeles time. Throws a RangeError
 * for an invalid Date rather than answering for a moment that does not exist.
 */
export function isWithinWorkingHours(now: Temporal.Instant | Date, opts: WorkingHoursOptions = {}): boolean {
  const instant = toInstant(now);
  const minute = Math.floor(instant.epochMilliseconds / MINUTE_MS);
  const affiliate = opts.utmMedium === AFFILIATE_UTM_MEDIUM;
  if (lastAnswer?.minute === minute && lastAnswer.affiliate === affiliate) return lastAnswer.open;
  const open = computeWithinWorkingHours(instant, affiliate);
  lastAnswer = { minute, affiliate, open };
  return open;
}

function computeWithinWorkingHours(instant: Temporal.Instant, affiliate: boolean): boolean {
  const local = instant.toZonedDateTimeISO(WORKING_HOURS_TIME_ZONE);
  const weekday = local.dayOfWeek as IsoWeekday;
  if (affiliate && AFFILIATE_CLOSED_WEEKDAYS.includes(weekday)) return false;
  const hours = WORKING_HOURS[weekday];
  if (hours === null) return false;
  const time = local.toPlainTime();
  return Temporal.PlainTime.compare(time, hours.opens) >= 0 && Temporal.PlainTime.compare(time, hours.closes) < 0;
}

function toInstant(now: Temporal.Instant | Date): Temporal.Instant {
  if (!(now instanceof Date)) return now;
  const ms = now.getTime();
  if (Number.isNaN(ms)) throw new RangeError('isWithinWorkingHours: now is an invalid Date');
  return Temporal.Instant.fromEpochMilliseconds(ms);
}
