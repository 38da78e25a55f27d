/** `cobrand completion bash|zsh` (the script comes from completion.ts, a small module with no dependencies). */
import { Argument, type Command } from 'commander';
import type { CliIo } from './cli-io.ts';
import { COMPLETION_SHELLS, printCompletion, type CompletionShell } from './completion.ts';

/**
 * Registers `completion <shell>`.
 * @example
 * ```sh
 * cobrand completion bash > /etc/bash_completion.d/cobrand
 * ```
 * ```ts
 * registerCompletionCommand(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerCompletionCommand(program: Command, io: CliIo): void {
  program
    .command('completion')
    .description(`print a shell completion script: source <(${program.name()} completion bash), or zsh`)
    // commander refuses another shell as a usage error (exit 2) naming it and the choices.
    .addArgument(new Argument('<shell>', `the shell: ${COMPLETION_SHELLS.join(' or ')}`).choices(COMPLETION_SHELLS))
    .action((shell: CompletionShell) => printCompletion(io, shell, program));
}
