/** `cobrand routes`: list the route table and audit it (registered in routes-command.ts). */
import type { BrandId } from '../brands/ids.ts';
import { ROUTES } from '../routes.ts';
import { DEFAULT_LANGUAGE, type Language } from '../src/core/pages/types.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT } from '../src/core/router/audit.ts';
import type { CampaignCodes, RouteDefinition } from '../src/core/router/route.ts';
import { print, type CliIo } from './cli-io.ts';
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

/** `routes list`. */
export function listRoutes(io: CliIo, options: { brand?: BrandId; json?: boolean }): void {
  const { brand } = options;
  const listings = ROUTES.filter((route) => brand === undefined || route.brands.includes(brand)).map(routeListing);
  if (options.json) {
    print(io.stdout, JSON.stringify(listings, null, 2));
    return;
  }
  print(
    io.stdout,
    formatTable(
      ['NAME', 'PATH', 'BRANDS', 'LANGUAGE'],
      listings.map((listing) => [listing.name, listing.path, listing.brands.join(','), listing.language]),
    ),
  );
}

/** `routes validate`: exit 1 when the audit finds problems. */
export function validateRoutes(io: CliIo): void {
  const problems = auditRoutes(ROUTES, SHIPPED_AUDIT_CONTEXT);
  if (problems.length === 0) {
    const brands = new Set(ROUTES.flatMap((route) => route.brands));
    print(io.stdout, `OK: ${ROUTES.length} routes across ${brands.size} brands, no problems`);
    return;
  }
  for (const problem of problems) print(io.stdout, `${problem.route}: ${problem.message}`);
  print(io.stdout, `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${ROUTES.length} routes`);
  io.setExitCode(EXIT_CODES.problems);
}
