import type { Command } from 'commander';

/**
 * A command group (`routes`, `brands`, ...): adds its commands under the program. Groups call
 * `program.command(...)`, never `addCommand`, so they inherit the program's exit and output
 * settings (exitOverride, error output), which is what makes usage errors exit with code 2.
 */
export type CommandGroup = (program: Command) => void;
