/** `cobrand events tail|stats`: the definitions; the work is in events.ts, loaded when a command runs. */
import type { Command } from 'commander';
import * as z from 'zod';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';
import { MAX_TAIL_LIMIT, type TailOptions } from './events-arguments.ts';

/** How many events `events tail` shows without --limit. */
export const DEFAULT_TAIL_LIMIT = 20;

/** --limit: a whole number of events from 1 to {@link MAX_TAIL_LIMIT}. */
const limitArgument = z.coerce
  .number({ error: `must be a whole number from 1 to ${MAX_TAIL_LIMIT}` })
  .int(`must be a whole number from 1 to ${MAX_TAIL_LIMIT}`)
  .min(1, `must be at least 1`)
  .max(MAX_TAIL_LIMIT, `must be at most ${MAX_TAIL_LIMIT}`);

/** --event: an event name as stored. */
const eventNameArgument = z.string().min(1, 'must not be empty');

/**
 * Registers `events tail` and `events stats`.
 * @example
 * ```sh
 * cobrand events tail --brand ac --event pageView --limit 50
 * cobrand events stats
 * ```
 * ```ts
 * registerEventsCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerEventsCommands(program: Command, io: CliIo): void {
  const events = program.command('events').description('read tracked events from the store (DATA_DIR or DATABASE_URL)');
  events
    .command('tail')
    .description(`the last events received, oldest first (default ${DEFAULT_TAIL_LIMIT}); --follow keeps printing new ones`)
    .option('--brand <id>', 'only this brand’s events', parseWith(brandIdArgument))
    .option('--event <name>', 'only events with this name (e.g. pageView)', parseWith(eventNameArgument))
    .option('--limit <n>', `how many events, 1 to ${MAX_TAIL_LIMIT}`, parseWith(limitArgument), DEFAULT_TAIL_LIMIT)
    .option('--json', 'print a JSON array of {id, type, event, brandId, sessionId, anonymousId, timestamp, receivedAt, ip, properties}; with --follow, one object per line')
    .option('-f, --follow', 'then print new events as they arrive (the store is read every second) until Ctrl-C')
    .action(async (options: TailOptions) => (await import('./events.ts')).tailEvents(io, options));
  events
    .command('stats')
    .description('event counts by UTC day of receipt, brand and event name, newest day first')
    .option('--json', 'print a JSON array of {brandId, event, day, count}')
    .action(async (options: { json?: boolean }) => (await import('./events.ts')).eventStats(io, options));
}
