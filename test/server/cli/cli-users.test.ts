/**
 * `cobrand users add|list|disable|enable|password` against SQLite and PostgreSQL: the account
 * lands in the store with a scrypt hash, never the password; a password comes from standard input
 * or a prompt, never the command line; each change goes to the audit log; bad input names itself.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyPassword } from '../../../src/server/auth/passwords.ts';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess, type InProcessOptions } from '../../support/cli.ts';

const PASSWORD = 'a long enough password';

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand users on ${dialect}`, () => {
    let target: StoreTarget;
    let store: Store;
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
    });
    after(async () => {
      await store.close();
      await target.cleanup();
    });

    /** `cobrand users ...args` on this store (each command opens its own connection, as the CLI does). */
    const users = (args: string[], options: InProcessOptions = {}) => cobrandInProcess(['users', ...args], { openStore: () => target.open(), actor: () => 'ops', ...options });

    test('add with --password-stdin creates the account; the store holds a hash that verifies', async () => {
      const run = await users(['add', 'Ada@Example.com', '--name', 'Ada Lovelace', '--password-stdin'], { stdin: `${PASSWORD}\n` });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /created ada@example\.com \(Ada Lovelace\)/);
      const hash = (await store.getPasswordHash('ada@example.com')) ?? '';
      assert.ok(hash.startsWith('scrypt$'), hash);
      assert.ok(!hash.includes(PASSWORD));
      assert.equal(await verifyPassword(PASSWORD, hash), true);
      const [entry] = await store.listAudit({ itemKind: 'user', itemId: 'ada@example.com', limit: 5 });
      assert.equal(entry?.action, 'create');
      assert.equal(entry?.userEmail, 'cli:ops');
    });

    test('add asks at the prompt twice when there is no --password-stdin', async () => {
      const asked: string[] = [];
      const run = await users(['add', 'grace@example.com', '--name', 'Grace Hopper'], { promptSecret: async (question) => (asked.push(question), PASSWORD) });
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(asked, ['Password: ', 'Password again: ']);
      assert.ok(await store.getUser('grace@example.com'));
    });

    const refusals: { name: string; args: string[]; options: InProcessOptions; code: number; stderr: RegExp }[] = [
      { name: 'an existing email', args: ['add', 'ada@example.com', '--name', 'Again', '--password-stdin'], options: { stdin: PASSWORD }, code: 1, stderr: /an account for ada@example\.com exists already/ },
      { name: 'a short password', args: ['add', 'short@example.com', '--name', 'Short', '--password-stdin'], options: { stdin: 'too short' }, code: 2, stderr: /shorter than 12 characters/ },
      { name: 'prompts that differ', args: ['add', 'typo@example.com', '--name', 'Typo'], options: { promptSecret: async (question) => (question.includes('again') ? 'something else entirely' : PASSWORD) }, code: 1, stderr: /the two passwords differ/ },
      { name: 'no terminal and no --password-stdin', args: ['add', 'tty@example.com', '--name', 'No TTY'], options: {}, code: 2, stderr: /--password-stdin/ },
      { name: 'a bad email', args: ['add', 'not-an-email', '--name', 'X', '--password-stdin'], options: { stdin: PASSWORD }, code: 2, stderr: /'not-an-email' is not an email address/ },
      { name: 'no --name', args: ['add', 'noname@example.com', '--password-stdin'], options: { stdin: PASSWORD }, code: 2, stderr: /--name/ },
      { name: 'disabling an unknown account', args: ['disable', 'nobody@example.com'], options: {}, code: 1, stderr: /no account for nobody@example\.com/ },
    ];
    for (const { name, args, options, code, stderr } of refusals) {
      test(`refuses ${name} (exit ${code})`, async () => {
        const run = await users(args, options);
        assert.equal(run.code, code, run.stderr);
        assert.match(run.stderr, stderr);
      });
    }

    test('a refused add created nothing', async () => {
      for (const email of ['short@example.com', 'typo@example.com', 'tty@example.com']) assert.equal(await store.getUser(email), undefined, email);
    });

    test('list shows every account, as a table and as JSON without any hash', async () => {
      const table = await users(['list']);
      assert.equal(table.code, 0);
      assert.match(table.stdout, /^EMAIL +NAME +STATE +CREATED +LAST SIGN-IN$/m);
      assert.match(table.stdout, /^ada@example\.com +Ada Lovelace +enabled +\S+ +never$/m);
      const json = await users(['list', '--json']);
      const listed = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
      assert.deepEqual(
        listed.map((user) => user.email),
        ['ada@example.com', 'grace@example.com'],
      );
      assert.ok(!json.stdout.includes('scrypt'));
    });

    test('disable stops the account; enable lets it back; both are audited', async () => {
      const disabled = await users(['disable', 'ADA@example.com']);
      assert.equal(disabled.code, 0, disabled.stderr);
      assert.equal((await store.getUser('ada@example.com'))?.disabled, true);
      assert.equal(await store.getPasswordHash('ada@example.com'), undefined, 'a disabled account has no password to sign in with');
      assert.equal((await users(['enable', 'ada@example.com'])).code, 0);
      assert.equal((await store.getUser('ada@example.com'))?.disabled, false);
      const actions = (await store.listAudit({ itemKind: 'user', itemId: 'ada@example.com', limit: 10 })).map((entry) => entry.action);
      assert.deepEqual(actions, ['enable', 'disable', 'create']);
    });

    test('password sets a new password from standard input, ends the open sessions, and is audited', async () => {
      const NEW = 'an entirely new password';
      const session = await store.createSession({ user: { email: 'ada@example.com', name: 'Ada Lovelace' }, ttlSeconds: 3600 });
      const run = await users(['password', 'Ada@example.com', '--password-stdin'], { stdin: `${NEW}\n` });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /the password of ada@example\.com is changed; 1 open session ended/);
      assert.doesNotMatch(run.stdout + run.stderr, new RegExp(NEW), 'the password is never printed');
      const hash = (await store.getPasswordHash('ada@example.com')) ?? '';
      assert.equal(await verifyPassword(NEW, hash), true);
      assert.equal(await verifyPassword(PASSWORD, hash), false);
      assert.equal(await store.getSession(session.id), undefined, 'the open session ended');
      const [entry] = await store.listAudit({ itemKind: 'user', itemId: 'ada@example.com', limit: 5 });
      assert.equal(entry?.action, 'change-password');
      assert.doesNotMatch(JSON.stringify(entry), new RegExp(NEW));
    });

    test('password refuses an unknown account (exit 1) and a short password (exit 2), changing nothing', async () => {
      const unknown = await users(['password', 'nobody@example.com', '--password-stdin'], { stdin: PASSWORD });
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /no account for nobody@example\.com/);
      const before = await store.getPasswordHash('ada@example.com');
      const short = await users(['password', 'ada@example.com', '--password-stdin'], { stdin: 'too short' });
      assert.equal(short.code, 2);
      assert.match(short.stderr, /shorter than 12 characters; nothing was changed/);
      assert.equal(await store.getPasswordHash('ada@example.com'), before);
    });
  });
}
