/** Copy for the auto-insurance theme (brands tqg and ps). */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The auto theme. */
export const AUTO_THEMES: Record<Extract<Theme, 'auto'>, ThemeContent> = {
  auto: {
    product: 'auto',
    benefits: ['auto-quotes', 'auto-discounts', 'home-bundle'],
    planTypes: ['Liability', 'Full coverage', 'Collision', 'Comprehensive'],
    image: 'auto',
    copy: {
      english: {
        title: 'Compare car insurance',
        description:
          'Compare car insurance quotes from several insurers in minutes. Free, with no obligation, and you may find discounts you did not know about.',
        headline: 'Compare car insurance quotes and see if you could save',
        subheadline: 'Answer a few questions about your car and your driving, then compare quotes from insurers and licensed partners in your area.',
        body: [
          'Car insurance rates can differ widely from one insurer to the next for the same driver and the same car, because every company weighs your driving record, age, ZIP code, vehicle and coverage choices differently. Comparing several quotes is one of the simplest ways to see whether you are paying more than you need to.',
          'We ask a few questions about your vehicles, the drivers in your household and your current coverage, then match you with participating insurers and licensed insurance agencies who can quote you. It takes a few minutes and there is no cost or obligation.',
          'Ask about discounts when you compare. Many insurers offer savings for bundling home and auto, insuring more than one car, a safe driving record, low annual mileage, anti-theft devices, paying in full or completing an approved defensive driving course.',
          'Price is not the only thing to compare. Check the liability limits, deductibles, whether collision and comprehensive coverage are included, and extras like roadside assistance and rental car coverage, so you are comparing the same protection. Every state sets its own minimum requirements.',
          'Quotes and savings depend on your state, driving history, vehicle and the coverage you choose, and final prices are set by the insurer. You decide whether to switch, and you can keep your current policy if it is the better fit.',
        ],
        cta: 'Compare my quotes',
        destination: '/quiz/auto',
      },
      spanish: {
        title: 'Compare seguros de auto',
        description:
          'Compare cotizaciones de seguro de auto de varias aseguradoras en minutos. Gratis, sin compromiso, y podría encontrar descuentos que no conocía.',
        headline: 'Compare cotizaciones de seguro de auto y vea si podría ahorrar',
        subheadline: 'Responda algunas preguntas sobre su auto y su manera de manejar, y compare cotizaciones de aseguradoras y socios autorizados de su zona.',
        body: [
          'Las tarifas del seguro de auto pueden variar mucho de una aseguradora a otra para el mismo conductor y el mismo auto, porque cada compañía valora de distinta manera su historial de manejo, su edad, su código postal, su vehículo y la cobertura que elige. Comparar varias cotizaciones es una de las formas más sencillas de saber si paga más de lo necesario.',
          'Le hacemos algunas preguntas sobre sus vehículos, los conductores de su hogar y su cobertura actual, y luego le ponemos en contacto con aseguradoras participantes y agencias de seguros autorizadas que pueden cotizarle. Toma unos minutos y no tiene costo ni compromiso.',
          'Pregunte por los descuentos al comparar. Muchas aseguradoras ofrecen ahorros por combinar hogar y auto, asegurar más de un auto, tener un buen historial de manejo, manejar pocas millas al año, tener dispositivos antirrobo, pagar por adelantado o completar un curso aprobado de manejo defensivo.',
          'El precio no es lo único que debe comparar. Revise los límites de responsabilidad civil, los deducibles, si incluye cobertura de choque y cobertura integral, y extras como la asistencia en carretera y el auto de alquiler, para comparar la misma protección. Cada estado fija sus propios requisitos mínimos.',
          'Las cotizaciones y los ahorros dependen de su estado, su historial de manejo, su vehículo y la cobertura que elija, y el precio final lo fija la aseguradora. Usted decide si se cambia, y puede quedarse con su póliza actual si le conviene más.',
        ],
        cta: 'Comparar mis cotizaciones',
        destination: '/quiz/auto-es',
      },
    },
  },
};
