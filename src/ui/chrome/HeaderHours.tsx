import { shortOpening } from '../../core/hours/opening-words.ts';
import type { Language } from '../../core/pages/types.ts';
import { useVisitorTimeZone } from '../use-visitor-zone.ts';

/** Whether the call centre is open now and, if not, when it opens (payload.workingHours, payload.nextOpening). */
export interface ChromeOpening {
  open: boolean;
  /** Epoch ms of the next opening, outside working hours. */
  nextOpening?: number | undefined;
}

const WORDS: Readonly<Record<Language, { openNow: string; opens: string }>> = {
  english: { openNow: 'Open now', opens: 'Opens' },
  spanish: { openNow: 'Abierto ahora', opens: 'Abre el' },
};

/**
 * Under the header's number: "Open now", or when calls are next answered in the visitor's own zone
 * ("Opens Mon 8 a.m. ET"; Eastern until the IP lookup names their state).
 */
export function HeaderHours({ opening, language }: { opening: ChromeOpening; language: Language }) {
  const zone = useVisitorTimeZone();
  const words = WORDS[language];
  const text =
    opening.open || opening.nextOpening === undefined ? words.openNow : `${words.opens} ${shortOpening(opening.nextOpening, zone, language === 'spanish' ? 'es' : 'en')}`;
  return <span className="header-phone-hours">{text}</span>;
}
