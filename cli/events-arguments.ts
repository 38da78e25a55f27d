/**
 * The options of `cobrand events tail`: read by its definition (events-command.ts) and by its
 * work (events.ts), which the definition loads only when the command runs.
 */
import type { BrandId } from '../brands/ids.ts';

/** Most events `events tail` shows at once. */
export const MAX_TAIL_LIMIT = 10_000;

/** The options of `events tail`. */
export interface TailOptions {
  brand?: BrandId;
  event?: string;
  limit: number;
  json?: boolean;
  follow?: boolean;
}
