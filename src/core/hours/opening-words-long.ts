/**
 * The end screens' words for an opening time in the visitor's own zone: "Monday at 8 a.m.
 * Eastern", "el lunes a las 8 a. m., hora del Este". Loaded with the end screen, not with every
 * page (the header's short words are opening-words.ts).
 */
import type { LeadLanguage } from '../leads/localized.ts';
import { openingClock } from './opening-words.ts';

const EASTERN = { en: 'Eastern', es: 'hora del Este' };
const MOUNTAIN = { en: 'Mountain', es: 'hora de la Montaña' };
const ATLANTIC = { en: 'Atlantic', es: 'hora del Atlántico' };
const CHAMORRO = { en: 'Chamorro', es: 'hora de Chamorro' };

/** How visitors name each zone opening-words.ts knows, after a time (the end screens' opening and the call-back windows alike). */
export const ZONE_NAMES: Readonly<Record<string, Readonly<Record<LeadLanguage, string>>>> = {
  'America/New_York': EASTERN,
  'America/Chicago': { en: 'Central', es: 'hora del Centro' },
  'America/Denver': MOUNTAIN,
  'America/Phoenix': MOUNTAIN,
  'America/Los_Angeles': { en: 'Pacific', es: 'hora del Pacífico' },
  'America/Anchorage': { en: 'Alaska', es: 'hora de Alaska' },
  'Pacific/Honolulu': { en: 'Hawaii', es: 'hora de Hawái' },
  'America/Puerto_Rico': ATLANTIC,
  'America/St_Thomas': ATLANTIC,
  'Pacific/Guam': CHAMORRO,
  'Pacific/Saipan': CHAMORRO,
  'Pacific/Pago_Pago': { en: 'Samoa', es: 'hora de Samoa' },
};

const DAYS: Readonly<Record<LeadLanguage, readonly string[]>> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
};

/**
 * The opening at `epochMs` as a visitor in `timeZone` reads it, in `language`; a zone without
 * words of its own is read as Eastern.
 *
 * @example
 * longOpening(Date.parse('2026-11-30T13:00:00Z'), 'America/Los_Angeles', 'en'); // 'Monday at 5 a.m. Pacific'
 */
export function longOpening(epochMs: number, timeZone: string, language: LeadLanguage): string {
  const { zone, day, hour, clock } = openingClock(epochMs, timeZone, language);
  const name = ZONE_NAMES[zone] ?? EASTERN;
  return language === 'es' ? `el ${DAYS.es[day]} ${hour === 1 ? 'a la' : 'a las'} ${clock}, ${name.es}` : `${DAYS.en[day]} at ${clock} ${name.en}`;
}
