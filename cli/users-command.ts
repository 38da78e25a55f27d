/** `cobrand users add|list|disable|enable|totp|password`: the definitions; the work is in users.ts, loaded when a command runs. */
import type { Command } from 'commander';
import { StaffEmailSchema, StaffNameSchema } from '../src/core/control-center/accounts.ts';
import { parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/**
 * Registers `users add|list|disable|enable|totp|password`.
 * @example
 * ```sh
 * cobrand users add ana@example.com --name "Ana Ruiz"
 * cobrand users disable ana@example.com
 * cobrand users totp ana@example.com --reset
 * printf '%s\n' "$NEW_PASSWORD" | cobrand users password ana@example.com --password-stdin
 * ```
 * ```ts
 * registerUsersCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerUsersCommands(program: Command, io: CliIo): void {
  const users = program.command('users').description('control-center accounts (DATA_DIR or DATABASE_URL): who may sign in to the ccc brand');
  users
    .command('add')
    .description('creates an account; the password is asked for (not echoed), or read from standard input with --password-stdin')
    .argument('<email>', 'the account email (its key, any case)', parseWith(StaffEmailSchema))
    .requiredOption('--name <name>', 'the name shown for the account', parseWith(StaffNameSchema))
    .option('--password-stdin', 'read the password from standard input (first line), for scripts')
    .action(async (email: string, options: { name: string; passwordStdin?: boolean }) => (await import('./users.ts')).addUser(io, email, options));
  users
    .command('list')
    .description('every account: email, name, enabled or disabled, created, last sign-in')
    .option('--json', 'print a JSON array')
    .action(async (options: { json?: boolean }) => (await import('./users.ts')).listUsers(io, options));
  users
    .command('disable')
    .description('stops an account from signing in; its open sessions stop working at once')
    .argument('<email>', 'the account email', parseWith(StaffEmailSchema))
    .action(async (email: string) => (await import('./users.ts')).setDisabled(io, email, true));
  users
    .command('enable')
    .description('lets a disabled account sign in again')
    .argument('<email>', 'the account email', parseWith(StaffEmailSchema))
    .action(async (email: string) => (await import('./users.ts')).setDisabled(io, email, false));
  users
    .command('totp')
    .description("the account's second factor (an authenticator app's codes): on or off; --reset removes it, for a lost phone")
    .argument('<email>', 'the account email', parseWith(StaffEmailSchema))
    .option('--reset', 'remove the second factor (they sign in with the password alone until they enrol again)')
    .option('--json', 'print the state as JSON')
    .action(async (email: string, options: { reset?: boolean; json?: boolean }) => (await import('./users.ts')).totpCommand(io, email, options));
  users
    .command('password')
    .description("sets an account's password and ends its open sessions; the password is asked for (not echoed), or read from standard input with --password-stdin")
    .argument('<email>', 'the account email', parseWith(StaffEmailSchema))
    .option('--password-stdin', 'read the password from standard input (first line), for scripts')
    .action(async (email: string, options: { passwordStdin?: boolean }) => (await import('./users.ts')).setPassword(io, email, options));
}
