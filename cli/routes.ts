/** `cobrand routes`: list the route table and audit it. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { ROUTES } from '../routes.ts';
import { DEFAULT_LANGUAGE, type Language } from '../src/core/pages/types.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT } from '../src/core/router/audit.ts';
import type { CampaignCodes, RouteDefinition } from '../src/core/router/route.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { formatTable } from './table.ts';

/** One route as `routes list --json` prints it; absent campaign-code maps are null, not missing. */
export interface RouteListing {
  name: string;
  path: string;
  brands: readonly BrandId[];
  language: Language;
  smid: CampaignCodes | null;
  xsmid: CampaignCodes | null;
}

/** The listing of one route. */
export function routeListing(route: RouteDefinition): RouteListing {
  return {
    name: route.name,
    path: route.path,
    brands: route.brands,
    language: route.language ?? DEFAULT_LANGUAGE,
    smid: route.smid ?? null,
    xsmid: route.xsmid ?? null,
  };
}

function listRoutes(options: { brand?: BrandId; json?: boolean }): void {
  const { brand } = options;
  const listings = ROUTES.filter((route) => brand === undefined || route.brands.includes(brand)).map(routeListing);
  if (options.json) {
    console.log(JSON.stringify(listings, null, 2));
    return;
  }
  console.log(
    formatTable(
      ['NAME', 'PATH', 'BRANDS', 'LANGUAGE'],
      listings.map((listing) => [listing.name, listing.path, listing.brands.join(','), listing.language]),
    ),
  );
}

function validateRoutes(): void {
  const problems = auditRoutes(ROUTES, SHIPPED_AUDIT_CONTEXT);
  if (problems.length === 0) {
    const brands = new Set(ROUTES.flatMap((route) => route.brands));
    console.log(`OK: ${ROUTES.length} routes across ${brands.size} brands, no problems`);
    return;
  }
  for (const problem of problems) console.log(`${problem.route}: ${problem.message}`);
  console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${ROUTES.length} routes`);
  process.exitCode = EXIT_CODES.problems;
}

/** Registers `routes list` and `routes validate`. */
export function registerRoutesCommands(program: Command): void {
  const routes = program.command('routes').description('inspect and audit the route table (routes.ts)');
  routes
    .command('list')
    .description('list routes: name, path, brands, language')
    .option('--brand <id>', "only the routes this brand serves", parseWith(brandIdArgument))
    .option('--json', 'print a JSON array of {name, path, brands, language, smid, xsmid}')
    .action(listRoutes);
  routes
    .command('validate')
    .description('check the route table: brands, ambiguous paths, campaign codes, funnels, middleware, patterns')
    .action(validateRoutes);
}
