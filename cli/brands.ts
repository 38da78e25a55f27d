/** `cobrand brands`: what each brand serves. */
import type { Command } from 'commander';
import { BRANDS } from '../brands/index.ts';
import { ROUTES } from '../routes.ts';
import { brandCoverage, COVERAGE_LANGUAGES, COVERAGE_PRODUCTS } from './coverage.ts';
import { formatTable } from './table.ts';

function printCoverage(options: { json?: boolean }): void {
  const rows = brandCoverage(ROUTES, BRANDS);
  if (options.json) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const header = ['BRAND', 'NAME', 'TOTAL', ...COVERAGE_PRODUCTS, ...COVERAGE_LANGUAGES].map((title) => title.toUpperCase());
  console.log(
    formatTable(
      header,
      rows.map((row) => [
        row.brand,
        row.name,
        String(row.total),
        ...COVERAGE_PRODUCTS.map((product) => String(row.byProduct[product])),
        ...COVERAGE_LANGUAGES.map((language) => String(row.byLanguage[language])),
      ]),
    ),
  );
}

/** Registers `brands coverage`. */
export function registerBrandsCommands(program: Command): void {
  const brands = program.command('brands').description('inspect the brands (brands/)');
  brands
    .command('coverage')
    .description('route counts per brand, by product and by language, most routes first')
    .option('--json', 'print a JSON array of {brand, name, total, byProduct, byLanguage}')
    .action(printCoverage);
}
