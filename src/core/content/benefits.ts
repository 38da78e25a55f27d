import type { Language } from '../pages/types.ts';

/**
 * Benefit ids a page names (PageConfig.benefits, sent with every tracking event) and how each is
 * shown in the page's benefit list. Labels stay short: they are list items, not promises.
 */
export const BENEFIT_LABELS = {
  otc: { english: 'Over-the-counter (OTC) allowance', spanish: 'Asignación para artículos de venta libre (OTC)' },
  grocery: { english: 'Grocery or healthy food allowance', spanish: 'Asignación para comestibles o alimentos saludables' },
  dental: { english: 'Dental coverage', spanish: 'Cobertura dental' },
  vision: { english: 'Vision exams and eyewear', spanish: 'Exámenes de la vista y anteojos' },
  hearing: { english: 'Hearing exams and hearing aids', spanish: 'Exámenes auditivos y audífonos' },
  giveback: { english: 'Part B premium reduction (giveback)', spanish: 'Reducción de la prima de la Parte B' },
  'low-premium': { english: 'Low or $0 monthly plan premiums', spanish: 'Primas mensuales bajas o de $0' },
  prescription: { english: 'Prescription drug coverage (Part D)', spanish: 'Cobertura de medicamentos recetados (Parte D)' },
  transportation: { english: 'Rides to medical appointments', spanish: 'Transporte a citas médicas' },
  fitness: { english: 'Fitness and gym programs', spanish: 'Programas de ejercicio y gimnasio' },
  utilities: { english: 'Help with utility bills', spanish: 'Ayuda con facturas de servicios públicos' },
  'care-coordination': { english: 'Care coordination for ongoing conditions', spanish: 'Coordinación de la atención para afecciones crónicas' },
  'auto-quotes': { english: 'Quotes from several insurers at once', spanish: 'Cotizaciones de varias aseguradoras a la vez' },
  'auto-discounts': { english: 'Discounts you may qualify for', spanish: 'Descuentos para los que podría calificar' },
  'home-bundle': { english: 'Home and auto bundles', spanish: 'Paquetes de seguro de auto y hogar' },
  'life-coverage': { english: 'Term, whole and final expense life insurance', spanish: 'Seguro de vida a término, permanente y de gastos finales' },
  'health-coverage': { english: 'Individual and family health plans', spanish: 'Planes de salud individuales y familiares' },
} as const satisfies Record<string, Record<Language, string>>;

/** One benefit id. */
export type BenefitId = keyof typeof BENEFIT_LABELS;

/** The label of a benefit id in a language; an unknown id is shown as itself. */
export function benefitLabel(id: string, language: Language): string {
  return (BENEFIT_LABELS as Record<string, Record<Language, string>>)[id]?.[language] ?? id;
}
