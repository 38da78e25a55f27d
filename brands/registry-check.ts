import { BRAND_IDS } from './ids.ts';
import type { Brand } from './types.ts';

/**
 * Ensures `brands` holds exactly one brand per id of {@link BRAND_IDS}, in that order, so a
 * forgotten, duplicated or mislabelled brand module fails at start-up instead of on some request.
 *
 * @throws Error listing the missing, unexpected and duplicated ids, or the first out-of-order position.
 */
export function assertBrandsMatchIds(brands: readonly Brand[]): void {
  const ids: readonly string[] = brands.map((brand) => brand.id);
  const expected: readonly string[] = BRAND_IDS;
  const missing = expected.filter((id) => !ids.includes(id));
  const unexpected = ids.filter((id) => !expected.includes(id));
  const duplicated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];

  const problems: string[] = [];
  if (missing.length > 0) problems.push(`missing: ${missing.join(', ')}`);
  if (unexpected.length > 0) problems.push(`not in BRAND_IDS: ${unexpected.join(', ')}`);
  if (duplicated.length > 0) problems.push(`listed more than once: ${duplicated.join(', ')}`);
  if (problems.length === 0) {
    const position = ids.findIndex((id, index) => id !== expected[index]);
    if (position !== -1) problems.push(`out of order at position ${position}: ${ids[position]} where ${expected[position]} belongs`);
  }
  if (problems.length > 0) {
    throw new Error(`Brand registry must hold exactly BRAND_IDS in order; ${problems.join('; ')}`);
  }
}
