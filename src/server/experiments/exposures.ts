/**
 * Visitors entering experiments: each stored experimentEntered event (props `name`, the
 * experiment key, and `variant`) becomes an exposure row, the one the results count. Only a
 * running or paused experiment of the event's brand with that variant is recorded, so a stale tab
 * or a hand-made event cannot invent experiments or variants.
 */
import type { ExperimentEnteredProps } from '../../core/tracking/event-props.ts';
import type { NewEvent, NewExposure, Store } from '../platform/store/index.ts';

/** The experiment-entry event (spec §3). */
export const EXPERIMENT_ENTERED_EVENT = 'experimentEntered';

/** Records the exposures among `events` (already stored); returns how many were new. */
export async function recordExposures(store: Store, events: readonly NewEvent[]): Promise<number> {
  const exposures: NewExposure[] = [];
  for (const event of events) {
    if (event.event !== EXPERIMENT_ENTERED_EVENT) continue;
    const { name, variant } = event.properties as Partial<ExperimentEnteredProps>;
    if (typeof name !== 'string' || typeof variant !== 'string') continue;
    const experiment = await store.getExperiment(event.brandId, name);
    if (!experiment || (experiment.status !== 'running' && experiment.status !== 'paused') || !experiment.variants.some((candidate) => candidate.key === variant)) continue;
    exposures.push({ branch: event.brandId, experimentKey: name, variant, anonymousId: event.anonymousId, at: event.receivedAt });
  }
  return store.recordExposures(exposures);
}
