import type { Language } from '../pages/types.ts';

/** The fixed words templates put around a page's copy, in each language. */
export interface TemplateLabels {
  benefitsHeading: string;
  planTypesHeading: string;
  offersHeading: string;
  contentsHeading: string;
  smallPrintHeading: string;
  /** Shown by every brand as it is, so it names no helper (who-helps.ts): only agencies may say "licensed agent". */
  closingHeading: string;
  /** Before the phone number on the secondary call button: 'Or call' (800) 555-0101. */
  orCall: string;
  linkedSection: string;
  pageFactsHeading: string;
}

/** {@link TemplateLabels} per language. */
export const TEMPLATE_LABELS: Record<Language, TemplateLabels> = {
  english: {
    benefitsHeading: 'Benefits that may be available',
    planTypesHeading: 'Coverage types to ask about',
    offersHeading: 'Explore your options',
    contentsHeading: 'On this page',
    smallPrintHeading: 'Important information',
    closingHeading: 'Questions? Get free help',
    orCall: 'Or call',
    linkedSection: '(the section you were linked to)',
    pageFactsHeading: 'Page facts',
  },
  spanish: {
    benefitsHeading: 'Beneficios que pueden estar disponibles',
    planTypesHeading: 'Tipos de cobertura sobre los que puede preguntar',
    offersHeading: 'Explore sus opciones',
    contentsHeading: 'En esta página',
    smallPrintHeading: 'Información importante',
    closingHeading: '¿Tiene preguntas? Reciba ayuda gratuita',
    orCall: 'O llame al',
    linkedSection: '(la sección a la que se le dirigió)',
    pageFactsHeading: 'Datos de la página',
  },
};
