/**
 * `cobrand funnels report` (registered in funnels-command.ts): the funnel report the control
 * center shows (funnel-report.ts), read from the store the server writes to.
 */
import { brandById } from '../brands/index.ts';
import type { FunnelStepReport } from '../src/core/contract/cc-funnels.ts';
import { buildFunnelReport, funnelPagesOf } from '../src/server/control-center/funnels/funnel-report.ts';
import { print, withStore, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { DEFAULT_REPORT_SINCE, type FunnelReportOptions } from './funnels-arguments.ts';
import { sinceTime } from './leads-arguments.ts';
import { formatTable } from './table.ts';

const STEP_HEADER = ['STEP', 'SAW', 'SUBMITTED', 'DROP-OFF', 'DROP-OFF %'];

/** A drop-off rate as a percentage with one decimal, or '-' when nobody saw the step. */
const percent = (rate: number | null): string => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

function stepRows(steps: readonly FunnelStepReport[]): string[][] {
  return steps.map((step) => [step.step, String(step.viewed), String(step.submitted), String(step.dropOff), percent(step.dropOffRate)]);
}

/** `funnels report`. */
export async function funnelReport(io: CliIo, options: FunnelReportOptions): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the --brand argument's parser accepts known brand ids only
  const brand = brandById(options.brand)!;
  const pages = funnelPagesOf(brand);
  const page = pages.find((candidate) => candidate.route === options.route);
  if (!page) {
    io.stderr.write(`--route '${options.route}' is not a funnel page of ${brand.id} (its funnel pages: ${pages.map((known) => known.route).join(', ') || 'none'})\n`);
    io.setExitCode(EXIT_CODES.usage);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- DEFAULT_REPORT_SINCE is a duration (digits and d, h or m), which sinceTime always reads
  const since = options.since ?? sinceTime(DEFAULT_REPORT_SINCE)!;
  await withStore(io, async (store) => {
    const report = await buildFunnelReport(store, brand, page, since, new Date().toISOString());
    if (options.json) {
      print(io.stdout, JSON.stringify(report, null, 2));
      return;
    }
    const sections = [`${brand.id} ${page.route} (${page.path}, funnel ${page.funnel}) from ${report.since} to ${report.until}`, '', formatTable(STEP_HEADER, stepRows(report.steps))];
    for (const segment of report.segments) {
      sections.push('', `${segment.deviceType ?? 'unknown device'}, ${segment.paid ? 'paid' : 'not paid'}`, formatTable(STEP_HEADER, stepRows(segment.steps)));
    }
    sections.push('', `Leads: ${report.leads}`);
    print(io.stdout, ...sections);
  });
}
