/**
 * The funnel's question screens' own words (questions and labels live in the funnel definitions;
 * the end screens' words are end-text.ts, loaded with the end screen's chunk).
 */
import type { LeadLanguage } from '../../core/leads/localized.ts';

/** UI strings of the funnel screens, per language. */
export interface FunnelText {
  progress(number: number, total: number): string;
  continue: string;
  back: string;
  /** The first line of the error summary read out to screen readers. */
  problems(count: number): string;
  choose: string;
  /** Read before each field error by screen readers; hidden on screen, where colour and position say it. */
  errorPrefix: string;
  month: string;
  day: string;
  year: string;
  months: readonly string[];
}

/** {@link FunnelText} in English and Spanish. */
export const FUNNEL_TEXT: Readonly<Record<LeadLanguage, FunnelText>> = {
  en: {
    progress: (number, total) => `Step ${number} of ${total}`,
    continue: 'Continue',
    back: 'Back',
    problems: (count) => (count === 1 ? 'There is a problem with 1 answer:' : `There are problems with ${count} answers:`),
    choose: 'Choose one',
    errorPrefix: 'Error:',
    month: 'Month',
    day: 'Day',
    year: 'Year',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  es: {
    progress: (number, total) => `Paso ${number} de ${total}`,
    continue: 'Continuar',
    back: 'Atrás',
    problems: (count) => (count === 1 ? 'Hay un problema con 1 respuesta:' : `Hay problemas con ${count} respuestas:`),
    choose: 'Elija una opción',
    errorPrefix: 'Error:',
    month: 'Mes',
    day: 'Día',
    year: 'Año',
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  },
};
