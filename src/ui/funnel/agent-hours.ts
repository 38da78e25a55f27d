/**
 * "Licensed agents are available Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3 pm,
 * Pacific time.": the sentence end screens show outside working hours instead of promising an
 * agent now. Built from {@link WORKING_HOURS}, so a change of hours changes the words
 * in both languages and no copy can drift from the hours the payload judges by; who answers is
 * the brand's to say (who-helps.ts: a non-agency brand has no licensed agents of its own).
 */
import { hoursSubject, type HelperBrand } from '../../core/content/who-helps.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import { WORKING_HOURS, WORKING_HOURS_TIME_ZONE, type IsoWeekday, type OpeningHours } from '../../core/working-hours.ts';

/** Weekday names, ISO order (1 is Monday); Spanish in the plural form "los sábados" takes. */
const DAY_NAMES: Readonly<Record<LeadLanguage, { one: readonly string[]; every: readonly string[] }>> = {
  en: {
    one: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    every: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
  es: {
    one: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
    every: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados', 'domingos'],
  },
};

/**
 * How visitors know the hours' zone. Keyed by the zone itself: moving the hours to another zone
 * fails to compile here until its name is written.
 */
const ZONE_NAMES: Readonly<Record<typeof WORKING_HOURS_TIME_ZONE, Readonly<Record<LeadLanguage, string>>>> = {
  'America/Los_Angeles': { en: 'Pacific time', es: 'hora del Pacífico' },
};

const WEEKDAYS: readonly IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

/** Consecutive weekdays open at the same hours. */
interface DayGroup {
  first: IsoWeekday;
  last: IsoWeekday;
  hours: OpeningHours;
}

/** The open days grouped into runs with equal hours, Monday first; closed days are left out. */
export function openingGroups(hours: Readonly<Record<IsoWeekday, OpeningHours | null>> = WORKING_HOURS): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const day of WEEKDAYS) {
    const today = hours[day];
    if (!today) continue;
    const previous = groups.at(-1);
    if (previous && previous.last === day - 1 && previous.hours.opens === today.opens && previous.hours.closes === today.closes) previous.last = day;
    else groups.push({ first: day, last: day, hours: today });
  }
  return groups;
}

/** '17:00' as '5 pm' (en) or '5 p. m.' (es); minutes only when there are some ('5:30 pm'). */
function clock(time: string, language: LeadLanguage): string {
  const [hourText = '0', minuteText = '00'] = time.split(':');
  const hour = Number(hourText);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  const shown = minuteText === '00' ? `${twelve}` : `${twelve}:${minuteText}`;
  const morning = hour < 12;
  if (language === 'es') return `${shown} ${morning ? 'a. m.' : 'p. m.'}`;
  return `${shown} ${morning ? 'am' : 'pm'}`;
}

/** 'Monday to Friday, 5 am to 5 pm' or 'de lunes a viernes, de 5 a. m. a 5 p. m.'. */
function groupPhrase(group: DayGroup, language: LeadLanguage): string {
  const names = DAY_NAMES[language];
  const opens = clock(group.hours.opens, language);
  const closes = clock(group.hours.closes, language);
  if (language === 'es') {
    const days = group.first === group.last ? `los ${names.every[group.first - 1]}` : `de ${names.one[group.first - 1]} a ${names.one[group.last - 1]}`;
    return `${days}, de ${opens} a ${closes}`;
  }
  const days = group.first === group.last ? names.one[group.first - 1] : `${names.one[group.first - 1]} to ${names.one[group.last - 1]}`;
  return `${days}, ${opens} to ${closes}`;
}

/** 'a, b, and c' / 'a, b y c' (Spanish has a comma before 'y' only when the phrases hold commas, as these do). */
function list(phrases: readonly string[], language: LeadLanguage): string {
  if (phrases.length <= 1) return phrases.join('');
  const and = language === 'es' ? 'y' : 'and';
  return `${phrases.slice(0, -1).join(', ')}, ${and} ${phrases.at(-1)}`;
}

/**
 * When `brand`'s calls are answered, as one sentence in `language`: "Licensed agents are available
 * Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3 pm, Pacific time." for an agency brand,
 * "A licensed insurance agency we work with takes calls Monday to Friday, …" for any other.
 * Affiliate traffic has no Saturday hours (spec §4), but the page does not know the visitor's
 * utm_medium, so the sentence states the public hours.
 */
export function agentHoursSentence(language: LeadLanguage, brand: HelperBrand, hours: Readonly<Record<IsoWeekday, OpeningHours | null>> = WORKING_HOURS): string {
  const phrases = list(
    openingGroups(hours).map((group) => groupPhrase(group, language)),
    language,
  );
  const zone = ZONE_NAMES[WORKING_HOURS_TIME_ZONE][language];
  return `${hoursSubject(brand, language)} ${phrases}, ${zone}.`;
}
