/** Every brand id the product serves (spec §2 "Brand ids"). The registry in `index.ts` must hold exactly these. */
export const BRAND_IDS = ['ac', 'emily', 'mpa', 'm10', 'bh', 'ccc', 'gs', 'tqg', 'ps', 'qs', 'ayb', 'wc', 'bridge', 'sd'] as const;

/** A brand id, as used in route brand lists, campaign-code maps and host lookup. */
export type BrandId = (typeof BRAND_IDS)[number];
