/**
 * `cobrand phone-rules list|test` in-process against SQLite and PostgreSQL: the rules
 * as a table or JSON, the number a visitor with an afid would see and why (the rule, or the brand
 * default as configured), decided as the pages decide it, and every bad value named with exit 2.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Store, StoredPhoneRule } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand phone-rules on ${dialect}`, () => {
    let target: StoreTarget;
    let store: Store;
    let open: StoredPhoneRule;
    let quiz: StoredPhoneRule;
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
      open = await store.createPhoneRule('ac', { afid: 'partner7', number: '8885550142', routes: [], startsOn: null, endsOn: null }, 'staff@example.com');
      quiz = await store.createPhoneRule('ac', { afid: 'partner7', number: '8775550143', routes: ['quiz-otc'], startsOn: '2026-12-01', endsOn: '2026-12-31' }, 'staff@example.com');
    });
    after(async () => {
      await store.close();
      await target.cleanup();
    });

    const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => cobrandInProcess(['phone-rules', ...args], { openStore: () => target.open(), env: { NODE_ENV: 'test', ...env } });

    test('list: a table, or JSON', async () => {
      const table = await cli(['list', '--brand', 'ac']);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, /^ID +AFID +NUMBER +ROUTES +FROM +UNTIL/);
      assert.match(table.stdout, new RegExp(`^${open.id} +partner7 +\\(888\\) 555-0142 +\\(all\\) +- +- `, 'm'));
      assert.match(table.stdout, new RegExp(`^${quiz.id} +partner7 +\\(877\\) 555-0143 +quiz-otc +2026-12-01 +2026-12-31 `, 'm'));
      const json = await cli(['list', '--brand', 'ac', '--json']);
      assert.equal(json.code, 0, json.stderr);
      assert.deepEqual(JSON.parse(json.stdout), [open, quiz].map(({ branch: _branch, ...rule }) => rule));
      const none = await cli(['list', '--brand', 'emily']);
      assert.equal(none.code, 0);
      assert.match(none.stdout, /^emily has no phone rules/);
    });

    const cases: { name: string; args: string[]; env?: NodeJS.ProcessEnv; shown: string; why: RegExp }[] = [
      { name: 'the rule for every route', args: ['--afid', 'partner7', '--on', '2026-11-20'], shown: '(888) 555-0142 (tel:+18885550142)', why: /^why: phone rule .+ \(afid partner7, every route, every day\)$/m },
      { name: 'the route-limited rule on its route and days', args: ['--afid', 'partner7', '--route', 'quiz-otc', '--on', '2026-12-24'], shown: '(877) 555-0143 (tel:+18775550143)', why: /^why: phone rule .+ \(afid partner7, routes quiz-otc, 2026-12-01 to 2026-12-31\)$/m },
      { name: 'the open rule on that route outside its days', args: ['--afid', 'partner7', '--route', 'quiz-otc', '--on', '2027-01-01'], shown: '(888) 555-0142', why: /every route, every day/ },
      { name: 'the configured default for an afid without rules', args: ['--afid', 'nobody'], env: { BRAND_PHONE_AC: '8005550199' }, shown: '(800) 555-0199 (tel:+18005550199)', why: /^why: the brand's default number \(BRAND_PHONE_AC\); ac has no phone rule for afid nobody$/m },
    ];
    for (const { name, args, env, shown, why } of cases) {
      test(`test: ${name}`, async () => {
        const run = await cli(['test', '--brand', 'ac', ...args], env);
        assert.equal(run.code, 0, run.stderr);
        assert.ok(run.stdout.includes(`: ${shown}`), run.stdout);
        assert.match(run.stdout, why);
      });
    }

    const bad: { args: string[]; message: RegExp }[] = [
      { args: ['test', '--brand', 'nope', '--afid', 'x'], message: /unknown brand 'nope'/ },
      { args: ['test', '--brand', 'ccc', '--afid', 'x'], message: /'ccc' is the control center/ },
      { args: ['test', '--brand', 'ac', '--afid', 'x', '--route', 'quiz-auto'], message: /--route: ac has no route named 'quiz-auto'/ },
      { args: ['test', '--brand', 'ac', '--afid', 'a b'], message: /the afid may hold only/ },
      { args: ['test', '--brand', 'ac', '--afid', 'x', '--on', '2026-02-30'], message: /not a date/ },
      { args: ['test', '--brand', 'ac'], message: /required option '--afid <id>'/ },
      { args: ['list', '--brand', 'nope'], message: /unknown brand 'nope'/ },
    ];
    for (const { args, message } of bad) {
      test(`exit 2 naming the bad value: ${args.join(' ')}`, async () => {
        const run = await cli(args);
        assert.equal(run.code, 2, run.stdout);
        assert.match(run.stderr, message);
      });
    }
  });
}
