/**
 * The `cobrand` command. Each command group lives in its own `*-command.ts` file holding only its
 * definitions; its work is imported when a command runs, so `--help` loads no store, database
 * driver, React or route table. To add a group, import its register function and append it to
 * COMMAND_GROUPS. Run with `npx cobrand <args>`, `npm run cli -- <args>` or `node cli/bin.js <args>`
 * (the compiled bundle in dist/cli when it is fresh, else this file through tsx).
 *
 * Every command writes through the {@link CliIo} it is given, so tests run the whole program
 * in-process: `runCli(argv, io)` with captured streams and an environment of their own.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerBrandsCommands } from './brands-command.ts';
import { isOutputClosed, processIo, type CliIo } from './cli-io.ts';
import type { CommandGroup } from './command-group.ts';
import { registerCompletionCommand } from './completion-command.ts';
import { registerContentFactoryCommands } from './content-factory-command.ts';
import { registerDemandCheckCommands } from './demand-check-command.ts';
import { registerEventsCommands } from './events-command.ts';
import { registerFunnelsCommands } from './funnels-command.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { registerLeadCommands } from './lead-command.ts';
import { registerLeadsCommands } from './leads-command.ts';
import { registerPagesCommands } from './pages-command.ts';
import { registerPrerenderCommand } from './prerender-command.ts';
import { registerExperimentsCommands } from './experiments-command.ts';
import { registerRoutesCommands } from './routes-command.ts';
import { registerSandboxCommands } from './sandbox-command.ts';
import { registerUsersCommands } from './users-command.ts';
import { registerImagesCommands } from './images-command.ts';
import { registerPhoneRulesCommands } from './phone-rules-command.ts';

/** `cobrand --version`: the package's version. */
export const CLI_VERSION: string = packageJson.version;

/** Every command group, in help order (completion last: it describes the others). */
const COMMAND_GROUPS: readonly CommandGroup[] = [
  registerRoutesCommands,
  registerBrandsCommands,
  registerEventsCommands,
  registerFunnelsCommands,
  registerDemandCheckCommands,
  registerLeadCommands,
  registerLeadsCommands,
  registerSandboxCommands,
  registerUsersCommands,
  registerImagesCommands,
  registerPagesCommands,
  registerExperimentsCommands,
  registerPhoneRulesCommands,
  registerContentFactoryCommands,
  registerPrerenderCommand,
  registerCompletionCommand,
];

/** Builds the program with every command group registered, writing through `io`. */
export function createProgram(io: CliIo = processIo()): Command {
  const program = new Command('cobrand')
    .description('cobrand: co-branded lead-generation sites, operator commands')
    .version(CLI_VERSION, '-V, --version', 'print the version')
    // Throw instead of exiting so runCli decides the exit code (usage errors are 2, not commander's 1).
    .exitOverride()
    // Help and usage errors go to the io's streams too (configured before the groups: subcommands copy it).
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .showHelpAfterError('(add --help for usage)');
  for (const register of COMMAND_GROUPS) register(program, io);
  return program;
}

/**
 * Runs the CLI on a full argv (node path, script path, args...) and resolves with the exit code,
 * also handed to `io.setExitCode` (processIo sets process.exitCode rather than exiting, so pending
 * output is flushed). Commands set EXIT_CODES.problems themselves; usage errors, already reported
 * on stderr by commander, become EXIT_CODES.usage.
 *
 * A reader that goes away early (`cobrand routes list | head -1`) is not an error: writes to the
 * closed pipe fail with EPIPE, and the command ends quietly, no stack trace, with the exit code it
 * had (0 unless it found problems). Why not 141 (killed by SIGPIPE, as `yes | head` is): the
 * reader took what it wanted, so a pipeline under `set -o pipefail` should not fail because of
 * it; Node ignores SIGPIPE anyway. `leads export` is the exception: a cut-off export exits 1 and
 * says so (see leads-export.ts).
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let outputClosed = false;
  let outputError: Error | undefined;
  // Never removed: a pipe's EPIPE can arrive after the command has returned.
  io.stdout.on('error', (error: Error) => {
    if (isOutputClosed(error)) outputClosed = true;
    else outputError ??= error;
  });
  // Nowhere left to report a failure of stderr itself.
  io.stderr.on('error', () => {});
  try {
    await createProgram(io).parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; every other commander error is a usage error.
      io.setExitCode(error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage);
    } else if (!(outputClosed || isOutputClosed(error))) {
      throw error;
    }
  }
  if (outputError !== undefined) {
    io.stderr.write(`cobrand: cannot write the output: ${outputError.message}\n`);
    io.setExitCode(EXIT_CODES.problems);
  }
  return io.exitCode;
}

/** True when this file is the entry script (`tsx cli/index.ts`, `node dist/cli/cobrand.js`), not imported by bin.js or a test. */
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
