import { Funnel } from '../funnel/Funnel.tsx';
import { ReviewStrip } from '../trust/ReviewStrip.tsx';
import { TrustStrip } from '../trust/TrustStrip.tsx';
import type { TemplateProps } from './types.ts';

/**
 * A stepped funnel page: the current step's form or end screen, progress "Step N of M", and the
 * trust strip and the review strip below it, never above the question (the first screen holds the question, its
 * answers and the button).
 */
export function FunnelPage({ payload }: TemplateProps) {
  const { funnel, step } = payload;
  if (!funnel || !step) return null;
  return (
    <>
      <Funnel payload={payload} funnel={funnel} step={step} />
      <TrustStrip brand={payload.brand} product={payload.page.product ?? funnel.product} language={payload.route.language} />
      <ReviewStrip reviews={payload.reviews} language={payload.route.language} />
    </>
  );
}
