/**
 * The options of `cobrand funnels report`: read by its definition (funnels-command.ts) and by its
 * work (funnels.ts), which the definition loads only when the command runs.
 */
import type { BrandId } from '../brands/ids.ts';

/** How far back `funnels report` reaches without --since. */
export const DEFAULT_REPORT_SINCE = '7d';

/** The options of `funnels report` (--since already turned into an ISO time). */
export interface FunnelReportOptions {
  brand: BrandId;
  route: string;
  since?: string;
  json?: boolean;
}
