/**
 * `cobrand users totp EMAIL [--reset] [--json]` against SQLite and PostgreSQL: it tells an
 * account's second factor as off, pending or on, and --reset removes it (a lost phone), in the
 * audit log under the operator; an unknown account exits 1, a bad email 2.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand users totp on ${dialect}`, () => {
    let target: StoreTarget;
    let store: Store;
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
      for (const email of ['on@example.com', 'pending@example.com', 'off@example.com']) await store.createUser({ email, name: email, passwordHash: 'scrypt$unused' });
      await store.startTotp('pending@example.com', 'sealed-pending');
      await store.startTotp('on@example.com', 'sealed-on');
      await store.confirmTotp('on@example.com', { secretCipher: 'sealed-on', step: 1, recoveryHashes: ['a', 'b', 'c'], now: new Date('2026-11-27T12:00:00Z') });
    });
    after(async () => {
      await store.close();
      await target.cleanup();
    });

    const totp = (args: string[]) => cobrandInProcess(['users', 'totp', ...args], { openStore: () => target.open(), actor: () => 'ops' });

    const states: Array<{ email: string; line: RegExp; json: unknown }> = [
      { email: 'on@example.com', line: /^on@example\.com: second factor \(TOTP\) on since 2026-11-27T12:00:00\.000Z, 3 recovery codes left$/m, json: { state: 'on', enabledAt: '2026-11-27T12:00:00.000Z', recoveryCodesLeft: 3 } },
      { email: 'PENDING@example.com', line: /^pending@example\.com: second factor \(TOTP\) off \(enrolment started, not confirmed with a code\)$/m, json: { state: 'pending' } },
      { email: 'off@example.com', line: /^off@example\.com: second factor \(TOTP\) off$/m, json: { state: 'off' } },
    ];
    for (const { email, line, json } of states) {
      test(`tells ${email}'s state, as a line and as JSON`, async () => {
        const run = await totp([email]);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, line);
        const asJson = await totp([email, '--json']);
        assert.deepEqual(JSON.parse(asJson.stdout), json);
      });
    }

    test('--reset removes it and writes the audit log; a second --reset changes nothing', async () => {
      const run = await totp(['on@example.com', '--reset']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /second factor removed/);
      assert.equal(await store.getTotp('on@example.com'), undefined);
      const [entry] = await store.listAudit({ itemKind: 'user', itemId: 'on@example.com', limit: 1 });
      assert.equal(entry?.action, 'totp-reset');
      assert.equal(entry?.userEmail, 'cli:ops');
      const again = await totp(['on@example.com', '--reset']);
      assert.equal(again.code, 0);
      assert.match(again.stdout, /has no second factor; nothing was changed/);
    });

    const refusals: Array<{ name: string; args: string[]; code: number; stderr: RegExp }> = [
      { name: 'an unknown account', args: ['nobody@example.com'], code: 1, stderr: /no account for nobody@example\.com/ },
      { name: 'an unknown account with --reset', args: ['nobody@example.com', '--reset'], code: 1, stderr: /no account for nobody@example\.com/ },
      { name: 'a bad email', args: ['not-an-email'], code: 2, stderr: /'not-an-email' is not an email address/ },
    ];
    for (const { name, args, code, stderr } of refusals) {
      test(`refuses ${name} (exit ${code})`, async () => {
        const run = await totp(args);
        assert.equal(run.code, code, run.stderr);
        assert.match(run.stderr, stderr);
      });
    }
  });
}
