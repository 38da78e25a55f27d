/**
 * What the server decides in a marketplace payload rather than trusting the browser: the
 * placement id (from config, per product line) and, when the visitor's URL had no afid, the
 * configured affiliate id (spec §7: sub_1 is the URL's afid, else the configured one).
 */
import type { DemandCheckPayload, GetPhonePayload } from '../../core/marketplace/payloads.ts';
import type { ProductLine } from '../../core/marketplace/product-line.ts';
import type { MarketplaceEnv } from './marketplace-env.ts';

/** The variable holding each product line's placement id. */
export const PLACEMENT_VARIABLES = {
  medicare: 'MEDIAALPHA_PLACEMENT_MEDICARE',
  auto: 'MEDIAALPHA_PLACEMENT_AUTO',
  life: 'MEDIAALPHA_PLACEMENT_LIFE',
  health: 'MEDIAALPHA_PLACEMENT_HEALTH',
} as const satisfies Record<ProductLine, keyof MarketplaceEnv>;

/** The configured placement id of a product line, if any. */
export function configuredPlacement(vars: MarketplaceEnv, product: ProductLine): string | undefined {
  return vars[PLACEMENT_VARIABLES[product]];
}

/**
 * `payload` as it goes upstream: placement_id replaced by the product line's configured one
 * (kept as sent when none is configured), and sub_1 plus source[0] set to
 * MEDIAALPHA_AFFILIATE_ID when the browser sent no sub_1.
 */
export function withServerFields<P extends DemandCheckPayload | GetPhonePayload>(payload: P, product: ProductLine, vars: MarketplaceEnv): P {
  const placement = configuredPlacement(vars, product) ?? payload.placement_id;
  const affiliate = vars.MEDIAALPHA_AFFILIATE_ID;
  if (payload.sub_1 !== undefined || affiliate === undefined) return { ...payload, placement_id: placement };
  return { ...payload, placement_id: placement, sub_1: affiliate, source: [affiliate, ...payload.source.slice(1)] };
}
