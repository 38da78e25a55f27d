/**
 * The funnel screens' own words (questions and labels live in the funnel definitions). Who helps
 * a caller is never spelled out here: the words hold the helper tokens of
 * src/core/content/who-helps.ts (`{helper}`, `{HelperEs}`, …), filled for the brand when shown,
 * so a brand that is not an agency never claims licensed agents of its own.
 */
import type { HelperBrand } from '../../core/content/who-helps.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import { agentHoursSentence } from './agent-hours.ts';

/** A title and the line under it. */
export interface EndCopy {
  title: string;
  description: string;
}

/**
 * The end screens' words that depend on what really happened and on the hours. The step
 * definitions (step-library.ts) hold the rest: the auto result's neutral words for when no lead is
 * known, and the call screens' own words, which promise an agent now and so are shown inside
 * working hours only.
 */
export interface EndText {
  /** The auto result once the lead is stored, or once storing it failed; each defined only here. */
  result: Readonly<Record<'stored' | 'failed', EndCopy>>;
  /** Any call screen outside working hours, instead of its own words (no agent can help "now"). */
  closedCall: EndCopy;
  /** The ads screen once the marketplace had no ad to show: no offers at the moment, the call box instead. */
  noAds: EndCopy;
  /** The ads screen's offer of an agent, inside working hours only. */
  agentNow: string;
  /** When the brand's calls are answered (from WORKING_HOURS), shown in the call box outside working hours. */
  agentHours(brand: HelperBrand): string;
  /** Above the number in the call box. */
  callLabel: string;
  /** Under the number in the call box. */
  callHint: string;
}

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
  end: EndText;
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
    end: {
      result: {
        stored: {
          title: 'Thank you! Your quotes are on the way',
          description: 'Insurers in your area are preparing your quotes. {Helper} can also compare them with you by phone.',
        },
        failed: {
          title: 'Sorry, we could not send your request',
          description: 'Something went wrong on our side and your answers were not sent to the insurers. Please call us: {helper} can get your quotes with you by phone.',
        },
      },
      closedCall: {
        title: 'Good news: {helper} can help you',
        description: '{Helper} can go over your options with you by phone. The call is free and there is no obligation.',
      },
      noAds: {
        title: 'No offers available at the moment',
        description: 'We have no plans or offers to show for your ZIP code at the moment. The call is free, with no obligation.',
      },
      agentNow: 'You can talk to {helper} right away.',
      agentHours: (brand) => agentHoursSentence('en', brand),
      callLabel: 'Call {helper}, free:',
      callHint: 'Tap the number to call.',
    },
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
    end: {
      result: {
        stored: {
          title: '¡Gracias! Sus cotizaciones están en camino',
          description: 'Las aseguradoras de su zona están preparando sus cotizaciones. {HelperEs} también puede compararlas con usted por teléfono.',
        },
        failed: {
          title: 'Lo sentimos, no pudimos enviar su solicitud',
          description: 'Algo falló de nuestro lado y sus respuestas no se enviaron a las aseguradoras. Por favor, llámenos: {helperEs} puede obtener sus cotizaciones con usted por teléfono.',
        },
      },
      closedCall: {
        title: 'Buenas noticias: {helperEs} puede ayudarle',
        description: '{HelperEs} puede revisar sus opciones con usted por teléfono. La llamada es gratuita y sin compromiso.',
      },
      noAds: {
        title: 'No hay ofertas en este momento',
        description: 'No tenemos planes ni ofertas para su código postal en este momento. La llamada es gratuita y sin compromiso.',
      },
      agentNow: 'Hable ahora mismo con {helperEs}.',
      agentHours: (brand) => agentHoursSentence('es', brand),
      callLabel: 'Llame gratis a {helperEs}:',
      callHint: 'Toque el número para llamar.',
    },
  },
};
