import type { Command } from 'commander';
import type { CliIo } from './cli-io.ts';

/**
 * A command group (`routes`, `brands`, ...): adds its commands under the program, each writing
 * through `io`. Groups call `program.command(...)`, never `addCommand`, so they inherit the
 * program's exit and output settings (exitOverride, the io's streams), which is what makes usage
 * errors exit with code 2.
 *
 * A group's module is loaded for every command line, `--help` included, so it holds only the
 * command definitions and cheap option parsers: each action imports its implementation
 * (`await import('./routes.ts')`) when it runs, and the store, pg, better-sqlite3, React and the
 * route table load only for the commands that use them.
 */
export type CommandGroup = (program: Command, io: CliIo) => void;
