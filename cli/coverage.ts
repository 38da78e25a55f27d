/** Route coverage per brand: how many routes each brand serves, split by product and language. */
import type { BrandId } from '../brands/ids.ts';
import type { Brand, Product } from '../brands/types.ts';
import { DEFAULT_LANGUAGE, type Language } from '../src/core/pages/types.ts';
import type { RouteDefinition } from '../src/core/router/route.ts';

/** A page's product, or 'none' for pages that sell nothing (legal, control center, test). */
export type CoverageProduct = Product | 'none';

/** One brand's coverage, as `brands coverage --json` prints it. */
export interface BrandCoverage {
  brand: BrandId;
  name: string;
  total: number;
  byProduct: Record<CoverageProduct, number>;
  byLanguage: Record<Language, number>;
}

// Typed as full records so adding a product or language to the types fails here until counted;
// their key order is also the column order of the table.
const zeroByProduct = (): Record<CoverageProduct, number> => ({ medicare: 0, auto: 0, health: 0, life: 0, none: 0 });
const zeroByLanguage = (): Record<Language, number> => ({ english: 0, spanish: 0 });

/** Product columns in table order. */
export const COVERAGE_PRODUCTS = Object.keys(zeroByProduct()) as CoverageProduct[];
/** Language columns in table order. */
export const COVERAGE_LANGUAGES = Object.keys(zeroByLanguage()) as Language[];

/** Counts every brand's routes; most routes first, ties in registry order. Brands serving nothing are kept (total 0). */
export function brandCoverage(routes: readonly RouteDefinition[], brands: readonly Brand[]): BrandCoverage[] {
  const rows = brands.map((brand) => {
    const row: BrandCoverage = { brand: brand.id, name: brand.name, total: 0, byProduct: zeroByProduct(), byLanguage: zeroByLanguage() };
    for (const route of routes) {
      if (!route.brands.includes(brand.id)) continue;
      row.total++;
      row.byProduct[route.page.product ?? 'none']++;
      row.byLanguage[route.language ?? DEFAULT_LANGUAGE]++;
    }
    return row;
  });
  // Array.prototype.sort is stable, so equal totals keep registry order.
  return rows.sort((a, b) => b.total - a.total);
}
