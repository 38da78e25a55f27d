/*
 * The carriers brands name on their home and funnel pages as trust signals, one list per
 * product line, shared by the brands of that line as the agency facts are (agency.ts). Names are
 * the ones the site's other content already uses, so a visitor meets the same carriers in the
 * trust strip, the reviews, the ads and the funnel's company list:
 * - Medicare: the five carriers with a review page on ac (src/core/content/copy/reviews.ts);
 * - auto: insurers of the funnel's current-company list (src/core/leads/carriers.ts) that the ads name;
 * - health: carriers the reviews name that sell individual and family plans, and Centene's
 *   (Wellcare's parent) Marketplace plans;
 * - life: no content names a life carrier yet, so these are large carriers selling term, whole
 *   and final expense policies through independent agencies.
 * test/unit/trust.test.ts checks the Medicare and auto names against that content, and each
 * review path against the routes the brand serves (the paths are spelled here, not built with
 * core's href: brands import nothing from src/, and core reads brands).
 */
import type { BrandCarrier } from './types.ts';

/** Medicare Advantage carriers, without links: for brands whose site has no review pages. */
export const MEDICARE_CARRIERS: readonly BrandCarrier[] = [
  { name: 'Aetna' },
  { name: 'Cigna' },
  { name: 'Humana' },
  { name: 'UnitedHealthcare' },
  { name: 'Wellcare' },
];

/** The same carriers, each linked to its review on the site that serves the reviews (ac). */
export const MEDICARE_CARRIERS_REVIEWED: readonly BrandCarrier[] = [
  { name: 'Aetna', review: '/reviews/aetna' },
  { name: 'Cigna', review: '/reviews/cigna' },
  { name: 'Humana', review: '/reviews/humana' },
  { name: 'UnitedHealthcare', review: '/reviews/unitedhealthcare' },
  { name: 'Wellcare', review: '/reviews/wellcare' },
];

/** Auto insurers. */
export const AUTO_CARRIERS: readonly BrandCarrier[] = [{ name: 'Allstate' }, { name: 'GEICO' }, { name: 'Liberty Mutual' }, { name: 'Progressive' }, { name: 'State Farm' }];

/** Individual and family health insurers. */
export const HEALTH_CARRIERS: readonly BrandCarrier[] = [{ name: 'Ambetter' }, { name: 'Blue Cross Blue Shield' }, { name: 'Cigna' }, { name: 'UnitedHealthcare' }];

/** Life insurers. */
export const LIFE_CARRIERS: readonly BrandCarrier[] = [{ name: 'Corebridge Financial' }, { name: 'Lincoln Financial' }, { name: 'Mutual of Omaha' }, { name: 'Transamerica' }];
