import type { Brand, Product } from '../../../brands/types.ts';
import type { Language } from '../pages/types.ts';
import { TPMO_REPRESENTATION, type MedicareRepresentation } from './tpmo.ts';
import { helperKind, type HelperKind } from './who-helps.ts';

/**
 * Small print shown under every page and every funnel step of a product, in each language.
 * Medicare marketing by a third party (TPMO) must say it is not the government and give the CMS
 * statement of how many organizations and plans it represents (`{tpmo}`, `{tpmoEs}`: see
 * {@link tpmoStatement}); auto and other insurance copy must not read as a guarantee of price or
 * acceptance. `{brandName}` and the helper tokens (`{helper}`, who-helps.ts) are filled in from
 * the brand (see brand-view.ts).
 */
export const PRODUCT_DISCLAIMERS: Record<Product, Record<Language, string[]>> = {
  medicare: {
    english: [
      'Not affiliated with or endorsed by the U.S. government or the federal Medicare program. This is a solicitation of insurance.',
      '{tpmo}',
      'Benefits, allowances, premiums and availability vary by plan and location, and amounts are not guaranteed. Enrollment in a plan depends on the plan’s contract renewal with Medicare. Calling {brandName} connects you with {helper}; there is no obligation to enroll.',
    ],
    spanish: [
      'No está afiliado ni respaldado por el gobierno de los EE. UU. ni por el programa federal de Medicare. Esto es una solicitud de seguro.',
      '{tpmoEs}',
      'Los beneficios, las asignaciones, las primas y la disponibilidad varían según el plan y la ubicación, y los montos no están garantizados. La inscripción en un plan depende de la renovación del contrato del plan con Medicare. Al llamar a {brandName}, usted hablará con {helperEs}, sin ninguna obligación de inscribirse.',
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
      '{brandName} is not an insurance company. Coverage is issued by licensed insurers and is subject to eligibility, underwriting and state availability; some policies have waiting periods or graded benefits. Calling connects you with {helper}, with no obligation to buy.',
    ],
    spanish: [
      '{brandName} no es una compañía de seguros. La cobertura la emiten aseguradoras autorizadas y está sujeta a elegibilidad, evaluación de riesgos y disponibilidad en su estado; algunas pólizas tienen períodos de espera o beneficios graduales. Al llamar, hablará con {helperEs}, sin obligación de compra.',
    ],
  },
  health: {
    english: [
      '{brandName} is not an insurance company and is not the Health Insurance Marketplace® or a government website. Plans, prices and savings depend on where you live, your household and your income. Calling connects you with {helper}, with no obligation to enroll.',
    ],
    spanish: [
      '{brandName} no es una compañía de seguros ni el Mercado de Seguros Médicos® ni un sitio web del gobierno. Los planes, precios y ahorros dependen de dónde vive, de su hogar y de sus ingresos. Al llamar, hablará con {helperEs}, sin obligación de inscribirse.',
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

/**
 * The CMS TPMO statement, in sentences: who does not offer every plan, whom they represent
 * (`{organizations}` "9 organizations which offer" and `{products}` "64 products": counts from
 * tpmo.ts, worded by {@link TPMO_COUNTED}), where to get every option. An agency brand speaks of
 * itself; any other brand of the licensed agency it works with (who-helps.ts).
 */
const TPMO_SENTENCES: Readonly<Record<HelperKind, Record<Language, { offer: string; represent: string }>>> = {
  'own-agents': {
    english: {
      offer: 'We do not offer every plan available in your area.',
      represent: 'Currently we represent {organizations} {products} in your area.',
    },
    spanish: {
      offer: 'No ofrecemos todos los planes disponibles en su área.',
      represent: 'Actualmente representamos a {organizations} {products} en su área.',
    },
  },
  'partner-agency': {
    english: {
      offer: 'The licensed insurance agency we work with does not offer every plan available in your area.',
      represent: 'Currently it represents {organizations} {products} in your area.',
    },
    spanish: {
      offer: 'La agencia de seguros autorizada con la que trabajamos no ofrece todos los planes disponibles en su área.',
      represent: 'Actualmente representa a {organizations} {products} en su área.',
    },
  },
};

/** The statement's last sentence, the same for every brand. */
const TPMO_CONTACT: Readonly<Record<Language, string>> = {
  english: 'Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
  spanish: 'Comuníquese con Medicare.gov, con el 1-800-MEDICARE o con el Programa Estatal de Seguros de Salud (SHIP) de su localidad para obtener información sobre todas sus opciones.',
};

/** The counted words of the statement after their number, for one and for many (the verb after "organizations" agrees too). */
const TPMO_COUNTED: Readonly<Record<Language, Record<keyof MedicareRepresentation, [one: string, many: string]>>> = {
  english: { organizations: ['organization which offers', 'organizations which offer'], products: ['product', 'products'] },
  spanish: { organizations: ['organización que ofrece', 'organizaciones que ofrecen'], products: ['producto', 'productos'] },
};

/**
 * The TPMO statement for `brand` in `language`, with its `counts` (the brand's in tpmo.ts): "We do not offer
 * every plan available in your area. Currently we represent 9 organizations which offer 64
 * products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health
 * Insurance Program (SHIP) to get information on all of your options." A brand without counts
 * (one that markets no Medicare plans, so never shows it) gets the statement without the count sentence.
 */
export function tpmoStatement(
  brand: Pick<Brand, 'id' | 'isAgency'>,
  language: Language,
  counts: MedicareRepresentation | null = TPMO_REPRESENTATION[brand.id],
): string {
  const sentences = TPMO_SENTENCES[helperKind(brand)][language];
  const words = TPMO_COUNTED[language];
  const counted = (key: keyof MedicareRepresentation, count: number) => `${count} ${words[key][count === 1 ? 0 : 1]}`;
  const represent = counts
    ? [sentences.represent.replace('{organizations}', counted('organizations', counts.organizations)).replace('{products}', counted('products', counts.products))]
    : [];
  return [sentences.offer, ...represent, TPMO_CONTACT[language]].join(' ');
}
