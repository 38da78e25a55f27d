/**
 * `cobrand users add|list|disable|enable|totp|password` (registered in users-command.ts): control-center
 * accounts in the store the server uses. A password never appears on the command line (where
 * `ps` and shell history would keep it): it is typed at a prompt that does not echo, or read
 * from standard input with --password-stdin.
 */
import { NewPasswordSchema } from '../src/core/control-center/accounts.ts';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { totpStateOf } from '../src/server/auth/totp-store.ts';
import { withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { formatTable } from './table.ts';

/** A new password: the first line of standard input, or typed twice at a prompt; nothing is changed when it is refused. */
async function readNewPassword(io: CliIo, fromStdin: boolean): Promise<string | undefined> {
  let password: string;
  if (fromStdin) {
    password = (await io.readStdin()).split(/\r?\n/, 1)[0] ?? '';
  } else {
    const first = await io.promptSecret('Password: ');
    const again = first === undefined ? undefined : await io.promptSecret('Password again: ');
    if (first === undefined || again === undefined) {
      io.stderr.write('no terminal to ask for the password on; pipe it with --password-stdin\n');
      io.setExitCode(EXIT_CODES.usage);
      return undefined;
    }
    if (first !== again) {
      io.stderr.write('the two passwords differ; nothing was changed\n');
      io.setExitCode(EXIT_CODES.problems);
      return undefined;
    }
    password = first;
  }
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) {
    io.stderr.write(`${parsed.error.issues.map((issue) => issue.message).join('; ')}; nothing was changed\n`);
    io.setExitCode(EXIT_CODES.usage);
    return undefined;
  }
  return parsed.data;
}

/** `users add EMAIL --name NAME [--password-stdin]`. */
export async function addUser(io: CliIo, email: string, options: { name: string; passwordStdin?: boolean }): Promise<void> {
  const password = await readNewPassword(io, options.passwordStdin === true);
  if (password === undefined) return;
  const passwordHash = await hashPassword(password);
  await withStore(io, async (store) => {
    if (!(await store.createUser({ email, name: options.name, passwordHash }))) {
      io.stderr.write(`an account for ${email} exists already; nothing was changed\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    await store.recordAudit({ userEmail: `cli:${io.actor()}`, branch: null, itemKind: 'user', itemId: email, action: 'create', after: { email, name: options.name, disabled: false } });
    await write(io.stdout, `created ${email} (${options.name}); they can sign in at the control center's /sign-in\n`);
  });
}

/** `users list [--json]`. */
export async function listUsers(io: CliIo, options: { json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const users = await store.listUsers();
    if (options.json) {
      await write(io.stdout, `${JSON.stringify(users, null, 2)}\n`);
      return;
    }
    if (users.length === 0) {
      await write(io.stdout, 'no accounts yet; add one with `cobrand users add EMAIL --name NAME`\n');
      return;
    }
    const rows = users.map((user) => [user.email, user.name, user.disabled ? 'disabled' : 'enabled', user.createdAt, user.lastSignInAt ?? 'never']);
    await write(io.stdout, `${formatTable(['EMAIL', 'NAME', 'STATE', 'CREATED', 'LAST SIGN-IN'], rows)}\n`);
  });
}

/** `users disable EMAIL` and `users enable EMAIL`. */
export async function setDisabled(io: CliIo, email: string, disabled: boolean): Promise<void> {
  await withStore(io, async (store) => {
    const before = await store.getUser(email);
    if (before === undefined || !(await store.setUserDisabled(email, disabled))) {
      io.stderr.write(`no account for ${email}\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    await store.recordAudit({
      userEmail: `cli:${io.actor()}`,
      branch: null,
      itemKind: 'user',
      itemId: email,
      action: disabled ? 'disable' : 'enable',
      before: { disabled: before.disabled },
      after: { disabled },
    });
    await write(io.stdout, `${email} is ${disabled ? 'disabled: it cannot sign in, and its open sessions have ended' : 'enabled again'}\n`);
  });
}

/**
 * `users password EMAIL [--password-stdin]`: sets a new password for an account (one who forgot
 * theirs, or whose password may be known), and ends every session of the account on every node.
 */
export async function setPassword(io: CliIo, email: string, options: { passwordStdin?: boolean }): Promise<void> {
  const password = await readNewPassword(io, options.passwordStdin === true);
  if (password === undefined) return;
  const passwordHash = await hashPassword(password);
  await withStore(io, async (store) => {
    if (!(await store.setPasswordHash(email, passwordHash))) {
      io.stderr.write(`no account for ${email}\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    const ended = await store.revokeSessionsOf(email);
    await store.recordAudit({ userEmail: `cli:${io.actor()}`, branch: null, itemKind: 'user', itemId: email, action: 'change-password', after: { sessionsEnded: ended } });
    await write(io.stdout, `the password of ${email} is changed; ${ended} open session${ended === 1 ? '' : 's'} ended\n`);
  });
}

/** `users totp EMAIL [--reset] [--json]`: the account's second factor; with --reset, removed (a lost phone). */
export async function totpCommand(io: CliIo, email: string, options: { reset?: boolean; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    if ((await store.getUser(email)) === undefined) {
      io.stderr.write(`no account for ${email}\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    const before = await totpStateOf(store, email);
    if (options.reset) {
      if (before.state === 'off') {
        await write(io.stdout, `${email} has no second factor; nothing was changed\n`);
        return;
      }
      await store.removeTotp(email);
      await store.recordAudit({ userEmail: `cli:${io.actor()}`, branch: null, itemKind: 'user', itemId: email, action: 'totp-reset', before: { totp: before.state }, after: { totp: 'off' } });
      await write(io.stdout, `${email}: second factor removed; they sign in with their password alone until they enrol again on the control center's /account\n`);
      return;
    }
    if (options.json) {
      await write(io.stdout, `${JSON.stringify(before, null, 2)}\n`);
      return;
    }
    const described =
      before.state === 'on'
        ? `on since ${before.enabledAt ?? '?'}, ${before.recoveryCodesLeft ?? 0} recovery codes left`
        : before.state === 'pending'
          ? 'off (enrolment started, not confirmed with a code)'
          : 'off';
    await write(io.stdout, `${email}: second factor (TOTP) ${described}\n`);
  });
}
