/**
 * `cobrand sandbox marketplace` and `cobrand sandbox content-factory`: the definitions; the work is
 * in sandbox.ts and sandbox-content-factory.ts, loaded when the command runs.
 */
import type { Command } from 'commander';
import * as z from 'zod';
import { SANDBOX_API_TOKEN } from '../src/server/marketplace/sandbox/sandbox-rules.ts';
import { parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

const portArgument = z.coerce.number({ error: 'must be a port number from 0 to 65535' }).int('must be a port number from 0 to 65535').min(0).max(65535);
const hostArgument = z.string().regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address');
const tokenArgument = z.string().min(1, 'must not be empty');

/**
 * Registers `sandbox marketplace` and `sandbox content-factory`.
 * @example
 * ```sh
 * cobrand sandbox marketplace --port 4010
 * cobrand sandbox content-factory --port 4020
 * ```
 * ```ts
 * registerSandboxCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerSandboxCommands(program: Command, io: CliIo): void {
  const sandbox = program.command('sandbox').description('local stand-ins for third-party services');
  sandbox
    .command('marketplace')
    .description('run the sandbox ad marketplace (demand-check, get-phone, ads, lead buyer) until Ctrl-C')
    .option('--port <n>', 'port to listen on (0: a free one)', parseWith(portArgument), 0)
    .option('--host <host>', 'address to listen on', parseWith(hostArgument), '127.0.0.1')
    .option('--token <token>', `the API token to require (default: ${SANDBOX_API_TOKEN})`, parseWith(tokenArgument))
    .action(async (options: { port: number; host: string; token?: string }) => (await import('./sandbox.ts')).runMarketplace(io, options));
  sandbox
    .command('content-factory')
    .description('run the sandbox text-generation provider (OpenAI-compatible chat completions) for the content factory until Ctrl-C')
    .option('--port <n>', 'port to listen on (0: a free one)', parseWith(portArgument), 0)
    .option('--host <host>', 'address to listen on', parseWith(hostArgument), '127.0.0.1')
    .option('--token <token>', 'an API key to require (default: any key, or none)', parseWith(tokenArgument))
    .action(async (options: { port: number; host: string; token?: string }) => (await import('./sandbox-content-factory.ts')).runContentFactorySandbox(io, options));
}
