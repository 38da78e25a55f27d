/**
 * Working hours (spec §4 "Working hours"): when the call centre is open, in Los Angeles time.
 */
import type { Temporal } from '@js-temporal/polyfill';

/** The hours are wall-clock times in this zone, so they follow its daylight-saving changes. */
export const WORKING_HOURS_TIME_ZONE = 'America/Los_Angeles';

/** ISO weekday number: 1 is Monday, 7 is Sunday (as Temporal's `dayOfWeek`). */
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
  utmMedium?: string | undefined;
}

const MINUTE_MS = 60_000;

/**
 * The last answer, by epoch minute and affiliate flag. Every boundary falls on a whole minute
 * (the opening times, and Los Angeles' offset changes, whole hours), so an answer holds for its
 * whole minute; and every page request asks, where the time-zone
 * arithmetic cost more than a cached page's whole answer.
 */
let lastAnswer: { minute: number; affiliate: boolean; open: boolean } | undefined;

/**
 * True when `now` falls inside {@link WORKING_HOURS} in Los Angeles time. Throws a RangeError
 * for an invalid Date rather than answering for a moment that does not exist.
 */
export function isWithinWorkingHours(now: Temporal.Instant | Date, opts: WorkingHoursOptions = {}): boolean {
  const ms = now instanceof Date ? now.getTime() : now.epochMilliseconds;
  if (Number.isNaN(ms)) throw new RangeError('isWithinWorkingHours: now is an invalid Date');
  const minute = Math.floor(ms / MINUTE_MS);
  const affiliate = opts.utmMedium === AFFILIATE_UTM_MEDIUM;
  if (lastAnswer?.minute === minute && lastAnswer.affiliate === affiliate) return lastAnswer.open;
  const open = computeWithinWorkingHours(ms, affiliate);
  lastAnswer = { minute, affiliate, open };
  return open;
}

function computeWithinWorkingHours(ms: number, affiliate: boolean): boolean {
  const { weekday, minuteOfDay } = losAngelesWallClock(ms);
  if (affiliate && AFFILIATE_CLOSED_WEEKDAYS.includes(weekday)) return false;
  const hours = WORKING_HOURS[weekday];
  if (hours === null) return false;
  // Whole minutes suffice: every opening and closing time is one (16:59:59.999 is minute 16:59, open).
  return minuteOfDay >= minutesOf(hours.opens) && minuteOfDay < minutesOf(hours.closes);
}

/** 'HH:MM' as minutes since midnight. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

const ISO_WEEKDAYS: Readonly<Record<string, IsoWeekday>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

let wallClockFormat: Intl.DateTimeFormat | undefined;

/**
 * The weekday and minute of the day in {@link WORKING_HOURS_TIME_ZONE} at `ms`, by the runtime's
 * own time-zone data (Intl), so neither the server nor the visitor bundle carries the Temporal
 * polyfill for it (it was 220 KB of source read at start-up).
 */
function losAngelesWallClock(ms: number): { weekday: IsoWeekday; minuteOfDay: number } {
  wallClockFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: WORKING_HOURS_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  let weekday: IsoWeekday | undefined;
  let hour = 0;
  let minute = 0;
  for (const part of wallClockFormat.formatToParts(ms)) {
    if (part.type === 'weekday') weekday = ISO_WEEKDAYS[part.value];
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  if (weekday === undefined) throw new RangeError(`isWithinWorkingHours: no weekday for ${ms}`);
  return { weekday, minuteOfDay: hour * 60 + minute };
}
