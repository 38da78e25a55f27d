import { useSyncExternalStore } from 'react';
import type { DemandCheckResult } from '../../core/marketplace/responses.ts';
import { useRuntime } from '../runtime.tsx';

const noResult = () => undefined;

/**
 * The latest demand-check result (spec §4), re-rendering when a check answers. Hydration reads the
 * server snapshot (no result), so the first browser render matches the server's HTML.
 */
export function useDemandResult(): DemandCheckResult | undefined {
  const { demand } = useRuntime();
  return useSyncExternalStore(demand.subscribe, demand.getSnapshot, noResult);
}
