import type { Ref } from 'react';
import { fillBrandFacts, type BrandFacts } from '../../core/content/brand-view.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import { keepPhonesWhole } from './phone-text.tsx';

/**
 * A question step's title and the line under it, with the brand's facts filled in. The funnel
 * shows it above the step's form; the server renders the same component into a lead's consent
 * document (server/leads/consent-document.tsx), so the proof keeps the question as it is shown.
 */
export function StepHeading({ step, brand, headingRef }: { step: FunnelStep; brand: BrandFacts; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className="funnel-step-title">
        {fillBrandFacts(step.title, brand)}
      </h2>
      {step.description ? <p className="funnel-step-description">{keepPhonesWhole(fillBrandFacts(step.description, brand))}</p> : null}
    </>
  );
}
