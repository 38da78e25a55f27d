/**
 * The words for an opening time in the visitor's own time zone: "Monday at 8 a.m. Eastern" on
 * the end screens' closed notice, "Mon 8 a.m. ET" beside the header's number. The instant comes
 * from the server (payload.nextOpening, src/core/hours/opening-times.ts); this part only reads its
 * weekday and clock in a zone with the runtime's own Intl data, so it stays small enough for every
 * page's first load.
 */
import type { LeadLanguage } from '../leads/localized.ts';

/** How visitors name a zone: long (after a time) and short (the header's), per language. */
interface ZoneWords {
  long: Readonly<Record<LeadLanguage, string>>;
  short: string;
}

const EASTERN: ZoneWords = { long: { en: 'Eastern', es: 'hora del Este' }, short: 'ET' };
const CENTRAL: ZoneWords = { long: { en: 'Central', es: 'hora del Centro' }, short: 'CT' };
const MOUNTAIN: ZoneWords = { long: { en: 'Mountain', es: 'hora de la Montaña' }, short: 'MT' };
const PACIFIC: ZoneWords = { long: { en: 'Pacific', es: 'hora del Pacífico' }, short: 'PT' };
const ATLANTIC: ZoneWords = { long: { en: 'Atlantic', es: 'hora del Atlántico' }, short: 'AT' };

/** The words of every zone src/core/hours/state-time-zones.ts gives a visitor; any other reads as Eastern's. */
export const ZONE_WORDS: Readonly<Record<string, ZoneWords>> = {
  'America/New_York': EASTERN,
  'America/Chicago': CENTRAL,
  'America/Denver': MOUNTAIN,
  'America/Phoenix': MOUNTAIN,
  'America/Los_Angeles': PACIFIC,
  'America/Anchorage': { long: { en: 'Alaska', es: 'hora de Alaska' }, short: 'AKT' },
  'Pacific/Honolulu': { long: { en: 'Hawaii', es: 'hora de Hawái' }, short: 'HT' },
  'America/Puerto_Rico': ATLANTIC,
  'America/St_Thomas': ATLANTIC,
  'Pacific/Guam': { long: { en: 'Chamorro', es: 'hora de Chamorro' }, short: 'ChT' },
  'Pacific/Saipan': { long: { en: 'Chamorro', es: 'hora de Chamorro' }, short: 'ChT' },
  'Pacific/Pago_Pago': { long: { en: 'Samoa', es: 'hora de Samoa' }, short: 'ST' },
};

const DAYS: Readonly<Record<LeadLanguage, { long: readonly string[]; short: readonly string[] }>> = {
  en: {
    long: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    short: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  es: {
    long: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
    short: ['lun.', 'mar.', 'mié.', 'jue.', 'vie.', 'sáb.', 'dom.'],
  },
};

/** Intl's short English weekday names, Monday first, to read a formatted weekday back as an index. */
const INTL_DAYS = 'MonTueWedThuFriSatSun';

/** An opening time's words in one zone and language. */
export interface OpeningWords {
  /** "Monday at 8 a.m. Eastern", "el lunes a las 8 a. m., hora del Este". */
  long: string;
  /** "Mon 8 a.m. ET", "lun. 8 a. m. ET". */
  short: string;
}

/**
 * The words of the opening at `epochMs` as a visitor in `timeZone` reads the clock, in `language`;
 * a zone without words of its own is read as Eastern.
 *
 * @example
 * openingWords(Date.parse('2026-11-30T13:00:00Z'), 'America/New_York', 'en'); // { long: 'Monday at 8 a.m. Eastern', short: 'Mon 8 a.m. ET' }
 */
export function openingWords(epochMs: number, timeZone: string, language: LeadLanguage): OpeningWords {
  const zone = ZONE_WORDS[timeZone] ?? EASTERN;
  const shownZone = ZONE_WORDS[timeZone] ? timeZone : 'America/New_York';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: shownZone, weekday: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).formatToParts(epochMs);
  const part = (type: string) => parts.find((found) => found.type === type)?.value ?? '';
  const day = INTL_DAYS.indexOf(part('weekday')) / 3;
  const hour = Number(part('hour'));
  const minute = part('minute');
  const twelve = hour % 12 || 12;
  const clock = `${twelve}${minute === '00' ? '' : `:${minute}`} ${hour < 12 ? 'a' : 'p'}.${language === 'es' ? ' ' : ''}m.`;
  const days = DAYS[language];
  return language === 'es'
    ? { long: `el ${days.long[day]} ${twelve === 1 ? 'a la' : 'a las'} ${clock}, ${zone.long.es}`, short: `${days.short[day]} ${clock} ${zone.short}` }
    : { long: `${days.long[day]} at ${clock} ${zone.long.en}`, short: `${days.short[day]} ${clock} ${zone.short}` };
}
