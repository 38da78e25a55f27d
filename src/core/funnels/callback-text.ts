/**
 * The words of the call-back form (ui/funnel/CallbackForm.tsx) and of the page that answers its
 * plain form post (server/leads/callback-page.tsx), in English and Spanish, in one place.
 */
import type { LeadLanguage, LocalizedText } from '../leads/localized.ts';

/** Every fixed text of the call-back form. */
export const CALLBACK_TEXT = {
  heading: { en: 'Schedule a free call back', es: 'Programe una llamada gratuita' },
  /** Who calls is the brand's to say (who-helps.ts): filled with fillBrandFacts where shown. */
  intro: {
    en: 'Choose when {helper} should call you. There is no cost and no obligation.',
    es: 'Elija cuándo debe llamarle {helperEs}. Sin costo ni compromiso.',
  },
  phoneLabel: { en: 'Phone number to call', es: 'Número de teléfono al que llamar' },
  phoneHint: { en: 'For example (201) 555-0123', es: 'Por ejemplo (201) 555-0123' },
  timeLabel: { en: 'Best time to call you', es: 'Mejor hora para llamarle' },
  timeChoose: { en: 'Choose a time', es: 'Elija una hora' },
  timeProblem: { en: 'Choose one of the times listed.', es: 'Elija una de las horas de la lista.' },
  noTimes: {
    en: 'No call-back times are open right now. Please call us instead.',
    es: 'No hay horarios de llamada disponibles ahora. Llámenos, por favor.',
  },
  sending: { en: 'Scheduling…', es: 'Programando…' },
  failed: {
    en: 'We could not schedule your call. Please try again, or call us.',
    es: 'No pudimos programar su llamada. Inténtelo de nuevo o llámenos.',
  },
  bookedHeading: { en: 'Your call is scheduled', es: 'Su llamada está programada' },
  back: { en: 'Back to the site', es: 'Volver al sitio' },
  tryAgain: { en: 'Go back and try again', es: 'Volver e intentarlo de nuevo' },
  refusedHeading: { en: 'We could not schedule your call', es: 'No pudimos programar su llamada' },
} as const satisfies Record<string, LocalizedText>;

/**
 * The booking as the visitor reads it.
 * @example
 * callbackConfirmation('en', 'Monday, Nov 30, 8–10 a.m. Eastern', '(201) 555-0123');
 * // "We'll call you Monday, Nov 30, 8–10 a.m. Eastern at (201) 555-0123."
 */
export function callbackConfirmation(language: LeadLanguage, when: string, phone?: string): string {
  if (language === 'es') return phone ? `Le llamaremos el ${when} al ${phone}.` : `Le llamaremos el ${when} al número que nos dio.`;
  return phone ? `We'll call you ${when} at ${phone}.` : `We'll call you ${when} at the number you gave us.`;
}
