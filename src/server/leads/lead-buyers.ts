/**
 * Which buyer takes each product's leads: auto leads go to the spec's second lead buyer
 * (LEAD_BUYER_URL), life and health leads to a buyer of their own line (LEAD_BUYER_URL_LIFE,
 * LEAD_BUYER_URL_HEALTH), each with its own token. Medicare has no buyer for its leads (spec §8: no
 * schema), which are call-routed, as are those of a line whose buyer is not configured; only a
 * Medicare call-back booked outside working hours goes to the Medicare call-back buyer
 * (LEAD_BUYER_URL_MEDICARE), which calls the visitor at the chosen time.
 */
import type { LeadProduct } from '../../core/leads/product.ts';

/** Where one buyer is and how it is authorised. */
export interface LeadBuyer {
  url: string;
  token?: string;
}

/** The buyers by product; a product without one has no buyer. */
export type LeadBuyers = Readonly<Partial<Record<LeadProduct, LeadBuyer>>>;

/** The variables of each product's buyer. */
export const BUYER_VARIABLES = {
  auto: { url: 'LEAD_BUYER_URL', token: 'LEAD_BUYER_TOKEN' },
  life: { url: 'LEAD_BUYER_URL_LIFE', token: 'LEAD_BUYER_TOKEN_LIFE' },
  health: { url: 'LEAD_BUYER_URL_HEALTH', token: 'LEAD_BUYER_TOKEN_HEALTH' },
  medicare: { url: 'LEAD_BUYER_URL_MEDICARE', token: 'LEAD_BUYER_TOKEN_MEDICARE' },
} as const satisfies Partial<Record<LeadProduct, { url: string; token: string }>>;

/** The buyer variables as the validated environment holds them. */
export type BuyerVariables = { readonly [K in (typeof BUYER_VARIABLES)[keyof typeof BUYER_VARIABLES][keyof LeadBuyer]]?: string | undefined };

/**
 * The configured buyers.
 *
 * @example
 * configuredBuyers({ LEAD_BUYER_URL_LIFE: 'https://life.example/leads' }); // { life: { url: 'https://life.example/leads' } }
 */
export function configuredBuyers(vars: BuyerVariables): LeadBuyers {
  const buyers: Partial<Record<LeadProduct, LeadBuyer>> = {};
  for (const [product, names] of Object.entries(BUYER_VARIABLES) as [keyof typeof BUYER_VARIABLES, (typeof BUYER_VARIABLES)[keyof typeof BUYER_VARIABLES]][]) {
    const url = vars[names.url];
    const token = vars[names.token];
    if (url) buyers[product] = { url, ...(token ? { token } : {}) };
  }
  return buyers;
}
