/** The multi-step funnels (spec §2 "Multi-step form", §4): the registry and its checks. */
import { FUNNELS } from './funnels.ts';
import type { FunnelDefinition } from './types.ts';

export { FUNNELS } from './funnels.ts';
export type { FunnelDefinition } from './types.ts';
export { funnelProblems } from './validate.ts';

/** The funnel a page names in its `form`, or undefined (never an inherited object property). */
export function funnelById(id: string): FunnelDefinition | undefined {
  return Object.hasOwn(FUNNELS, id) ? FUNNELS[id] : undefined;
}
