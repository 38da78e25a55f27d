/**
 * A submitted question step's answers as the server judges them, for the no-JavaScript form post
 * and the browser's JSON step submit alike: the step rules the browser checks too
 * (core/funnels/step-validation.ts), then what only the server checks, real phone numbers
 * (leads/phone-check.ts). A refused phone is one more field error, shown at its field.
 */
import { validateStepValues, type StepValidation } from '../../core/funnels/step-validation.ts';
import type { FunnelDefinition, FunnelStep } from '../../core/funnels/types.ts';
import { phoneProblems } from '../leads/phone-check.ts';

/**
 * Checks step `step`'s `values` (lead values by field name): the cleaned values, or a message per
 * refused field. `production` refuses the fictional 555-01xx numbers too.
 * @example
 * checkStepValues(auto, contact, { driver1Email: 'ana@example.com', driver1Phone: '(555) 123-4567' }, false);
 * // { ok: false, errors: { driver1Phone: 'Enter a US or Canadian phone number we can call you at.' } }
 */
export function checkStepValues(funnel: FunnelDefinition, step: FunnelStep, values: Readonly<Record<string, unknown>>, production: boolean): StepValidation {
  const result = validateStepValues(funnel, step, values);
  if (!result.ok) return result;
  const phones = phoneProblems(funnel.product, result.values, funnel.language, { production });
  return phones.length > 0 ? { ok: false, errors: Object.fromEntries(phones.map(({ field, message }) => [field, message])) } : result;
}
