import type { FunnelDefinition } from './types.ts';

export type { FunnelDefinition, FunnelStep, StepField, FieldOption } from './types.ts';

const zipStep = { name: 'zip', title: 'What is your ZIP code?', fields: [{ name: 'zipcode', label: 'ZIP code', kind: 'zip' as const, autoComplete: 'postal-code', required: true }] };

/** Every funnel a route may name in its page `form`. */
export const FUNNELS: Readonly<Record<string, FunnelDefinition>> = {
  medicare: {
    id: 'medicare',
    product: 'medicare',
    version: '1',
    steps: [
      zipStep,
      { name: 'medicare', title: 'Do you have Medicare?', fields: [{ name: 'haveMedicare', label: 'Do you have Medicare Parts A and B?', kind: 'yesno', required: true }] },
      { name: 'medicaid', title: 'Do you have Medicaid?', fields: [{ name: 'haveMedicaid', label: 'Do you have Medicaid?', kind: 'yesno', required: true }] },
      { name: 'call', title: 'Call now', kind: 'call', fields: [] },
    ],
  },
};

/** The funnel a page names, or undefined. */
export function funnelById(id: string): FunnelDefinition | undefined {
  return FUNNELS[id];
}
