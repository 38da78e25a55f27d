/**
 * The words of call-back windows in the visitor's own time zone: "Monday, Nov 30" and
 * "8–10 a.m. Eastern", in English and Spanish. Hours and zone names are written here rather than
 * left to Intl's formatting, so the server's and the browser's ICU data (which word these
 * differently from version to version) render the same text and hydration matches.
 */
import { ZONE_NAMES } from '../hours/opening-words-long.ts';
import type { CallbackSlot } from './callback-slots.ts';
import type { LeadLanguage } from './localized.ts';

const LOCALES: Readonly<Record<LeadLanguage, string>> = { en: 'en-US', es: 'es-US' };

const MERIDIEM: Readonly<Record<LeadLanguage, { am: string; pm: string }>> = {
  en: { am: 'a.m.', pm: 'p.m.' },
  es: { am: 'a. m.', pm: 'p. m.' },
};

function parts(iso: string, zone: string, language: LeadLanguage) {
  const format = new Intl.DateTimeFormat(LOCALES[language], { timeZone: zone, weekday: 'long', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
  const found: Record<string, string> = {};
  for (const part of format.formatToParts(Date.parse(iso))) found[part.type] = part.value;
  return { weekday: found.weekday ?? '', month: (found.month ?? '').replace(/\.$/, ''), day: found.day ?? '', hour: Number(found.hour), minute: Number(found.minute) };
}

/** "8", "8:30" and whether it is after noon. */
function clock(hour: number, minute: number): { text: string; pm: boolean } {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return { text: minute === 0 ? String(twelve) : `${twelve}:${String(minute).padStart(2, '0')}`, pm: hour >= 12 };
}

/** The zone as visitors say it: 'Eastern', 'hora del Este'; Intl's generic name for a zone not listed. */
export function zoneName(zone: string, language: LeadLanguage): string {
  const known = ZONE_NAMES[zone]?.[language];
  if (known) return known;
  const name = new Intl.DateTimeFormat(LOCALES[language], { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(0).find((part) => part.type === 'timeZoneName');
  return name?.value ?? zone;
}

/**
 * The day of `slot` in `zone`.
 * @example
 * slotDay(slot, 'America/New_York', 'en'); // 'Monday, Nov 30'
 * slotDay(slot, 'America/New_York', 'es'); // 'lunes, 30 nov'
 */
export function slotDay(slot: CallbackSlot, zone: string, language: LeadLanguage): string {
  const start = parts(slot.start, zone, language);
  return language === 'es' ? `${start.weekday}, ${start.day} ${start.month}` : `${start.weekday}, ${start.month} ${start.day}`;
}

/**
 * The hours of `slot` in `zone`, with the zone.
 * @example
 * slotHours(slot, 'America/New_York', 'en'); // '8–10 a.m. Eastern'
 * slotHours(later, 'America/New_York', 'en'); // '12–2 p.m. Eastern'; a window across noon: '10 a.m.–12 p.m. Eastern'
 */
export function slotHours(slot: CallbackSlot, zone: string, language: LeadLanguage): string {
  const start = parts(slot.start, zone, language);
  const end = parts(slot.end, zone, language);
  const from = clock(start.hour, start.minute);
  const to = clock(end.hour, end.minute);
  const meridiem = MERIDIEM[language];
  const range = from.pm === to.pm ? `${from.text}–${to.text} ${to.pm ? meridiem.pm : meridiem.am}` : `${from.text} ${from.pm ? meridiem.pm : meridiem.am}–${to.text} ${to.pm ? meridiem.pm : meridiem.am}`;
  return `${range} ${zoneName(zone, language)}`;
}

/**
 * The whole window in `zone`: 'Monday, Nov 30, 8–10 a.m. Eastern'.
 */
export function slotLabel(slot: CallbackSlot, zone: string, language: LeadLanguage): string {
  return `${slotDay(slot, zone, language)}, ${slotHours(slot, zone, language)}`;
}
