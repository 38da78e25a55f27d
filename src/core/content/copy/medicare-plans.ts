/** Copy for the general Medicare Advantage themes: extra benefits, plan changes, carriers, ads and chat. */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The general Medicare themes. */
export const MEDICARE_PLAN_THEMES: Record<Extract<Theme, 'benefits' | 'plans' | 'carriers' | 'ads' | 'chat'>, ThemeContent> = {
  benefits: {
    product: 'medicare',
    benefits: ['otc', 'dental', 'vision', 'hearing', 'fitness', 'transportation'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP', 'C-SNP'],
    image: 'benefits',
    copy: {
      english: {
        title: 'Extra Medicare benefits',
        description:
          'Medicare Advantage plans may include extras Original Medicare does not, like dental, vision, hearing and OTC allowances. See what is offered near you.',
        headline: 'See which extra benefits Medicare plans offer in your area',
        subheadline: 'Dental, vision, hearing, over-the-counter allowances and more may be included in Medicare Advantage plans where you live.',
        body: [
          'Original Medicare covers hospital and medical care but leaves out many everyday needs. Medicare Advantage plans, offered by private insurance companies approved by Medicare, often add extra benefits such as dental, vision and hearing coverage, fitness memberships, an allowance for over-the-counter health items and rides to medical appointments.',
          'Every plan is different. The benefits, allowance amounts, premiums, copays and networks depend on the plan and your county, and a benefit offered in one ZIP code may not be offered in the next. Some extras, such as grocery or utility allowances, are only for members with certain chronic conditions or for people who also have Medicaid.',
          'You can generally join a Medicare Advantage plan if you have Medicare Part A and Part B and live in the plan’s service area. Most people can make changes during the Annual Enrollment Period from October 15 to December 7, and some qualify for a Special Enrollment Period at other times.',
          '{Helper} can review the plans available to you, explain the extra benefits in plain language and check that your doctors and prescriptions are covered. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Check my benefits',
        destination: '/go-4-benefits',
      },
      spanish: {
        title: 'Beneficios adicionales de Medicare',
        description:
          'Los planes Medicare Advantage pueden incluir beneficios que Medicare Original no cubre, como atención dental, de la vista y asignaciones OTC.',
        headline: 'Vea qué beneficios adicionales ofrecen los planes de Medicare en su área',
        subheadline:
          'Los planes Medicare Advantage donde usted vive podrían incluir cobertura dental, de la vista y auditiva, asignaciones para artículos de venta libre y más.',
        body: [
          'Medicare Original cubre la atención hospitalaria y médica, pero deja fuera muchas necesidades diarias. Los planes Medicare Advantage, que ofrecen compañías de seguros privadas aprobadas por Medicare, a menudo agregan beneficios adicionales, como cobertura dental, de la vista y auditiva, membresías de ejercicio, una asignación para artículos de salud de venta libre y transporte a citas médicas.',
          'Cada plan es diferente. Los beneficios, los montos de las asignaciones, las primas, los copagos y las redes dependen del plan y de su condado, y un beneficio que se ofrece en un código postal podría no ofrecerse en otro. Algunos beneficios, como las asignaciones para comestibles o servicios públicos, son solo para miembros con ciertas afecciones crónicas o para personas que también tienen Medicaid.',
          'Por lo general, puede inscribirse en un plan Medicare Advantage si tiene la Parte A y la Parte B de Medicare y vive en el área de servicio del plan. La mayoría de las personas pueden hacer cambios durante el Período de Inscripción Anual, del 15 de octubre al 7 de diciembre, y algunas califican para un Período de Inscripción Especial en otros momentos.',
          '{HelperEs} puede revisar los planes disponibles para usted, explicarle los beneficios adicionales con palabras sencillas y verificar que sus médicos y medicamentos estén cubiertos. La llamada es gratuita y no tiene ninguna obligación de inscribirse.',
        ],
        cta: 'Verificar mis beneficios',
        destination: '/get-yours-x4c-es',
      },
    },
  },

  plans: {
    product: 'medicare',
    benefits: ['prescription', 'dental', 'vision', 'otc'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'PDP'],
    image: 'benefits',
    copy: {
      english: {
        title: 'Medicare plan changes',
        description:
          'Medicare plans change every year, and some leave their service areas. Learn what your options are and compare the plans available in your ZIP code.',
        headline: 'Is your Medicare plan changing next year?',
        subheadline: 'Plans can change benefits, drop doctors or leave an area. Find out what is available where you live now.',
        body: [
          'Medicare Advantage and Part D plans can change every year. Premiums, copays, drug lists, provider networks and extra benefits may all be different on January 1, and some plans stop being offered in certain counties. Each fall your plan sends an Annual Notice of Change that explains what is changing.',
          'If your plan is leaving your area, you will receive a notice, and you generally get a Special Enrollment Period to choose another plan. Moving to a new address can also change which plans you can join, because Medicare Advantage plans serve specific counties.',
          'Everyone with Medicare can review their coverage during the Annual Enrollment Period, October 15 to December 7, with changes starting January 1. If you are in a Medicare Advantage plan, you can also make one change from January 1 to March 31.',
          'To join a Medicare Advantage plan you generally need Medicare Part A and Part B and must live in the plan’s service area. {Helper} can look up the plans offered at your address, check your doctors and prescriptions and explain your enrollment options. Calling is free and there is no obligation to enroll.',
        ],
        cta: 'See plans at my address',
        destination: '/go-4-benefits',
      },
    },
  },

  carriers: {
    product: 'medicare',
    benefits: ['dental', 'vision', 'hearing', 'otc', 'prescription'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP', 'C-SNP'],
    image: 'review',
    copy: {
      english: {
        title: 'Compare Medicare carriers',
        description:
          'Aetna, Humana, UnitedHealthcare, Wellcare and regional insurers offer Medicare Advantage plans. Compare the carriers available in your area.',
        headline: 'Compare Medicare Advantage carriers in your area',
        subheadline: 'Different insurance companies offer different networks, extras and costs. See which ones serve your ZIP code.',
        body: [
          'Medicare Advantage plans are offered by private insurance companies that contract with Medicare. National carriers such as Aetna, Humana, UnitedHealthcare and Wellcare are joined in many areas by regional insurers and Blue Cross Blue Shield companies. Which carriers you can choose from depends on your county.',
          'Carriers differ in ways that matter day to day: which doctors and hospitals are in network, whether you need referrals, how your drugs are covered, and which extras like dental, vision, hearing or an over-the-counter allowance are included. A carrier may offer several plans in the same area, each with different costs and benefits.',
          'Medicare rates plans from 1 to 5 stars each year based on quality and member experience. Ratings apply to a specific contract, not to a whole company, and can change from year to year, so check the rating of the exact plan you are considering on Medicare.gov.',
          'You generally need Medicare Part A and Part B and must live in the plan’s service area to enroll. {Helper} can compare the carriers and plans available to you side by side. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Compare carriers near me',
        destination: '/go-4-benefits',
      },
    },
  },

  ads: {
    product: 'medicare',
    benefits: ['otc', 'dental', 'vision', 'hearing', 'prescription'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP'],
    image: 'benefits',
    copy: {
      english: {
        title: 'Medicare Advantage plans',
        description:
          'Answer a few quick questions to see Medicare Advantage plans and extra benefits that may be available in your ZIP code. Free, with no obligation.',
        headline: 'See Medicare Advantage plans available in your ZIP code',
        subheadline: 'Answer a few quick questions. It takes about a minute and there is no cost.',
        body: [
          'Medicare Advantage plans are an alternative to Original Medicare offered by private insurance companies. They cover everything Original Medicare covers and often add prescription drug coverage and extras such as dental, vision, hearing and allowances for everyday health items.',
          'To see which plans you may qualify for, we ask for your ZIP code and whether you have Medicare Parts A and B and Medicaid. Plan availability depends on where you live, and some plans, such as Dual Eligible Special Needs Plans, are only for people who also have Medicaid.',
          'Benefits, premiums and allowance amounts vary by plan and location. After you answer, you can speak with {helper}, who will explain your options in plain language. There is no obligation to enroll.',
        ],
        cta: 'Get started',
        destination: '/go-4-benefits',
      },
      spanish: {
        title: 'Planes Medicare Advantage',
        description:
          'Responda unas preguntas rápidas para ver planes Medicare Advantage y beneficios adicionales que podrían estar disponibles en su código postal.',
        headline: 'Vea los planes Medicare Advantage disponibles en su código postal',
        subheadline: 'Responda unas preguntas rápidas. Toma alrededor de un minuto y no tiene costo.',
        body: [
          'Los planes Medicare Advantage son una alternativa a Medicare Original que ofrecen compañías de seguros privadas. Cubren todo lo que cubre Medicare Original y, a menudo, agregan cobertura de medicamentos recetados y beneficios adicionales, como atención dental, de la vista y auditiva, y asignaciones para artículos de salud de uso diario.',
          'Para saber para qué planes podría calificar, le pedimos su código postal y si tiene la Parte A y la Parte B de Medicare y Medicaid. La disponibilidad de los planes depende de dónde vive, y algunos planes, como los Planes para Necesidades Especiales de Doble Elegibilidad, son solo para personas que también tienen Medicaid.',
          'Los beneficios, las primas y los montos de las asignaciones varían según el plan y la ubicación. Después de responder, podrá hablar con {helperEs}, que le explicará sus opciones con palabras sencillas. No tiene ninguna obligación de inscribirse.',
        ],
        cta: 'Comenzar',
        destination: '/get-yours-x4c-es',
      },
    },
  },

  chat: {
    product: 'medicare',
    benefits: ['otc', 'dental', 'vision', 'hearing'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP'],
    image: 'benefits',
    copy: {
      english: {
        title: 'Free help with Medicare',
        description:
          'Have questions about Medicare Advantage plans, extra benefits or costs? Talk it over by phone for free, with no obligation.',
        headline: 'Questions about your Medicare benefits? Let’s talk.',
        subheadline: '{Helper} can answer your questions and look up plans in your area, free of charge.',
        body: [
          'Medicare has a lot of moving parts: Parts A and B, Medicare Advantage, prescription drug coverage, enrollment periods and extra benefits that change by plan and ZIP code. It is normal to have questions, and you do not have to sort through them alone.',
          'When you reach out, {helper} will ask a few simple questions, such as your ZIP code, whether you have Medicare Parts A and B, and whether you have Medicaid, so they can look up the plans you may be eligible for.',
          'On the call you can find out what a plan covers, whether your doctors and medications are included, and what extras like dental, vision or an over-the-counter allowance are available where you live. Benefits vary by plan and location.',
          'The call is free, and there is no obligation to enroll. If you decide a plan is right for you, you can get help with the application on the same call.',
        ],
        cta: 'Start now',
        destination: '/go-4-benefits',
      },
      spanish: {
        title: 'Ayuda gratuita con Medicare',
        description:
          '¿Tiene preguntas sobre los planes Medicare Advantage, los beneficios adicionales o los costos? Hable de ellos gratis por teléfono, sin compromiso.',
        headline: '¿Tiene preguntas sobre sus beneficios de Medicare? Hablemos.',
        subheadline: '{HelperEs} puede responder sus preguntas y buscar planes en su área, sin costo alguno.',
        body: [
          'Medicare tiene muchas partes: las Partes A y B, Medicare Advantage, la cobertura de medicamentos recetados, los períodos de inscripción y los beneficios adicionales que cambian según el plan y el código postal. Es normal tener preguntas, y no tiene que resolverlas sin ayuda.',
          'Cuando se comunique con nosotros, {helperEs} le hará algunas preguntas sencillas, como su código postal, si tiene la Parte A y la Parte B de Medicare y si tiene Medicaid, para buscar los planes para los que podría ser elegible.',
          'En la llamada puede averiguar qué cubre un plan, si sus médicos y medicamentos están incluidos y qué beneficios adicionales, como atención dental, de la vista o una asignación para artículos de venta libre, están disponibles donde usted vive. Los beneficios varían según el plan y la ubicación.',
          'La llamada es gratuita y no tiene ninguna obligación de inscribirse. Si decide que un plan es adecuado para usted, en la misma llamada pueden ayudarle con la solicitud.',
        ],
        cta: 'Comenzar ahora',
        destination: '/get-yours-x4c-es',
      },
    },
  },
};
