/** Copy for the life-insurance and health-insurance themes. */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The life and health themes. */
export const LIFE_HEALTH_THEMES: Record<Extract<Theme, 'life' | 'health'>, ThemeContent> = {
  life: {
    product: 'life',
    benefits: ['life-coverage'],
    planTypes: ['Term life', 'Whole life', 'Final expense'],
    image: 'life',
    copy: {
      english: {
        title: 'Life insurance',
        description:
          'Compare term, whole and final expense life insurance to protect the people you love. Free, no-obligation help by phone.',
        headline: 'Protect the people you love with the right life insurance',
        subheadline:
          'Whether you want to cover a mortgage, replace income or pay final expenses, {helper} can help you compare your options.',
        body: [
          'Life insurance pays money to the people you choose when you pass away. It can help your family pay off debts, cover everyday bills, or take care of funeral and burial costs so they are not left with the expense.',
          'Term life insurance covers you for a set number of years and usually costs the least. Whole life insurance lasts for your lifetime and builds cash value. Final expense insurance is a smaller whole life policy, often chosen by older adults, designed to cover funeral costs and final bills.',
          'Your price depends on your age, health, the amount of coverage and the type of policy. Some policies ask health questions or require a medical exam; others, sometimes called guaranteed acceptance policies, skip health questions but may pay a limited benefit during the first years.',
          '{Helper} can explain the differences, help you decide how much coverage makes sense and compare policies from several insurers. The call is free and there is no obligation to buy.',
        ],
        cta: 'Compare life insurance',
        destination: '/go-4-life',
      },
      spanish: {
        title: 'Seguro de vida',
        description:
          'Compare seguros de vida a término, de vida entera y de gastos finales para proteger a sus seres queridos. Ayuda gratuita por teléfono, sin compromiso.',
        headline: 'Proteja a sus seres queridos con el seguro de vida adecuado',
        subheadline:
          'Ya sea para cubrir una hipoteca, reemplazar ingresos o pagar los gastos finales, {helperEs} puede ayudarle a comparar sus opciones.',
        body: [
          'El seguro de vida paga dinero a las personas que usted elija cuando usted fallezca. Puede ayudar a su familia a pagar deudas, cubrir las cuentas de todos los días o hacerse cargo de los gastos del funeral y el entierro, para que no queden a su cargo.',
          'El seguro de vida a término le cubre durante un número fijo de años y por lo general es el más económico. El seguro de vida entera dura toda su vida y acumula un valor en efectivo. El seguro de gastos finales es una póliza de vida entera más pequeña, elegida a menudo por adultos mayores, pensada para cubrir los gastos del funeral y las últimas cuentas.',
          'Su precio depende de su edad, su salud, el monto de la cobertura y el tipo de póliza. Algunas pólizas hacen preguntas de salud o piden un examen médico; otras, a veces llamadas de aceptación garantizada, no hacen preguntas de salud pero pueden pagar un beneficio limitado durante los primeros años.',
          '{HelperEs} puede explicarle las diferencias, ayudarle a decidir cuánta cobertura tiene sentido y comparar pólizas de varias aseguradoras. La llamada es gratuita y no tiene ninguna obligación de comprar.',
        ],
        cta: 'Comparar seguros de vida',
        destination: '/go-4-life-es',
      },
    },
  },

  health: {
    product: 'health',
    benefits: ['health-coverage', 'prescription'],
    planTypes: ['Bronze', 'Silver', 'Gold', 'HMO', 'PPO', 'EPO'],
    image: 'care',
    copy: {
      english: {
        title: 'Health insurance',
        description:
          'Compare individual and family health insurance plans, including Marketplace plans that may qualify for savings based on your income.',
        headline: 'Find a health plan that fits your needs and budget',
        subheadline: 'Compare individual and family health insurance options with free help from {helper}.',
        body: [
          'If you do not get health coverage through work, Medicare or Medicaid, you can buy an individual or family health plan. Plans sold through the Health Insurance Marketplace cover essential health benefits such as doctor visits, hospital care, prescriptions and preventive care, and cannot turn you down because of a pre-existing condition.',
          'Depending on your household income, you may qualify for a premium tax credit that lowers your monthly premium, and some people also qualify for lower deductibles and copays. What you pay depends on where you live, your age, your household size and the plan you choose.',
          'You can enroll during Open Enrollment, which in most states runs from November 1 to January 15, or at other times if you have a qualifying life event such as losing other coverage, moving, getting married or having a baby.',
          '{Helper} can compare plans and networks in your area, check whether your doctors and prescriptions are covered and help you apply. If you have Medicare or will soon, ask about Medicare options instead. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Compare health plans',
        destination: '/go-4-health',
      },
      spanish: {
        title: 'Seguro médico',
        description:
          'Compare planes de seguro médico individuales y familiares, incluidos los planes del Mercado que podrían darle ahorros según sus ingresos.',
        headline: 'Encuentre un plan médico que se ajuste a sus necesidades y a su presupuesto',
        subheadline: 'Compare opciones de seguro médico individual y familiar con la ayuda gratuita de {helperEs}.',
        body: [
          'Si no recibe cobertura médica por su trabajo, Medicare o Medicaid, puede comprar un plan médico individual o familiar. Los planes que se venden en el Mercado de Seguros Médicos cubren los beneficios de salud esenciales, como visitas al médico, atención en el hospital, medicamentos recetados y atención preventiva, y no pueden rechazarle por una afección preexistente.',
          'Según los ingresos de su hogar, podría calificar para un crédito tributario que reduce su prima mensual, y algunas personas también califican para deducibles y copagos más bajos. Lo que paga depende de dónde vive, su edad, el tamaño de su hogar y el plan que elija.',
          'Puede inscribirse durante la Inscripción Abierta, que en la mayoría de los estados va del 1 de noviembre al 15 de enero, o en otros momentos si tiene un evento de vida que califique, como perder otra cobertura, mudarse, casarse o tener un bebé.',
          '{HelperEs} puede comparar los planes y las redes de su zona, verificar si sus médicos y medicamentos están cubiertos y ayudarle a presentar la solicitud. Si tiene Medicare o lo tendrá pronto, pregunte por las opciones de Medicare. La llamada es gratuita y no tiene ninguna obligación de inscribirse.',
        ],
        cta: 'Comparar planes médicos',
        destination: '/go-4-health-es',
      },
    },
  },
};
