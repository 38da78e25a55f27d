/**
 * The consent disclosure of the call-back form (ui/funnel/CallbackForm.tsx): the contact step's
 * words (core/leads/consent.ts), naming the call-back form's own button, shown above it. The
 * browser renders it and the server rebuilds it with this one function to check the proof.
 */
import { consentDisclosure, consentText, type ConsentBrand } from '../leads/consent.ts';
import type { LeadLanguage, LocalizedText } from '../leads/localized.ts';
import type { StepConsent } from './consent.ts';

/** The call-back form's button, which its disclosure names. */
export const CALLBACK_BUTTON_LABEL: LocalizedText = {
  en: 'Schedule my call',
  es: 'Programar mi llamada',
};

/**
 * The call-back form's disclosure for `brand` in `language`.
 * @example
 * callbackConsent(brand, 'en').buttonLabel; // 'Schedule my call'
 */
export function callbackConsent(brand: ConsentBrand, language: LeadLanguage): StepConsent {
  const buttonLabel = CALLBACK_BUTTON_LABEL[language];
  const segments = consentDisclosure(brand, language, buttonLabel);
  return { segments, text: consentText(segments), buttonLabel };
}
