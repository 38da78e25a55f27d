/**
 * The funnels a route can name in its page `form` (routes.ts): lists of step-library steps.
 * Each Spanish funnel is its English funnel localised, so the two always ask the same questions.
 */
import type { LeadLanguage } from '../leads/localized.ts';
import type { LeadProduct } from '../leads/product.ts';
import { CAPTURE_LEAD_ACTION } from './actions.ts';
import { localizeStep } from './localize.ts';
import {
  ADS_STEP,
  AGE_RANGE_STEP,
  AUTO_RESULT_STEP,
  CALL_STEP,
  CONTACT_STEP,
  COVERAGE_AMOUNT_STEP,
  CURRENT_COMPANY_STEP,
  CURRENTLY_INSURED_STEP,
  DRIVER_STEPS,
  HAVE_MEDICAID_STEP,
  HAVE_MEDICARE_STEP,
  HEALTH_CALL_STEP,
  HEALTH_INSURANCE_STEP,
  HOME_INSURANCE_STEP,
  HOMEOWNER_STEP,
  HOUSEHOLD_INCOME_STEP,
  HOUSEHOLD_STEP,
  LIFE_CALL_STEP,
  PERSON_CONTACT_STEP,
  TOBACCO_STEP,
  VEHICLE_STEPS,
  zipStep,
  type StepTemplate,
} from './step-library.ts';
import type { FunnelDefinition } from './types.ts';

/** Suffix of a Spanish funnel's id, as routes.ts names them ('medicare' -> 'medicare-es'). */
export const SPANISH_FUNNEL_SUFFIX = '-es';

interface FunnelTemplate {
  id: string;
  product: LeadProduct;
  version: string;
  steps: readonly StepTemplate[];
  /** Also offered in Spanish as `{id}-es`. */
  spanish: boolean;
}

const MEDICARE_QUESTIONS = [zipStep('medicare'), HAVE_MEDICARE_STEP, HAVE_MEDICAID_STEP];

const TEMPLATES: readonly FunnelTemplate[] = [
  { id: 'medicare', product: 'medicare', version: '1', spanish: true, steps: [...MEDICARE_QUESTIONS, CALL_STEP] },
  // The Medicare questions, then marketplace ads instead of the call screen.
  { id: 'ads', product: 'medicare', version: '1', spanish: true, steps: [...MEDICARE_QUESTIONS, ADS_STEP] },
  // The short call-now funnel: ZIP, then straight to the phone number.
  { id: 'medicare-call', product: 'medicare', version: '1', spanish: true, steps: [zipStep('medicare'), CALL_STEP] },
  {
    id: 'auto',
    product: 'auto',
    version: '1',
    spanish: false,
    steps: [
      zipStep('auto'),
      CURRENTLY_INSURED_STEP,
      CURRENT_COMPANY_STEP,
      HOMEOWNER_STEP,
      HOME_INSURANCE_STEP,
      ...VEHICLE_STEPS,
      ...DRIVER_STEPS,
      CONTACT_STEP,
      AUTO_RESULT_STEP,
    ],
  },
  // Life insurance, final expense first (issue 8): never a Medicare question. No Spanish route runs it yet.
  {
    id: 'life',
    product: 'life',
    version: '1',
    spanish: false,
    steps: [zipStep('life'), AGE_RANGE_STEP, COVERAGE_AMOUNT_STEP, TOBACCO_STEP, PERSON_CONTACT_STEP, LIFE_CALL_STEP],
  },
  // Individual and family health insurance (issue 8). No Spanish route runs it yet.
  {
    id: 'health',
    product: 'health',
    version: '1',
    spanish: false,
    steps: [zipStep('health'), AGE_RANGE_STEP, HOUSEHOLD_STEP, HOUSEHOLD_INCOME_STEP, HEALTH_INSURANCE_STEP, PERSON_CONTACT_STEP, HEALTH_CALL_STEP],
  },
];

/** The steps with the last question step capturing the lead on submit (issue 8). */
function withLeadCapture(steps: readonly StepTemplate[]): StepTemplate[] {
  const last = steps.findLastIndex((step) => step.kind === 'form');
  return steps.map((step, index) => (index === last ? { ...step, onSubmit: CAPTURE_LEAD_ACTION } : step));
}

function build(template: FunnelTemplate, language: LeadLanguage): FunnelDefinition {
  return {
    id: language === 'es' ? `${template.id}${SPANISH_FUNNEL_SUFFIX}` : template.id,
    product: template.product,
    language,
    version: template.version,
    steps: withLeadCapture(template.steps).map((step) => localizeStep(step, language)),
  };
}

/** Every funnel, English and Spanish, by id. */
export const FUNNELS: Readonly<Record<string, FunnelDefinition>> = Object.fromEntries(
  TEMPLATES.flatMap((template) => [build(template, 'en'), ...(template.spanish ? [build(template, 'es')] : [])]).map((funnel) => [funnel.id, funnel]),
);
