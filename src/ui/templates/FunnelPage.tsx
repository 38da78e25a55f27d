import { Funnel } from '../funnel/Funnel.tsx';
import type { TemplateProps } from './types.ts';

/** A stepped funnel page: the current step's form or end screen, progress "Step N of M". */
export function FunnelPage({ payload }: TemplateProps) {
  const { funnel, step } = payload;
  if (!funnel || !step) return null;
  return <Funnel payload={payload} funnel={funnel} step={step} />;
}
