/** Copy for the Medicare allowance themes: OTC, grocery, dental, and dental with vision and hearing. */
import { SSBCI_DISCLAIMER } from '../disclaimers.ts';
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The allowance themes. */
export const ALLOWANCE_THEMES: Record<Extract<Theme, 'otc' | 'grocery' | 'dental' | 'dental-vision'>, ThemeContent> = {
  otc: {
    product: 'medicare',
    benefits: ['otc', 'dental', 'vision', 'hearing'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP'],
    image: 'otc',
    copy: {
      english: {
        title: 'OTC allowance',
        description:
          'See whether a Medicare Advantage plan in your area includes an allowance for over-the-counter health items. Free help by phone.',
        headline: 'Your Medicare plan could help pay for everyday health items',
        subheadline:
          'Many Medicare Advantage plans include an over-the-counter (OTC) allowance. Find out if one is available where you live.',
        body: [
          'An OTC allowance is a set amount that some Medicare Advantage plans give members to spend on approved over-the-counter health products, such as pain relievers, cold and allergy medicine, vitamins, first-aid supplies, toothpaste and denture care. Depending on the plan, the allowance may be loaded onto a prepaid card, used at participating stores, or spent through a catalog with home delivery.',
          'Original Medicare (Parts A and B) does not pay for over-the-counter items. An OTC allowance is an extra benefit that private insurance companies may add to their Medicare Advantage plans, so whether you can get one depends on the plans offered in your ZIP code.',
          'To join a Medicare Advantage plan you generally need to be enrolled in Medicare Part A and Part B and live in the plan’s service area. The size of the allowance, how often it refreshes (monthly or quarterly), whether unused amounts carry over and the list of eligible items all vary by plan.',
          'When you call, {helper} can look up the plans available in your area, explain which ones include an OTC allowance and what else they cover, and check that your doctors and prescriptions fit. The call is free and there is no obligation to enroll.',
          'Most changes are made during the Annual Enrollment Period, October 15 to December 7, but some people qualify for a Special Enrollment Period at other times of the year, for example after moving or when they also have Medicaid.',
        ],
        cta: 'Check my OTC benefits',
        destination: '/quiz/otc',
      },
      spanish: {
        title: 'Asignación OTC',
        description:
          'Averigüe si un plan Medicare Advantage en su área incluye una asignación para artículos de salud de venta libre. Ayuda gratuita por teléfono.',
        headline: 'Su plan de Medicare podría ayudarle a pagar artículos de salud de uso diario',
        subheadline:
          'Muchos planes Medicare Advantage incluyen una asignación para artículos de venta libre (OTC). Averigüe si hay uno disponible donde usted vive.',
        body: [
          'La asignación OTC es una cantidad fija que algunos planes Medicare Advantage ofrecen a sus miembros para comprar productos de salud de venta libre aprobados, como analgésicos, medicamentos para el resfriado y las alergias, vitaminas, artículos de primeros auxilios, pasta dental y productos para el cuidado de dentaduras postizas. Según el plan, la asignación puede cargarse en una tarjeta prepagada, usarse en tiendas participantes o gastarse por medio de un catálogo con entrega a domicilio.',
          'Medicare Original (Partes A y B) no paga los artículos de venta libre. La asignación OTC es un beneficio adicional que las compañías de seguros privadas pueden agregar a sus planes Medicare Advantage, por lo que su disponibilidad depende de los planes que se ofrecen en su código postal.',
          'Para inscribirse en un plan Medicare Advantage, por lo general debe tener la Parte A y la Parte B de Medicare y vivir en el área de servicio del plan. El monto de la asignación, la frecuencia con la que se renueva (mensual o trimestral), si el saldo no usado se acumula y la lista de artículos aprobados varían según el plan.',
          'Cuando llame, {helperEs} puede buscar los planes disponibles en su área, explicarle cuáles incluyen una asignación OTC y qué más cubren, y verificar que sus médicos y medicamentos estén incluidos. La llamada es gratuita y no tiene ninguna obligación de inscribirse.',
        ],
        cta: 'Verificar mis beneficios OTC',
        destination: '/get-yours-otc-es',
      },
    },
  },

  grocery: {
    product: 'medicare',
    benefits: ['grocery', 'otc', 'utilities', 'care-coordination'],
    planTypes: ['C-SNP', 'D-SNP', 'MAPD'],
    image: 'grocery',
    copy: {
      english: {
        title: 'Grocery allowance',
        description:
          'Some Medicare Advantage plans help members with qualifying chronic conditions pay for healthy food. See what plans in your area may offer.',
        headline: 'Help with groceries may be part of your Medicare plan',
        subheadline:
          'Some Medicare Advantage plans include a healthy food or grocery allowance for members who qualify. Find out what is available near you.',
        body: [
          'A grocery allowance, sometimes called a healthy food card, is an extra benefit offered by some Medicare Advantage plans. Members who qualify receive an amount they can spend on approved items such as fresh produce, dairy, meat, bread and pantry staples at participating grocery stores, usually with a prepaid card.',
          'These allowances are most often part of special supplemental benefits for the chronically ill (SSBCI). That means they are usually limited to members with certain long-term conditions, such as diabetes, heart failure or chronic lung disease, and a plan may ask your doctor to confirm your condition. They are also common in Special Needs Plans for people who have both Medicare and Medicaid.',
          'Original Medicare does not offer a grocery benefit. To join a Medicare Advantage plan you generally need Medicare Part A and Part B and must live in the plan’s service area. The amount, how often it is reloaded, which stores take the card and which foods qualify all vary by plan and location.',
          '{Helper} can review the plans offered in your ZIP code, tell you which ones include a food or grocery benefit and explain who qualifies. Calling is free, and you are under no obligation to change plans.',
        ],
        cta: 'See if I qualify',
        destination: '/quiz/grocery',
        disclaimers: [SSBCI_DISCLAIMER.english],
      },
      spanish: {
        title: 'Asignación para comestibles',
        description:
          'Algunos planes Medicare Advantage ayudan a pagar alimentos saludables a miembros con ciertas afecciones crónicas. Vea qué planes hay en su área.',
        headline: 'La ayuda para comestibles podría ser parte de su plan de Medicare',
        subheadline:
          'Algunos planes Medicare Advantage incluyen una asignación para alimentos saludables para los miembros que califican. Averigüe qué hay disponible cerca de usted.',
        body: [
          'La asignación para comestibles, a veces llamada tarjeta de alimentos saludables, es un beneficio adicional que ofrecen algunos planes Medicare Advantage. Los miembros que califican reciben un monto que pueden gastar en productos aprobados, como frutas y verduras frescas, lácteos, carne, pan y alimentos básicos, en supermercados participantes, por lo general con una tarjeta prepagada.',
          'Con frecuencia, estas asignaciones forman parte de los beneficios suplementarios especiales para personas con enfermedades crónicas (SSBCI). Es decir, suelen estar limitadas a miembros con ciertas afecciones de larga duración, como diabetes, insuficiencia cardíaca o enfermedad pulmonar crónica, y el plan puede pedirle a su médico que confirme su afección. También son comunes en los Planes para Necesidades Especiales para personas que tienen Medicare y Medicaid.',
          'Medicare Original no ofrece un beneficio para comestibles. Para inscribirse en un plan Medicare Advantage, por lo general debe tener la Parte A y la Parte B de Medicare y vivir en el área de servicio del plan. El monto, la frecuencia con la que se recarga, las tiendas que aceptan la tarjeta y los alimentos aprobados varían según el plan y la ubicación.',
          '{HelperEs} puede revisar los planes que se ofrecen en su código postal, indicarle cuáles incluyen un beneficio de alimentos y explicarle quién califica. La llamada es gratuita y no tiene ninguna obligación de cambiar de plan.',
        ],
        cta: 'Ver si califico',
        destination: '/additional-benefits-grocery-2-es',
        disclaimers: [SSBCI_DISCLAIMER.spanish],
      },
    },
  },

  dental: {
    product: 'medicare',
    benefits: ['dental', 'vision', 'hearing', 'low-premium'],
    planTypes: ['MAPD', 'PPO', 'HMO', 'D-SNP'],
    image: 'dental-vision',
    copy: {
      english: {
        title: 'Dental coverage',
        description:
          'Original Medicare does not cover routine dental care. See Medicare Advantage plans in your area that may include cleanings, fillings and more.',
        headline: 'Find Medicare plans that include dental coverage',
        subheadline:
          'Cleanings, X-rays, fillings and even dentures may be covered by some Medicare Advantage plans. Compare what is offered where you live.',
        body: [
          'Original Medicare does not cover most routine dental care, such as cleanings, fillings, extractions or dentures. Many Medicare Advantage plans add dental benefits, and in some areas they are available with a low or $0 monthly plan premium.',
          'Dental coverage varies a great deal from plan to plan. Some plans cover only preventive care, such as two exams and cleanings a year. Others also help with fillings, root canals, crowns or dentures, usually up to an annual maximum, and may require you to use dentists in the plan’s network.',
          'To join a Medicare Advantage plan you generally need Medicare Part A and Part B and must live in the plan’s service area. If you also have Medicaid, a Dual Eligible Special Needs Plan (D-SNP) may include additional dental benefits.',
          '{Helper} can compare the dental benefits of the plans available in your ZIP code, including annual limits, waiting periods and whether your dentist is in network. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Compare dental plans',
        destination: '/get-yours-dental',
      },
      spanish: {
        title: 'Cobertura dental',
        description:
          'Medicare Original no cubre la atención dental de rutina. Vea planes Medicare Advantage en su área que podrían incluir limpiezas, empastes y más.',
        headline: 'Encuentre planes de Medicare que incluyen cobertura dental',
        subheadline:
          'Algunos planes Medicare Advantage pueden cubrir limpiezas, radiografías, empastes e incluso dentaduras postizas. Compare lo que se ofrece donde usted vive.',
        body: [
          'Medicare Original no cubre la mayoría de la atención dental de rutina, como limpiezas, empastes, extracciones o dentaduras postizas. Muchos planes Medicare Advantage agregan beneficios dentales, y en algunas áreas los ofrecen con una prima mensual baja o de $0.',
          'La cobertura dental varía mucho de un plan a otro. Algunos planes cubren solo la atención preventiva, como dos exámenes y limpiezas al año. Otros también ayudan con empastes, tratamientos de conducto, coronas o dentaduras postizas, generalmente hasta un máximo anual, y pueden exigir que use dentistas de la red del plan.',
          'Para inscribirse en un plan Medicare Advantage, por lo general debe tener la Parte A y la Parte B de Medicare y vivir en el área de servicio del plan. Si también tiene Medicaid, un Plan para Necesidades Especiales de Doble Elegibilidad (D-SNP) podría incluir beneficios dentales adicionales.',
          '{HelperEs} puede comparar los beneficios dentales de los planes disponibles en su código postal, incluidos los límites anuales, los períodos de espera y si su dentista pertenece a la red. La llamada es gratuita y no tiene ninguna obligación de inscribirse.',
        ],
        cta: 'Comparar planes dentales',
        destination: '/get-yours-dental-es',
      },
    },
  },

  'dental-vision': {
    product: 'medicare',
    benefits: ['dental', 'vision', 'hearing', 'prescription'],
    planTypes: ['MAPD', 'HMO', 'PPO'],
    image: 'dental-vision',
    copy: {
      english: {
        title: 'Dental and vision',
        description:
          'Compare Medicare Advantage plans that may cover dental cleanings, eye exams, glasses and hearing aids, with free help by phone.',
        headline: 'Dental, vision and hearing extras in one Medicare plan',
        subheadline:
          'Original Medicare leaves out most routine dental, vision and hearing care. Many Medicare Advantage plans add it back.',
        body: [
          'Original Medicare generally does not pay for routine dental cleanings, eye exams for glasses, eyeglasses, contact lenses or hearing aids. These gaps are some of the most common reasons people look at Medicare Advantage plans, which are offered by private insurance companies approved by Medicare.',
          'Many Medicare Advantage plans include a yearly eye exam and an allowance toward frames or contacts, preventive and sometimes comprehensive dental care, and a hearing exam with an allowance toward hearing aids. Coverage limits, copays and provider networks differ from plan to plan.',
          'You may be able to join a Medicare Advantage plan if you have Medicare Part A and Part B and live in the plan’s service area. Most plans also include prescription drug coverage, so it is worth checking that your medications are on the plan’s list of covered drugs.',
          '{Helper} can compare the dental, vision and hearing benefits of the plans in your area side by side and answer your questions. Calling is free, and there is no obligation to enroll.',
        ],
        cta: 'Compare dental and vision plans',
        destination: '/get-yours-dental',
      },
    },
  },
};
