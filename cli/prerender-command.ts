/** `cobrand prerender`: the definition; the work is in prerender.ts, loaded when the command runs. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { PAYLOAD_SUFFIX } from '../src/core/contract/paths.ts';
import { parseWith, routeNameArgument, siteBrandArgument, timeArgument } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/** Where the files go unless --out says otherwise (relative to the working directory). */
export const DEFAULT_PRERENDER_OUT = 'dist/prerender';

/** The client build `npm run build` writes, whose manifest every page names. */
export const DEFAULT_DIST = 'dist';

/**
 * Registers `prerender`.
 * @example
 * ```sh
 * cobrand prerender                                   # every site brand, every route
 * cobrand prerender --brand ac --route quiz-otc --html --out /tmp/site
 * cobrand prerender --store --json > prerender.json   # with published content (DATA_DIR or DATABASE_URL)
 * ```
 * ```ts
 * registerPrerenderCommand(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerPrerenderCommand(program: Command, io: CliIo): void {
  program
    .command('prerender')
    .description(`write every page's payload ({path}${PAYLOAD_SUFFIX}), and with --html its document, as the server answers a visitor without cookies (for a CDN)`)
    .option('--brand <id>', 'only this site brand (default: every site brand)', parseWith(siteBrandArgument))
    .option('--route <name>', 'only this route (cobrand routes list)', parseWith(routeNameArgument))
    .option('--out <dir>', 'the folder the files go to, one folder per brand', DEFAULT_PRERENDER_OUT)
    .option('--html', "also write each page's document ({path}/index.html)")
    .option('--store', 'include published pages and articles from the store (DATA_DIR or DATABASE_URL), as the server shows them')
    .option('--at <time>', 'judge working hours and phone rules at this ISO 8601 time (default: now)', parseWith(timeArgument))
    .option('--dist <dir>', 'the client build the pages belong to (npm run build)', DEFAULT_DIST)
    .option('--json', 'print a JSON summary: the files written, the routes skipped, the pages that failed')
    .action(async (options: { brand?: BrandId; route?: string; out: string; html?: boolean; store?: boolean; at?: Date; dist: string; json?: boolean }) =>
      (await import('./prerender.ts')).prerender(io, options),
    );
}
