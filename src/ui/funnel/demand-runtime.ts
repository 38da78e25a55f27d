/**
 * The latest marketplace demand-check result (spec §4 "Demand check") as the end screens read it:
 * a low bid puts the marketplace's ads before the phone call. src/client provides the
 * real store (src/client/marketplace/demand-check.ts); the server renders with
 * {@link SERVER_DEMAND}, which never has a result, as has the browser until a check answers.
 */
import type { DemandCheckResult } from '../../core/marketplace/responses.ts';

/** The demand-check result as a store for useSyncExternalStore. */
export interface DemandRuntime {
  /** Calls `listener` when a check sets a new result. */
  subscribe: (listener: () => void) => () => void;
  /** The latest result, or undefined while no check succeeded; the same object until a new one. */
  getSnapshot: () => DemandCheckResult | undefined;
}

/** The demand store while rendering on the server: no check has run, so no result. */
export const SERVER_DEMAND: DemandRuntime = {
  subscribe: () => () => undefined,
  getSnapshot: () => undefined,
};
