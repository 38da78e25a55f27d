/**
 * Which step of a funnel carries the consent disclosure, and the disclosure it shows
 * (leads/consent.ts). The browser renders it and sends its text with the lead; the server rebuilds it
 * with the same function to check what the visitor was shown.
 */
import { consentDisclosure, consentText, stepNeedsConsent, type ConsentBrand, type ConsentSegment } from '../leads/consent.ts';
import type { FunnelDefinition, FunnelStep } from './types.ts';

/** The disclosure of one step: what to render, its plain text, and the button it names. */
export interface StepConsent {
  segments: ConsentSegment[];
  text: string;
  buttonLabel: string;
}

/** True when `step` asks for a phone number or an email address. */
export function isConsentStep(step: FunnelStep): boolean {
  return step.kind === 'form' && stepNeedsConsent(step.fields.map((field) => field.kind));
}

/**
 * The disclosure `step` shows above its button, or undefined when it collects no phone or email.
 * @throws when a consent step has no submit label: the disclosure must name the button.
 */
export function stepConsent(step: FunnelStep, brand: ConsentBrand, language: FunnelDefinition['language']): StepConsent | undefined {
  if (!isConsentStep(step)) return undefined;
  if (!step.submitLabel) throw new Error(`step '${step.name}' collects a phone or email but has no submitLabel for its consent disclosure to name`);
  const segments = consentDisclosure(brand, language, step.submitLabel);
  return { segments, text: consentText(segments), buttonLabel: step.submitLabel };
}

/** The disclosure of the funnel's consent step (the first step asking for a phone or email), if any. */
export function funnelConsent(funnel: FunnelDefinition, brand: ConsentBrand): StepConsent | undefined {
  const step = funnel.steps.find(isConsentStep);
  return step ? stepConsent(step, brand, funnel.language) : undefined;
}
