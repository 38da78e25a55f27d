/**
 * The funnels a route can name in its page `form` (routes.ts): lists of step-library steps.
 * Each Spanish funnel is its English funnel localised, so the two always ask the same questions.
 */
import type { LeadLanguage } from '../leads/localized.ts';
import type { LeadProduct } from '../leads/product.ts';
import { CAPTURE_LEAD_ACTION } from './actions.ts';
import { localizeStep } from './localize.ts';
import { isPathAnswer } from './path-answers.ts';
import {
  ADDRESS_STEP,
  ADS_STEP,
  AGE_RANGE_STEP,
  AUTO_RESULT_STEP,
  CALL_STEP,
  CONTACT_STEP,
  COVERAGE_AMOUNT_STEP,
  CURRENTLY_INSURED_STEP,
  DRIVER_STEPS,
  HAVE_MEDICAID_STEP,
  HAVE_MEDICARE_STEP,
  HEALTH_CALL_STEP,
  HEALTH_INSURANCE_STEP,
  HOMEOWNER_STEP,
  HOUSEHOLD_INCOME_STEP,
  HOUSEHOLD_STEP,
  LIFE_CALL_STEP,
  PERSON_CONTACT_STEP,
  PERSON_NAME_STEP,
  TOBACCO_STEP,
  VEHICLE_STEPS,
  zipStep,
  type StepTemplate,
} from './step-library.ts';
import type { FunnelDefinition, FunnelStep, VehicleModelCatalog } from './types.ts';
import { VEHICLE_CATALOG } from './vehicles/catalog.ts';

/** Suffix of a Spanish funnel's id, as routes.ts names them ('medicare' -> 'medicare-es'). */
export const SPANISH_FUNNEL_SUFFIX = '-es';

interface FunnelTemplate {
  id: string;
  product: LeadProduct;
  version: string;
  steps: readonly StepTemplate[];
  /** Also offered in Spanish as `{id}-es`. */
  spanish: boolean;
  /** The models its vehicle model lists read (FunnelDefinition.vehicleModels). */
  vehicleModels?: VehicleModelCatalog;
}

const MEDICARE_QUESTIONS = [zipStep('medicare'), HAVE_MEDICARE_STEP, HAVE_MEDICAID_STEP];

const TEMPLATES: readonly FunnelTemplate[] = [
  { id: 'medicare', product: 'medicare', version: '1', spanish: true, steps: [...MEDICARE_QUESTIONS, CALL_STEP] },
  // The Medicare questions, then marketplace ads instead of the call screen.
  { id: 'ads', product: 'medicare', version: '1', spanish: true, steps: [...MEDICARE_QUESTIONS, ADS_STEP] },
  // The short call-now funnel: ZIP, then straight to the phone number.
  { id: 'medicare-call', product: 'medicare', version: '1', spanish: true, steps: [zipStep('medicare'), CALL_STEP] },
  // One topic and at most three fields per screen, vehicles chosen from lists (version 2);
  // every driver's credit rating, SR-22 filing and military service asked again (version 3);
  // twelve screens for one car and one driver (version 4): follow-up questions on the screen of
  // the answer they follow, a vehicle on one screen, a driver's choices on three, and one-tap
  // "another vehicle?" / "anyone else drive?" questions before any second vehicle's or driver's.
  {
    id: 'auto',
    product: 'auto',
    version: '4',
    spanish: true,
    steps: [
      zipStep('auto'),
      CURRENTLY_INSURED_STEP,
          HOMEOWNER_STEP,
          ...VEHICLE_STEPS,
      ...DRIVER_STEPS,
      ADDRESS_STEP,
      CONTACT_STEP,
      AUTO_RESULT_STEP,
    ],
    vehicleModels: VEHICLE_CATALOG,
  },
  // Life insurance, final expense first: never a Medicare question.
  // Version 2: the name apart from the contact details (one topic per screen).
  {
    id: 'life',
    product: 'life',
    version: '2',
    spanish: true,
    steps: [zipStep('life'), AGE_RANGE_STEP, COVERAGE_AMOUNT_STEP, TOBACCO_STEP, PERSON_NAME_STEP, PERSON_CONTACT_STEP, LIFE_CALL_STEP],
  },
  // Individual and family health insurance. Version 2 as life's.
  {
    id: 'health',
    product: 'health',
    version: '2',
    spanish: true,
    steps: [zipStep('health'), AGE_RANGE_STEP, HOUSEHOLD_STEP, HOUSEHOLD_INCOME_STEP, HEALTH_INSURANCE_STEP, PERSON_NAME_STEP, PERSON_CONTACT_STEP, HEALTH_CALL_STEP],
  },
];

/** The steps with the last question step capturing the lead on submit. */
function withLeadCapture(steps: readonly StepTemplate[]): StepTemplate[] {
  const last = steps.findLastIndex((step) => step.kind === 'form');
  return steps.map((step, index) => (index === last ? { ...step, onSubmit: CAPTURE_LEAD_ACTION } : step));
}

/**
 * The steps with the {@link FunnelStep.skipEmpties} of each skippable step and each step asking a
 * path answer: the fields of every later step whose condition reads a field it empties, and so on
 * down the line (a no to "anyone else drive?" empties driver 2's answers and all of driver 3).
 */
function withSkipDependents(steps: FunnelStep[]): FunnelStep[] {
  return steps.map((step, index) => {
    if (!step.skippable && !step.fields.some((field) => isPathAnswer(field.name))) return step;
    const emptied = new Set(step.fields.map((field) => field.name));
    const dependents: string[] = [];
    for (const later of steps.slice(index + 1)) {
      if (!later.onlyIf || !emptied.has(later.onlyIf.field)) continue;
      for (const field of later.fields) {
        emptied.add(field.name);
        dependents.push(field.name);
      }
    }
    return dependents.length > 0 ? { ...step, skipEmpties: dependents } : step;
  });
}

function build(template: FunnelTemplate, language: LeadLanguage): FunnelDefinition {
  return {
    id: language === 'es' ? `${template.id}${SPANISH_FUNNEL_SUFFIX}` : template.id,
    product: template.product,
    language,
    version: template.version,
    steps: withSkipDependents(withLeadCapture(template.steps).map((step) => localizeStep(step, language))),
    ...(template.vehicleModels ? { vehicleModels: template.vehicleModels } : {}),
  };
}

/** Every funnel, English and Spanish, by id. */
export const FUNNELS: Readonly<Record<string, FunnelDefinition>> = Object.fromEntries(
  TEMPLATES.flatMap((template) => [build(template, 'en'), ...(template.spanish ? [build(template, 'es')] : [])]).map((funnel) => [funnel.id, funnel]),
);
