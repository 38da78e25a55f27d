import type { Product } from '../../../brands/types.ts';
import type { Language } from '../pages/types.ts';

/**
 * Small print shown under every page of a product, in each language. Medicare marketing by a
 * third party (TPMO) must say it is not the government and does not offer every plan; auto and
 * other insurance copy must not read as a guarantee of price or acceptance. `{brandName}` is
 * filled in from the brand (see brand-view.ts).
 */
export const PRODUCT_DISCLAIMERS: Record<Product, Record<Language, string[]>> = {
  medicare: {
    english: [
      'Not affiliated with or endorsed by the U.S. government or the federal Medicare program. This is a solicitation of insurance.',
      'We do not offer every plan available in your area. Any information we provide is limited to those plans we do offer in your area. Please contact Medicare.gov or 1-800-MEDICARE (TTY 1-877-486-2048), 24 hours a day, 7 days a week, or your local State Health Insurance Assistance Program (SHIP) to get information on all of your options.',
      'Benefits, allowances, premiums and availability vary by plan and location, and amounts are not guaranteed. Enrollment in a plan depends on the plan’s contract renewal with Medicare. Calling {brandName} connects you with a licensed insurance agent; there is no obligation to enroll.',
    ],
    spanish: [
      'No está afiliado ni respaldado por el gobierno de los EE. UU. ni por el programa federal de Medicare. Esto es una solicitud de seguro.',
      'No ofrecemos todos los planes disponibles en su área. Cualquier información que le brindemos se limita a los planes que sí ofrecemos en su área. Comuníquese con Medicare.gov o llame al 1-800-MEDICARE (TTY 1-877-486-2048), las 24 horas del día, los 7 días de la semana, o con su Programa Estatal de Asistencia sobre Seguros de Salud (SHIP) para obtener información sobre todas sus opciones.',
      'Los beneficios, las asignaciones, las primas y la disponibilidad varían según el plan y la ubicación, y los montos no están garantizados. La inscripción en un plan depende de la renovación del contrato del plan con Medicare. Al llamar a {brandName}, usted hablará con un agente de seguros autorizado, sin ninguna obligación de inscribirse.',
    ],
  },
  auto: {
    english: [
      '{brandName} is a free comparison service, not an insurance company, and does not issue policies. Quotes, coverage and discounts come from participating insurers and licensed partners and depend on your state, driving record, vehicle and the coverage you choose. Savings are not guaranteed.',
    ],
    spanish: [
      '{brandName} es un servicio gratuito de comparación, no una compañía de seguros, y no emite pólizas. Las cotizaciones, coberturas y descuentos provienen de aseguradoras participantes y socios autorizados, y dependen de su estado, su historial de manejo, su vehículo y la cobertura que elija. No se garantizan ahorros.',
    ],
  },
  life: {
    english: [
      '{brandName} is not an insurance company. Coverage is issued by licensed insurers and is subject to eligibility, underwriting and state availability; some policies have waiting periods or graded benefits. Calling connects you with a licensed insurance agent, with no obligation to buy.',
    ],
    spanish: [
      '{brandName} no es una compañía de seguros. La cobertura la emiten aseguradoras autorizadas y está sujeta a elegibilidad, evaluación de riesgos y disponibilidad en su estado; algunas pólizas tienen períodos de espera o beneficios graduales. Al llamar, hablará con un agente de seguros autorizado, sin obligación de compra.',
    ],
  },
  health: {
    english: [
      '{brandName} is not an insurance company and is not the Health Insurance Marketplace® or a government website. Plans, prices and savings depend on where you live, your household and your income. Calling connects you with a licensed insurance agent, with no obligation to enroll.',
    ],
    spanish: [
      '{brandName} no es una compañía de seguros ni el Mercado de Seguros Médicos® ni un sitio web del gobierno. Los planes, precios y ahorros dependen de dónde vive, de su hogar y de sus ingresos. Al llamar, hablará con un agente de seguros autorizado, sin obligación de inscribirse.',
    ],
  },
};

/** CMS's notice for benefits offered only to members with qualifying chronic conditions (SSBCI). */
export const SSBCI_DISCLAIMER: Record<Language, string> = {
  english: 'Grocery, utility and similar allowances are part of special supplemental benefits for the chronically ill (SSBCI). Not all members will qualify.',
  spanish: 'Las asignaciones para comestibles, servicios públicos y otras similares forman parte de los beneficios suplementarios especiales para personas con enfermedades crónicas (SSBCI). No todos los miembros califican.',
};

/** Copy that mentions Social Security must not suggest a link with the agency. */
export const SOCIAL_SECURITY_DISCLAIMER: Record<Language, string> = {
  english: 'Not affiliated with or endorsed by the Social Security Administration. A Part B premium reduction is a feature of some Medicare Advantage plans, not a Social Security benefit.',
  spanish: 'No está afiliado ni respaldado por la Administración del Seguro Social. La reducción de la prima de la Parte B es una característica de algunos planes Medicare Advantage, no un beneficio del Seguro Social.',
};
