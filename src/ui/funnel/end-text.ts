/**
 * The end screens' own words, per language; a chunk's worth loaded with the end screen
 * (EndScreen.tsx), not with the funnel's question steps. Who helps a caller is never spelled out
 * here: the words hold the helper tokens of src/core/content/who-helps.ts (`{helper}`,
 * `{HelperEs}`, …) and the brand's `{phone}`, filled for the brand when shown, so a brand that is
 * not an agency never claims licensed agents of its own.
 */
import type { HelperBrand } from '../../core/content/who-helps.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { LeadProduct } from '../../core/leads/product.ts';
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
  /**
   * A call screen once the lead that took the visitor's contact details is stored: what was
   * received and who will call, from which number (the brand's `{phone}`); the hours follow. Only
   * the products whose funnels ask for contact details before their call screen have one.
   */
  received: Readonly<Partial<Record<LeadProduct, EndCopy>>>;
  /** Any call screen outside working hours, instead of its own words (no agent can help "now"). */
  closedCall: EndCopy;
  /** The ads screen once the marketplace had no ad to show: no offers at the moment, the call box instead. */
  noAds: EndCopy;
  /** The ads screen's offer of an agent, inside working hours only. */
  agentNow: string;
  /** When the brand's calls are answered (from WORKING_HOURS, Pacific time), after the received words. */
  agentHours(brand: HelperBrand): string;
  /** Outside working hours, the first thing on the screen: nobody can answer now, and when someone can. */
  closed: {
    title: string;
    /** `opening`: the next opening in the visitor's zone ("Monday at 8 a.m. Eastern"). */
    opensAgain(opening: string): string;
  };
  /** The heading over the sponsored ads when they follow the call box or the closed notice. */
  adsHeading: string;
  /** Above the number in the call box, inside working hours. */
  callLabel: string;
  /** Above the number in the call box outside working hours: call once lines are open. */
  closedCallLabel: string;
  /** Under the number in the call box. */
  callHint: string;
}

/** {@link EndText} in English and Spanish. */
export const END_TEXT: Readonly<Record<LeadLanguage, EndText>> = {
  en: {
    result: {
      stored: {
        title: 'Thank you! Your quotes are on the way',
        description:
          'We received your answers. Your quotes will come by phone and email from the companies named in the consent you agreed to. {Helper} can also compare them with you by phone.',
      },
      failed: {
        title: 'Sorry, we could not send your request',
        description: 'Something went wrong on our side and your answers were not sent to the insurers. Please call us: {helper} can get your quotes with you by phone.',
      },
    },
    received: {
      life: {
        title: 'Thank you! We received your request',
        description: 'We received your answers and contact details for your life insurance quotes. {Helper} will call you from {phone} to go over them with you.',
      },
      health: {
        title: 'Thank you! We received your request',
        description: 'We received your answers and contact details for your health insurance quotes. {Helper} will call you from {phone} to go over them with you.',
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
    closed: {
      title: 'Our phone lines are closed',
      opensAgain: (opening) => `We open again ${opening}. Ask for a free call back below, or call us then.`,
    },
    adsHeading: 'Other plans you can look at now',
    callLabel: 'Call {helper}, free:',
    closedCallLabel: 'Once we are open, call {helper}, free:',
    callHint: 'Tap the number to call.',
  },
  es: {
    result: {
      stored: {
        title: '¡Gracias! Sus cotizaciones están en camino',
        description:
          'Recibimos sus respuestas. Sus cotizaciones le llegarán por teléfono y correo electrónico de las compañías nombradas en el consentimiento que aceptó. {HelperEs} también puede compararlas con usted por teléfono.',
      },
      failed: {
        title: 'Lo sentimos, no pudimos enviar su solicitud',
        description: 'Algo falló de nuestro lado y sus respuestas no se enviaron a las aseguradoras. Por favor, llámenos: {helperEs} puede obtener sus cotizaciones con usted por teléfono.',
      },
    },
    received: {
      life: {
        title: '¡Gracias! Recibimos su solicitud',
        description: 'Recibimos sus respuestas y sus datos de contacto para sus cotizaciones de seguro de vida. {HelperEs} le llamará desde el {phone} para revisarlas con usted.',
      },
      health: {
        title: '¡Gracias! Recibimos su solicitud',
        description: 'Recibimos sus respuestas y sus datos de contacto para sus cotizaciones de seguro médico. {HelperEs} le llamará desde el {phone} para revisarlas con usted.',
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
    closed: {
      title: 'Nuestras líneas telefónicas están cerradas',
      opensAgain: (opening) => `Volvemos a abrir ${opening}. Pida abajo una llamada gratuita, o llámenos entonces.`,
    },
    adsHeading: 'Otros planes que puede ver ahora',
    callLabel: 'Llame gratis a {helperEs}:',
    closedCallLabel: 'Cuando estemos abiertos, llame gratis a {helperEs}:',
    callHint: 'Toque el número para llamar.',
  },
};
