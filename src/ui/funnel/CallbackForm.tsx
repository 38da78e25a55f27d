import { useId } from 'react';
import type { BrandFacts } from '../../core/content/brand-view.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { LeadProduct } from '../../core/leads/product.ts';

/** Props of {@link CallbackForm}. */
export interface CallbackFormProps {
  funnelId: string;
  product: LeadProduct;
  language: LeadLanguage;
  brand: BrandFacts;
  /** The visitor's IANA time zone. */
  timeZone: string;
}

const HEADING: Readonly<Record<LeadLanguage, string>> = { en: 'Schedule a free call back', es: 'Programe una llamada gratuita' };

/**
 * The call-back request an end screen offers when nobody can answer now. A placeholder with the
 * real form's export, props and section, so the end screen can place it and its tests can measure
 * where it stands; the call-back task replaces this file with the form and its endpoint.
 */
export function CallbackForm({ language }: CallbackFormProps) {
  const heading = useId();
  return (
    <section className="funnel-callback" data-end-block="callback" aria-labelledby={heading}>
      <h3 id={heading}>{HEADING[language]}</h3>
    </section>
  );
}
