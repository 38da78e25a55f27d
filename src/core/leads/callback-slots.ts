/**
 * The call-back times a visitor may choose: two-hour windows inside the call centre's working
 * hours (core/working-hours.ts) on the next few open days. The browser lists them and the server
 * computes them again to check the chosen one, so both run this one function; it uses the
 * runtime's own time-zone data (Intl), never the Temporal polyfill, so the form's chunk stays small.
 */
import { AFFILIATE_CLOSED_WEEKDAYS, AFFILIATE_UTM_MEDIUM, WORKING_HOURS, WORKING_HOURS_TIME_ZONE, type IsoWeekday, type WorkingHoursOptions } from '../working-hours.ts';

/** How many open days ahead the form offers (today counts when a window of it is still ahead). */
export const CALLBACK_OPEN_DAYS = 3;

/** Length of one window: long enough that an agent can keep it, short enough to plan a morning around. */
export const CALLBACK_WINDOW_MINUTES = 120;

/** How many calendar days are searched for the open days: a week covers any closing pattern of WORKING_HOURS. */
const SEARCH_DAYS = 8;

/** One window the call centre calls back in: `start` (the value the form sends) and `end`, ISO instants in UTC. */
export interface CallbackSlot {
  start: string;
  end: string;
}

const ISO_WEEKDAYS: Readonly<Record<string, IsoWeekday>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

let zoneFormat: Intl.DateTimeFormat | undefined;

/** The wall clock in the working-hours zone at `ms`: date, weekday and time. */
function wallClock(ms: number): { year: number; month: number; day: number; weekday: IsoWeekday; hour: number; minute: number } {
  zoneFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: WORKING_HOURS_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of zoneFormat.formatToParts(ms)) parts[part.type] = part.value;
  const weekday = ISO_WEEKDAYS[parts.weekday ?? ''];
  if (weekday === undefined) throw new RangeError(`callbackSlots: no weekday for ${ms}`);
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/**
 * The instant the working-hours zone's clock reads `minuteOfDay` on the given date. The offset is
 * read at a first guess and read again at the answer, which settles it across a daylight-saving
 * change; opening hours never fall in the changed hour (02:00), so the time always exists.
 */
function zoneInstant(year: number, month: number, day: number, minuteOfDay: number): number {
  const asUtc = Date.UTC(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass++) {
    const clock = wallClock(instant);
    const shownAsUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
    instant += asUtc - shownAsUtc;
  }
  return instant;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * The windows offered at `now`: from the opening of each open day, every {@link CALLBACK_WINDOW_MINUTES}
 * until closing (the last one cut at closing time), on the next {@link CALLBACK_OPEN_DAYS} days that
 * still have a window starting after `now`, oldest first. Sunday is closed; so is Saturday for
 * affiliate traffic (utm_medium 'aff', spec §4).
 * @example
 * // Friday 2026-11-27, 18:00 in Los Angeles (closed): Saturday, Monday and Tuesday's windows.
 * callbackSlots(new Date('2026-11-28T02:00:00Z'))[0]; // { start: '2026-11-28T14:00:00.000Z', end: '2026-11-28T16:00:00.000Z' }
 */
export function callbackSlots(now: Date, options: WorkingHoursOptions = {}): CallbackSlot[] {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('callbackSlots: now is an invalid Date');
  const affiliate = options.utmMedium === AFFILIATE_UTM_MEDIUM;
  const today = wallClock(nowMs);
  const slots: CallbackSlot[] = [];
  let openDays = 0;
  for (let offset = 0; offset < SEARCH_DAYS && openDays < CALLBACK_OPEN_DAYS; offset++) {
    // Calendar arithmetic on the zone's date, done in UTC where every day has 24 hours.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = (((today.weekday - 1 + offset) % 7) + 1) as IsoWeekday;
    const hours = WORKING_HOURS[weekday];
    if (hours === null || (affiliate && AFFILIATE_CLOSED_WEEKDAYS.includes(weekday))) continue;
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const closes = minutesOf(hours.closes);
    const ofDay: CallbackSlot[] = [];
    for (let minute = minutesOf(hours.opens); minute < closes; minute += CALLBACK_WINDOW_MINUTES) {
      const start = zoneInstant(year, month, day, minute);
      if (start <= nowMs) continue;
      const end = zoneInstant(year, month, day, Math.min(minute + CALLBACK_WINDOW_MINUTES, closes));
      ofDay.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
    }
    if (ofDay.length === 0) continue;
    slots.push(...ofDay);
    openDays++;
  }
  return slots;
}

/**
 * The offered window starting at `start` (an ISO instant as the form sends it) at `now`, or
 * undefined when none does: in the past, outside the hours, beyond the horizon, or not on a
 * window's boundary. What the server checks a chosen time with; it never trusts the browser's list.
 */
export function offeredSlot(start: string, now: Date, options: WorkingHoursOptions = {}): CallbackSlot | undefined {
  const ms = Date.parse(start);
  if (Number.isNaN(ms)) return undefined;
  const wanted = new Date(ms).toISOString();
  return callbackSlots(now, options).find((slot) => slot.start === wanted);
}
