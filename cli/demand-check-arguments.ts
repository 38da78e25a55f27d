/**
 * The options of `cobrand demand-check [replay]`: read by their definitions
 * (demand-check-command.ts) and by their work (demand-check.ts), which the definitions load only
 * when a command runs.
 */
import type { BrandId } from '../brands/ids.ts';

/** The options of `demand-check`. */
export interface SendOptions {
  brand?: BrandId;
  route?: string;
  zip?: string;
  state?: string;
  afid?: string;
  ip: string;
  hour?: number;
  dryRun?: boolean;
  against?: string;
  json?: boolean;
}

/** The options of `demand-check replay` (--json is the parent's). */
export interface ReplayOptions {
  id?: number;
  last?: number;
  to?: string;
}
