/**
 * The options of `cobrand lead map`: read by its definition (lead-command.ts) and by its work
 * (lead.ts), which the definition loads only when the command runs.
 */
import type { LeadProduct } from '../src/core/leads/product.ts';

/** The providers a lead can be mapped for. */
export const LEAD_PROVIDERS = ['marketplace', 'lead-buyer'] as const;

/** A provider a lead can be mapped for. */
export type LeadProvider = (typeof LEAD_PROVIDERS)[number];

/** The options of `lead map`. */
export interface LeadMapOptions {
  provider: LeadProvider;
  product: LeadProduct;
  strict?: boolean;
}
