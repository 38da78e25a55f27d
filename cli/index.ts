/**
 * The `cobrand` command. Each command group lives in its own file; to add one, import its
 * register function and append it to COMMAND_GROUPS. Run with `npm run cli -- <args>`,
 * `npx cobrand <args>` or `node cli/bin.js <args>`.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { registerBrandsCommands } from './brands.ts';
import type { CommandGroup } from './command-group.ts';
import { registerDemandCheckCommands } from './demand-check.ts';
import { registerEventsCommands } from './events.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { registerLeadCommands } from './lead.ts';
import { registerLeadsCommands } from './leads.ts';
import { registerRoutesCommands } from './routes.ts';
import { registerSandboxCommands } from './sandbox.ts';

/** Every command group, in help order. */
const COMMAND_GROUPS: readonly CommandGroup[] = [
  registerRoutesCommands,
  registerBrandsCommands,
  registerEventsCommands,
  registerDemandCheckCommands,
  registerLeadCommands,
  registerLeadsCommands,
  registerSandboxCommands,
];

/** Builds the program with every command group registered. */
export function createProgram(): Command {
  const program = new Command('cobrand')
    .description('cobrand: co-branded lead-generation sites, operator commands')
    // Throw instead of exiting so runCli decides the exit code (usage errors are 2, not commander's 1).
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  for (const register of COMMAND_GROUPS) register(program);
  return program;
}

/**
 * Runs the CLI on a full argv (node path, script path, args...). Sets process.exitCode rather
 * than exiting, so pending output is flushed: commands set it to EXIT_CODES.problems themselves;
 * usage errors, already reported on stderr by commander, become EXIT_CODES.usage.
 */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await createProgram().parseAsync([...argv]);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // --help asked for explicitly exits 0; every other commander error is a usage error.
    process.exitCode = error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
}

/** True when this file is the entry script (`tsx cli/index.ts`), not imported by bin.js or a test. */
function isEntryScript(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryScript()) await runCli(process.argv);
