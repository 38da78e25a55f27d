/**
 * `cobrand experiments results KEY --brand ID [--json]` (registered in experiments-command.ts):
 * the control center's results panel on the terminal, from the same function
 * (server/experiments/experiment-results.ts). Exit 1 when the branch has no such experiment.
 */
import type { ExperimentResults } from '../src/core/experiments/results.ts';
import { experimentResults } from '../src/server/experiments/experiment-results.ts';
import { withStore, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { formatTable } from './table.ts';

const percent = (value: number | null, digits = 1): string => (value === null ? '-' : `${(value * 100).toFixed(digits)}%`);

/** The results as the terminal shows them: one table of variants, then the check of the split. */
export function resultsText(results: ExperimentResults): string {
  const header = ['variant', 'weight', 'visitors', ...results.steps.map((step) => `step ${step}`), 'leads', 'converted', 'rate', '95% interval', 'chance to beat control'];
  const rows = results.variants.map((variant) => [
    variant.control ? `${variant.key} (control)` : variant.key,
    String(variant.weight),
    String(variant.visitors),
    ...results.steps.map((step) => String(variant.stepSubmissions[step] ?? 0)),
    String(variant.leads),
    String(variant.converted),
    percent(variant.conversionRate),
    variant.interval ? `${percent(variant.interval.low)} - ${percent(variant.interval.high)}` : '-',
    variant.control ? '' : percent(variant.chanceToBeatControl),
  ]);
  const srm = results.srm;
  const check =
    srm === null
      ? 'Sample ratio: no visitors yet'
      : srm.mismatch
        ? `WARNING: sample ratio mismatch (chi-square ${srm.chiSquare.toFixed(2)}, p ${srm.pValue.toExponential(2)} < ${srm.threshold}): the split does not follow the weights; do not trust this result`
        : `Sample ratio: ok (chi-square ${srm.chiSquare.toFixed(2)}, p ${srm.pValue.toFixed(4)})`;
  return `${results.branch} ${results.key} (${results.status})\n${formatTable(header, rows)}\n${check}\n`;
}

/** `experiments results`. */
export async function printResults(io: CliIo, key: string, options: { brand: string; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const experiment = await store.getExperiment(options.brand, key);
    if (!experiment) {
      io.stderr.write(`${options.brand} has no experiment '${key}'\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    const results = await experimentResults(store, experiment);
    io.stdout.write(options.json ? `${JSON.stringify(results, null, 2)}\n` : resultsText(results));
  });
}
