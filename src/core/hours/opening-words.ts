/**
 * The short words for an opening time in the visitor's own time zone, "Mon 8 a.m. ET" beside the
 * header's number, and the clock reading both they and the end screens' long words
 * (opening-words-long.ts) are made of. The instant comes from the server (payload.nextOpening,
 * opening-times.ts); this part only reads its weekday and clock in a zone with the runtime's own
 * Intl data. It loads after the first paint (the header's hours and the end screen are chunks).
 */
import type { LeadLanguage } from '../leads/localized.ts';
import { DEFAULT_VISITOR_TIME_ZONE } from './default-zone.ts';

/**
 * The short name of every zone state-time-zones.ts gives a visitor; a zone not here is read as
 * {@link DEFAULT_VISITOR_TIME_ZONE}.
 */
export const ZONE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'America/New_York': 'ET',
  'America/Chicago': 'CT',
  'America/Denver': 'MT',
  'America/Phoenix': 'MT',
  'America/Los_Angeles': 'PT',
  'America/Anchorage': 'AKT',
  'Pacific/Honolulu': 'HT',
  'America/Puerto_Rico': 'AT',
  'America/St_Thomas': 'AT',
  'Pacific/Guam': 'ChT',
  'Pacific/Saipan': 'ChT',
  'Pacific/Pago_Pago': 'ST',
};

const SHORT_DAYS: Readonly<Record<LeadLanguage, readonly string[]>> = {
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  es: ['lun.', 'mar.', 'mié.', 'jue.', 'vie.', 'sáb.', 'dom.'],
};

/** An instant as a visitor in a zone reads it. */
export interface OpeningClock {
  /** The zone read in: the one asked for, or the default when it has no words. */
  zone: string;
  /** ISO weekday less one: 0 is Monday. */
  day: number;
  /** The hour on a 12-hour clock, 1 to 12. */
  hour: number;
  /** "8 a.m." (en), "8 a. m." (es); minutes only when there are some ("12:30 p.m."). */
  clock: string;
}

/** The weekday and clock of `epochMs` in `timeZone` (or the default zone, when it has no words), in `language`'s style. */
export function openingClock(epochMs: number, timeZone: string, language: LeadLanguage): OpeningClock {
  const zone = ZONE_ABBREVIATIONS[timeZone] ? timeZone : DEFAULT_VISITOR_TIME_ZONE;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).formatToParts(epochMs);
  const part = (type: string) => parts.find((found) => found.type === type)?.value ?? '';
  const hour24 = Number(part('hour'));
  const minute = part('minute');
  const hour = hour24 % 12 || 12;
  return {
    zone,
    day: SHORT_DAYS.en.indexOf(part('weekday')),
    hour,
    clock: `${hour}${minute === '00' ? '' : `:${minute}`} ${hour24 < 12 ? 'a' : 'p'}.${language === 'es' ? ' ' : ''}m.`,
  };
}

/**
 * "Mon 8 a.m. ET" / "lun. 8 a. m. ET": the opening at `epochMs` as a visitor in `timeZone` reads
 * it, short enough for the header.
 *
 * @example
 * shortOpening(Date.parse('2026-11-30T13:00:00Z'), 'America/New_York', 'en'); // 'Mon 8 a.m. ET'
 */
export function shortOpening(epochMs: number, timeZone: string, language: LeadLanguage): string {
  const { zone, day, clock } = openingClock(epochMs, timeZone, language);
  return `${SHORT_DAYS[language][day]} ${clock} ${ZONE_ABBREVIATIONS[zone]}`;
}
