/** Copy for the Medicare cost themes: Part B giveback and buyback, premium reduction, Social Security. */
import { SOCIAL_SECURITY_DISCLAIMER } from '../disclaimers.ts';
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The cost themes. */
export const COST_THEMES: Record<Extract<Theme, 'giveback' | 'buyback' | 'premium' | 'social-security'>, ThemeContent> = {
  giveback: {
    product: 'medicare',
    benefits: ['giveback', 'low-premium', 'dental', 'vision'],
    planTypes: ['MAPD', 'HMO', 'PPO'],
    image: 'savings',
    copy: {
      english: {
        title: 'Part B giveback',
        description:
          'Some Medicare Advantage plans lower the Part B premium you pay each month. See if a plan with a Part B giveback is available in your area.',
        headline: 'Some Medicare plans can lower your Part B premium',
        subheadline: 'It is often called the Part B giveback. See if a plan that offers it is available where you live.',
        body: [
          'Most people with Medicare pay a monthly premium for Part B, and it is often deducted from their Social Security payment. A small number of Medicare Advantage plans include a Part B premium reduction, often called the Part B giveback, which lowers the amount you pay.',
          'If you enroll in a plan with this feature, the reduction is usually credited through your Social Security payment, so the deduction is smaller and more of your monthly benefit stays with you. It can take a few months for the change to appear, and credits owed are typically caught up once it starts.',
          'To qualify you generally need Medicare Part A and Part B, must live in the service area of a plan that offers the reduction, and must pay your own Part B premium. If Medicaid or a state program already pays your Part B premium, a giveback plan would not lower your costs.',
          'The amount of the reduction varies by plan and county, and it is not available everywhere. Plans with a giveback may have different networks, copays or extra benefits than other plans, so it is important to look at the whole plan, not just the premium.',
          '{Helper} can check whether any plans in your ZIP code offer a Part B giveback and compare them with your other options. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Check for a Part B giveback',
        destination: '/partb-giveback-now',
        disclaimers: [SOCIAL_SECURITY_DISCLAIMER.english],
      },
    },
  },

  buyback: {
    product: 'medicare',
    benefits: ['giveback', 'otc', 'dental', 'vision'],
    planTypes: ['MAPD', 'HMO', 'PPO'],
    image: 'savings',
    copy: {
      english: {
        title: 'Part B buyback',
        description:
          'A Part B buyback plan can reduce the Medicare Part B premium taken from your Social Security check. See if one is offered in your ZIP code.',
        headline: 'Could a Part B buyback put money back in your monthly check?',
        subheadline: 'Some Medicare Advantage plans pay part of your Part B premium for you. Find out if one is available where you live.',
        body: [
          'The “Part B buyback” is another name for the Part B premium reduction that some Medicare Advantage plans offer. The plan pays part of your monthly Medicare Part B premium, so less is deducted from your Social Security payment each month.',
          'Each plan sets its own reduction, the amount differs from county to county, and only some plans offer it. It usually starts showing on your Social Security payment a few months after your plan coverage begins.',
          'To be eligible you generally need Medicare Part A and Part B, must live in the plan’s service area and must pay your own Part B premium. People whose premium is already paid by Medicaid or a Medicare Savings Program would not see a lower deduction.',
          'A buyback plan is still a full Medicare Advantage plan, with its own doctors, hospitals, copays and drug coverage. {Helper} can walk you through the trade-offs, check your doctors and prescriptions, and show you any buyback plans in your area. Calling is free and there is no obligation.',
        ],
        cta: 'See buyback plans',
        destination: '/buyback-ad',
        disclaimers: [SOCIAL_SECURITY_DISCLAIMER.english],
      },
      spanish: {
        title: 'Reembolso de la Parte B',
        description:
          'Un plan con reembolso de la Parte B puede reducir la prima que se descuenta de su cheque del Seguro Social. Vea si hay uno en su código postal.',
        headline: '¿Podría un plan con reembolso de la Parte B dejarle más dinero cada mes?',
        subheadline: 'Algunos planes Medicare Advantage pagan una parte de su prima de la Parte B. Averigüe si hay uno disponible donde usted vive.',
        body: [
          'El reembolso de la prima de la Parte B es una reducción que ofrecen algunos planes Medicare Advantage. El plan paga una parte de su prima mensual de la Parte B de Medicare, por lo que se descuenta menos de su pago del Seguro Social cada mes.',
          'Cada plan fija el monto de la reducción, que cambia de un condado a otro, y solo algunos planes la ofrecen. Por lo general, comienza a reflejarse en su pago del Seguro Social algunos meses después de que empieza la cobertura del plan.',
          'Para ser elegible, por lo general debe tener la Parte A y la Parte B de Medicare, vivir en el área de servicio del plan y pagar por su cuenta la prima de la Parte B. Si Medicaid o un Programa de Ahorros de Medicare ya paga su prima, no vería un descuento menor.',
          'Un plan con reembolso sigue siendo un plan Medicare Advantage completo, con sus propios médicos, hospitales, copagos y cobertura de medicamentos. {HelperEs} puede explicarle las ventajas y desventajas, revisar sus médicos y medicamentos, y mostrarle los planes con reembolso en su área. La llamada es gratuita y sin ninguna obligación.',
        ],
        cta: 'Ver planes con reembolso',
        destination: '/additional-benefits-buyback-es',
        disclaimers: [SOCIAL_SECURITY_DISCLAIMER.spanish],
      },
    },
  },

  premium: {
    product: 'medicare',
    benefits: ['low-premium', 'giveback', 'prescription'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP'],
    image: 'savings',
    copy: {
      english: {
        title: 'Lower Medicare costs',
        description:
          'Ways to lower what you pay for Medicare: low or $0 premium plans, Part B premium reductions and programs for people with limited income.',
        headline: 'Looking for ways to lower your Medicare costs?',
        subheadline: 'From low-premium plans to help for people with limited income, {helper} can show you the options in your area.',
        body: [
          'Health costs add up on a fixed income. Depending on where you live, you may find Medicare Advantage plans with a low or $0 monthly plan premium, and a few that also reduce your Part B premium. You still pay your Part B premium unless a program such as Medicaid pays it for you.',
          'If your income and savings are limited, you may qualify for a Medicare Savings Program, run by your state, which can help pay Part B premiums and, at some levels, deductibles and copays. Extra Help is a federal program that lowers prescription drug costs for people who qualify.',
          'A plan’s premium is only one part of the cost. Copays, the yearly out-of-pocket limit, drug coverage and whether your doctors are in network all affect what you actually spend, so comparing whole plans matters more than comparing premiums.',
          'To enroll in a Medicare Advantage plan you generally need Medicare Part A and Part B and must live in the plan’s service area. {Helper} can compare the plans available in your ZIP code and point you to programs you may qualify for. Calling is free and there is no obligation.',
        ],
        cta: 'Compare lower-cost plans',
        destination: '/medicare-premium-reduction-listing-r2',
      },
    },
  },

  'social-security': {
    product: 'medicare',
    benefits: ['giveback', 'low-premium', 'otc'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP'],
    image: 'savings',
    copy: {
      english: {
        title: 'Social Security and Medicare',
        description:
          'Your Part B premium usually comes out of your Social Security check. Some Medicare Advantage plans reduce it. See what plans in your area offer.',
        headline: 'Keep more of your Social Security check',
        subheadline:
          'If your Medicare Part B premium comes out of your Social Security payment, some Medicare Advantage plans can reduce that deduction.',
        body: [
          'For most people who receive Social Security, the monthly Medicare Part B premium is taken out of their payment before it arrives. Some Medicare Advantage plans include a Part B premium reduction, which lowers that deduction, so more of your payment stays with you.',
          'The reduction depends on the plan and your county, and only some plans offer it. Other plans focus on different savings, such as low copays, dental and vision coverage, or an allowance for over-the-counter items. The right choice depends on your health needs, your doctors and your budget.',
          'You generally need Medicare Part A and Part B and must live in the plan’s service area to enroll. If Medicaid or a Medicare Savings Program already pays your Part B premium, a premium reduction would not help you, but you may qualify for plans designed for people with both Medicare and Medicaid.',
          'A premium reduction is not a Social Security benefit and does not change your Social Security eligibility. {Helper} can explain how a plan would affect your monthly payment and compare it with your other options. The call is free and there is no obligation.',
        ],
        cta: 'See plans in my area',
        destination: '/get-yours-ss1',
        disclaimers: [SOCIAL_SECURITY_DISCLAIMER.english],
      },
      spanish: {
        title: 'Seguro Social y Medicare',
        description:
          'Su prima de la Parte B suele descontarse de su cheque del Seguro Social. Algunos planes Medicare Advantage la reducen. Vea los planes en su área.',
        headline: 'Conserve más de su cheque del Seguro Social',
        subheadline:
          'Si la prima de la Parte B de Medicare se descuenta de su pago del Seguro Social, algunos planes Medicare Advantage pueden reducir ese descuento.',
        body: [
          'Para la mayoría de las personas que reciben el Seguro Social, la prima mensual de la Parte B de Medicare se descuenta de su pago antes de que llegue. Algunos planes Medicare Advantage incluyen una reducción de la prima de la Parte B, que disminuye ese descuento, de modo que usted recibe una parte mayor de su pago.',
          'El monto de la reducción depende del plan y de su condado, y solo algunos planes la ofrecen. Otros planes se enfocan en otros ahorros, como copagos bajos, cobertura dental y de la vista, o una asignación para artículos de venta libre. La mejor opción depende de sus necesidades de salud, sus médicos y su presupuesto.',
          'Por lo general, debe tener la Parte A y la Parte B de Medicare y vivir en el área de servicio del plan para inscribirse. Si Medicaid o un Programa de Ahorros de Medicare ya paga su prima de la Parte B, la reducción de la prima no le beneficiaría, pero podría calificar para planes diseñados para personas que tienen Medicare y Medicaid.',
          'La reducción de la prima no es un beneficio del Seguro Social y no cambia su elegibilidad para el Seguro Social. {HelperEs} puede explicarle cómo un plan afectaría su pago mensual y compararlo con sus otras opciones. La llamada es gratuita y sin ninguna obligación.',
        ],
        cta: 'Ver planes en mi área',
        destination: '/get-yours-ss1-es',
        disclaimers: [SOCIAL_SECURITY_DISCLAIMER.spanish],
      },
    },
  },
};
