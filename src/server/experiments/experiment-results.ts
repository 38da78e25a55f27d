/**
 * An experiment's results: the store's SQL counts, then the statistics. One function
 * for the control center's API and `cobrand experiments results`.
 */
import type { Experiment } from '../../core/experiments/experiment.ts';
import { buildResults, type ExperimentResults } from '../../core/experiments/results.ts';
import type { Store } from '../platform/store/index.ts';

/** The results of `experiment` as the store counts them now. */
export async function experimentResults(store: Store, experiment: Experiment): Promise<ExperimentResults> {
  return buildResults(experiment, await store.experimentCounts(experiment.branch, experiment.key, experiment.routes, experiment.startedAt ?? undefined));
}
