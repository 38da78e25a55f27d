/** `cobrand brands coverage` (registered in brands-command.ts): what each brand serves. */
import { BRANDS } from '../brands/index.ts';
import { ROUTES } from '../routes.ts';
import { print, type CliIo } from './cli-io.ts';
import { brandCoverage, COVERAGE_LANGUAGES, COVERAGE_PRODUCTS } from './coverage.ts';
import { formatTable } from './table.ts';

/** `brands coverage`. */
export function printCoverage(io: CliIo, options: { json?: boolean }): void {
  const rows = brandCoverage(ROUTES, BRANDS);
  if (options.json) {
    print(io.stdout, JSON.stringify(rows, null, 2));
    return;
  }
  const header = ['BRAND', 'NAME', 'TOTAL', ...COVERAGE_PRODUCTS, ...COVERAGE_LANGUAGES].map((title) => title.toUpperCase());
  print(
    io.stdout,
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
