/** Copy for the Special Needs Plan themes: chronic conditions (C-SNP) and Medicare with Medicaid (D-SNP). */
import { SSBCI_DISCLAIMER } from '../disclaimers.ts';
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The special-needs themes. */
export const SPECIAL_NEEDS_THEMES: Record<Extract<Theme, 'csnp' | 'dsnp'>, ThemeContent> = {
  csnp: {
    product: 'medicare',
    benefits: ['care-coordination', 'prescription', 'grocery', 'otc'],
    planTypes: ['C-SNP'],
    image: 'care',
    copy: {
      english: {
        title: 'Chronic condition plans',
        description:
          'Chronic Condition Special Needs Plans (C-SNPs) are Medicare Advantage plans built around conditions like diabetes or heart failure. See if you qualify.',
        headline: 'Medicare plans designed around your chronic condition',
        subheadline:
          'If you live with diabetes, heart disease, COPD or another long-term condition, a Chronic Condition Special Needs Plan may fit your care better.',
        body: [
          'A Chronic Condition Special Needs Plan (C-SNP) is a type of Medicare Advantage plan for people with specific severe or disabling chronic conditions, such as diabetes, chronic heart failure, cardiovascular disorders or chronic lung disorders. Each plan lists the conditions it serves.',
          'C-SNPs are built around the care those conditions need. They typically include Part D prescription drug coverage, a provider network with the relevant specialists and a care coordinator who helps you manage appointments, medications and follow-up. Some also offer allowances for healthy food, over-the-counter items or utilities for members who qualify.',
          'To join, you generally need Medicare Part A and Part B, must live in the plan’s service area and must have a qualifying condition, which the plan confirms with your doctor. People who have a qualifying condition can usually join a C-SNP at any time of year.',
          'Not every area has a C-SNP, and benefits vary by plan and location. {Helper} can tell you whether a plan for your condition is available near you and how it compares with other Medicare Advantage plans. Calling is free and there is no obligation to enroll.',
        ],
        cta: 'Check C-SNP options',
        destination: '/get-yours-csnp',
        disclaimers: [SSBCI_DISCLAIMER.english],
      },
      spanish: {
        title: 'Planes para afecciones crónicas',
        description:
          'Los Planes para Necesidades Especiales por Afecciones Crónicas (C-SNP) están diseñados para afecciones como la diabetes. Vea si usted califica.',
        headline: 'Planes de Medicare diseñados para su afección crónica',
        subheadline:
          'Si vive con diabetes, una enfermedad cardíaca, EPOC u otra afección de larga duración, un Plan para Necesidades Especiales por Afecciones Crónicas podría adaptarse mejor a su atención.',
        body: [
          'Un Plan para Necesidades Especiales por Afecciones Crónicas (C-SNP) es un tipo de plan Medicare Advantage para personas con ciertas afecciones crónicas graves o incapacitantes, como diabetes, insuficiencia cardíaca crónica, trastornos cardiovasculares o enfermedades pulmonares crónicas. Cada plan indica las afecciones que atiende.',
          'Los C-SNP se organizan en torno a la atención que requieren esas afecciones. Por lo general incluyen cobertura de medicamentos recetados de la Parte D, una red de proveedores con los especialistas necesarios y un coordinador de atención que le ayuda con sus citas, medicamentos y seguimiento. Algunos también ofrecen asignaciones para alimentos saludables, artículos de venta libre o servicios públicos para los miembros que califican.',
          'Para inscribirse, por lo general debe tener la Parte A y la Parte B de Medicare, vivir en el área de servicio del plan y tener una afección que califique, la cual el plan confirma con su médico. Las personas con una afección que califica normalmente pueden inscribirse en un C-SNP en cualquier momento del año.',
          'No todas las áreas tienen un C-SNP, y los beneficios varían según el plan y la ubicación. {HelperEs} puede decirle si hay un plan para su afección cerca de usted y cómo se compara con otros planes Medicare Advantage. La llamada es gratuita y no tiene ninguna obligación de inscribirse.',
        ],
        cta: 'Ver opciones de C-SNP',
        destination: '/get-yours-csnp-es',
        disclaimers: [SSBCI_DISCLAIMER.spanish],
      },
    },
  },

  dsnp: {
    product: 'medicare',
    benefits: ['otc', 'dental', 'vision', 'transportation', 'grocery', 'care-coordination'],
    planTypes: ['D-SNP'],
    image: 'care',
    copy: {
      english: {
        title: 'Plans for Medicare and Medicaid',
        description:
          'Have both Medicare and Medicaid? Dual Special Needs Plans (D-SNPs) may add extras like an OTC allowance, dental and rides. See plans near you.',
        headline: 'Have Medicare and Medicaid? You may qualify for a D-SNP',
        subheadline: 'Dual Eligible Special Needs Plans coordinate both programs and often add extra benefits. See what is offered where you live.',
        body: [
          'A Dual Eligible Special Needs Plan (D-SNP) is a Medicare Advantage plan for people who have both Medicare and Medicaid. It works alongside your state Medicaid benefits to coordinate your care and, in many cases, keep your out-of-pocket costs low.',
          'Many D-SNPs include Part D prescription drug coverage and extras such as an allowance for over-the-counter health items, dental, vision and hearing coverage, transportation to medical appointments and, for members who qualify, help paying for healthy food or utilities.',
          'To join, you need Medicare Part A and Part B, must live in the plan’s service area and must have Medicaid. Some plans accept only certain levels of Medicaid coverage, which are set by your state. People with both Medicare and Medicaid may also have more chances during the year to change plans than other Medicare members.',
          'Benefits and allowance amounts vary by plan and state and are not guaranteed. {Helper} can check which D-SNPs are available in your ZIP code, confirm they work with your Medicaid and compare their extras. Calling is free and there is no obligation to enroll.',
        ],
        cta: 'Check D-SNP plans',
        destination: '/shop-4-dsnp-otc',
        disclaimers: [SSBCI_DISCLAIMER.english],
      },
    },
  },
};
