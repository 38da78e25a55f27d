/** `cobrand demand-check [replay]`: the definitions; the work is in demand-check.ts, loaded when a command runs. */
import { Option, type Command } from 'commander';
import * as z from 'zod';
import { zipcodeSchema } from '../src/core/leads/field-schemas.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';
import type { ReplayOptions, SendOptions } from './demand-check-arguments.ts';

/** The visitor IP sent unless --ip says otherwise: a documentation address (RFC 5737), never a real visitor's. */
export const CLI_VISITOR_IP = '203.0.113.7';

/** Most exchanges one replay re-sends. */
export const MAX_REPLAYED = 100;

const zipArgument = z.string().refine((zip) => zipcodeSchema.safeParse(zip).success, { error: (issue) => `ZIP '${String(issue.input)}' must be exactly 5 digits` });
const ipArgument = z.union([z.ipv4(), z.ipv6()], { error: (issue) => `'${String(issue.input)}' is not an IPv4 or IPv6 address` });
const hourArgument = z.coerce.number({ error: 'must be a whole hour from 0 to 23' }).int('must be a whole hour from 0 to 23').min(0).max(23);
const serverUrlArgument = z.url({ protocol: /^https?$/, error: (issue) => `'${String(issue.input)}' is not an http:// or https:// URL` });
const idArgument = z.coerce.number({ error: 'must be an exchange id (a whole number)' }).int('must be an exchange id (a whole number)').min(1, 'must be at least 1');
const lastArgument = z.coerce.number({ error: `must be a whole number from 1 to ${MAX_REPLAYED}` }).int(`must be a whole number from 1 to ${MAX_REPLAYED}`).min(1).max(MAX_REPLAYED);

/**
 * Registers `demand-check` and `demand-check replay`.
 * @example
 * ```sh
 * cobrand demand-check --brand ac --route quiz-otc --zip 33101 --dry-run
 * cobrand demand-check replay --last 5
 * ```
 * ```ts
 * registerDemandCheckCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerDemandCheckCommands(program: Command, io: CliIo): void {
  const demandCheck = program
    .command('demand-check')
    .description(
      'build the demand-check payload a page sends (spec §7), print it and send it: --against a cobrand server, ' +
        'else to MEDIAALPHA_DEMAND_CHECK_URL, else to an in-process sandbox marketplace; prints status, latency, bid and isLowBid',
    )
    .option('--brand <id>', 'the brand whose page sends the check (required)', parseWith(brandIdArgument))
    .option('--route <name>', 'the route (cobrand routes list) the page belongs to; it must list the brand (required)')
    .option('--zip <zip>', "the visitor's 5-digit ZIP from the IP lookup (required)", parseWith(zipArgument))
    .option('--state <code>', "the visitor's state code from the IP lookup")
    .option('--afid <id>', 'the afid URL parameter (else MEDIAALPHA_AFFILIATE_ID is used)')
    .option('--ip <address>', "the visitor's IP address", parseWith(ipArgument), CLI_VISITOR_IP)
    .option('--hour <0-23>', "the visitor's local hour (default: this machine's)", parseWith(hourArgument))
    .option('--dry-run', 'print the payload only, send nothing')
    .option('--against <url>', 'a cobrand server base URL: POST {url}/api/mediaalpha/demand-check with the brand as Host', parseWith(serverUrlArgument))
    .option('--json', 'print JSON instead of text (demand-check and replay)')
    .action(async (options: SendOptions, command: Command) => (await import('./demand-check.ts')).sendDemandCheck(io, options, command));
  demandCheck
    .command('replay')
    .description(
      're-send recorded demand-check exchanges (PII is recorded redacted, and re-sent so) and show what changed in the answer; ' +
        'sent like demand-check: to MEDIAALPHA_DEMAND_CHECK_URL, else an in-process sandbox, or --to; progress on stderr',
    )
    .addOption(new Option('--id <id>', 'the exchange with this id').argParser(parseWith(idArgument)).conflicts('last'))
    .addOption(new Option('--last <n>', `the last N demand-check exchanges (default 1, at most ${MAX_REPLAYED})`).argParser(parseWith(lastArgument)))
    .option('--to <url>', 'send to this upstream URL instead (MEDIAALPHA_API_TOKEN is sent)', parseWith(serverUrlArgument))
    .action(async (options: ReplayOptions, command: Command) => (await import('./demand-check.ts')).replayExchanges(io, options, command));
}
