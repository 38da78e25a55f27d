/**
 * The control center's phone-rules API through the real app, on SQLite and on
 * PostgreSQL: signed out is 401, a cross-site change is refused (403) even signed in, bad fields
 * are a 400 naming each problem (numbers judged as US numbers by libphonenumber-js, route names
 * against the branch's routes), and create, update and delete answer the new state and are each
 * written to the audit log with the rule before and after.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CC_PHONE_RULE_CREATE, CC_PHONE_RULE_DELETE, CC_PHONE_RULE_UPDATE, CC_PHONE_RULES_LIST, fillPath, type PhoneRuleAnswer } from '../../../src/core/contract/index.ts';
import { STORE_DIALECTS } from '../../fixtures/store-targets.ts';
import { injectableAppOn } from '../../support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF } from '../../support/staff.ts';

const ORIGIN = `http://${HOST}`;
const UNKNOWN_RULE = '00000000-0000-4000-8000-000000000000';

for (const dialect of STORE_DIALECTS) {
  describe(`the phone-rules API on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie: string;
    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_phone_rules'));
      await addStaff(app);
      cookie = await signedInCookie(app);
    });
    after(() => cleanup());

    function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
      return app.inject({
        method,
        url,
        headers: { host: HOST, origin: ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
    }
    const listPath = (branch = 'ac') => fillPath(CC_PHONE_RULES_LIST.path, { branch });
    const rulePath = (rule: string, branch = 'ac') => fillPath(CC_PHONE_RULE_UPDATE.path, { branch, rule });

    test('create, list, update and delete, each in the audit log with the rule before and after', async () => {
      const created = await call('POST', fillPath(CC_PHONE_RULE_CREATE.path, { branch: 'ac' }), { afid: ' partner7 ', number: '(888) 555-0142', routes: ['index', 'quiz-otc', 'index'] });
      assert.equal(created.statusCode, 201, created.body);
      const { rule } = created.json<{ rule: PhoneRuleAnswer }>();
      assert.deepEqual(
        { afid: rule.afid, number: rule.number, routes: rule.routes, startsOn: rule.startsOn, endsOn: rule.endsOn, createdBy: rule.createdBy, branch: rule.branch },
        { afid: 'partner7', number: '8885550142', routes: ['index', 'quiz-otc'], startsOn: null, endsOn: null, createdBy: STAFF.email, branch: 'ac' },
      );

      const listed = await call('GET', listPath());
      assert.equal(listed.statusCode, 200);
      assert.equal(listed.headers['cache-control'], 'no-store');
      assert.deepEqual(listed.json<{ rules: PhoneRuleAnswer[] }>().rules, [rule]);
      assert.deepEqual((await call('GET', listPath('emily'))).json(), { rules: [] }, "another branch's list is its own");

      const updated = await call('PUT', rulePath(rule.id), { afid: 'partner7', number: '+1 877 555 0143', startsOn: '2026-12-01', endsOn: '2026-12-31' });
      assert.equal(updated.statusCode, 200, updated.body);
      const after = updated.json<{ rule: PhoneRuleAnswer }>().rule;
      assert.deepEqual({ number: after.number, routes: after.routes, startsOn: after.startsOn, endsOn: after.endsOn, createdAt: after.createdAt }, { number: '8775550143', routes: [], startsOn: '2026-12-01', endsOn: '2026-12-31', createdAt: rule.createdAt });

      const deleted = await call('DELETE', fillPath(CC_PHONE_RULE_DELETE.path, { branch: 'ac', rule: rule.id }));
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(deleted.json(), { deleted: rule.id });
      assert.deepEqual((await call('GET', listPath())).json(), { rules: [] });

      const audit = await app.store.listAudit({ itemKind: 'phone-rule', itemId: rule.id, limit: 10 });
      assert.deepEqual(
        audit.map(({ userEmail, branch, action, before, after }) => ({ userEmail, branch, action, before, after })).reverse(),
        [
          { userEmail: STAFF.email, branch: 'ac', action: 'create', before: undefined, after: { afid: 'partner7', number: '8885550142', routes: ['index', 'quiz-otc'], startsOn: null, endsOn: null } },
          {
            userEmail: STAFF.email,
            branch: 'ac',
            action: 'update',
            before: { afid: 'partner7', number: '8885550142', routes: ['index', 'quiz-otc'], startsOn: null, endsOn: null },
            after: { afid: 'partner7', number: '8775550143', routes: [], startsOn: '2026-12-01', endsOn: '2026-12-31' },
          },
          { userEmail: STAFF.email, branch: 'ac', action: 'delete', before: { afid: 'partner7', number: '8775550143', routes: [], startsOn: '2026-12-01', endsOn: '2026-12-31' }, after: undefined },
        ],
      );
    });

    const refused: { name: string; body: unknown; problems: RegExp[] }[] = [
      { name: 'a number that is no phone number', body: { afid: 'a', number: '12345' }, problems: [/^number: '12345' is not a valid US phone number$/] },
      { name: 'a Canadian number', body: { afid: 'a', number: '+1 604 555 0100' }, problems: [/^number: '\+1 604 555 0100' is not a valid US phone number$/] },
      { name: 'a British number', body: { afid: 'a', number: '+44 20 7946 0958' }, problems: [/not a valid US phone number/] },
      { name: 'no number', body: { afid: 'a' }, problems: [/^number: the number is missing$/] },
      { name: 'an afid with a space and no number', body: { afid: 'part ner', number: '' }, problems: [/^afid: the afid may hold only/, /^number: the number is empty$/] },
      { name: 'an impossible date', body: { afid: 'a', number: '8885550142', startsOn: '2026-02-30' }, problems: [/^startsOn: not a date \(YYYY-MM-DD\)$/] },
      { name: 'an end before the start', body: { afid: 'a', number: '8885550142', startsOn: '2026-03-02', endsOn: '2026-03-01' }, problems: [/^endsOn: the end date is before the start date$/] },
      { name: "a route the branch doesn't serve", body: { afid: 'a', number: '8885550142', routes: ['index', 'no-such-route', 'quiz-auto'] }, problems: [/^routes\[1\]: 'no-such-route' is not a route of ac$/, /^routes\[2\]: 'quiz-auto' is not a route of ac$/] },
      { name: 'an unknown field', body: { afid: 'a', number: '8885550142', colour: 'red' }, problems: [/colour/] },
      { name: 'not JSON', body: '{"afid":', problems: [/./] },
    ];
    for (const { name, body, problems } of refused) {
      test(`400 for ${name}, naming each problem; nothing stored`, async () => {
        for (const [method, url] of [
          ['POST', fillPath(CC_PHONE_RULE_CREATE.path, { branch: 'ac' })],
          ['PUT', rulePath(UNKNOWN_RULE)],
        ] as const) {
          const response = await call(method, url, body);
          assert.equal(response.statusCode, 400, `${method}: ${response.body}`);
          const answer = response.json<{ error: string; problems: string[] }>();
          assert.equal(answer.problems.length, problems.length, answer.problems.join('; '));
          problems.forEach((problem, index) => assert.match(answer.problems[index]!, problem));
        }
        assert.deepEqual((await call('GET', listPath())).json(), { rules: [] });
      });
    }

    test('unknown branch, unknown rule and a malformed rule id', async () => {
      const valid = { afid: 'a', number: '8885550142' };
      assert.equal((await call('GET', listPath('nope'))).statusCode, 404);
      assert.equal((await call('POST', fillPath(CC_PHONE_RULE_CREATE.path, { branch: 'ccc' }), valid)).statusCode, 404, 'the control center is no branch');
      assert.equal((await call('PUT', rulePath(UNKNOWN_RULE), valid)).statusCode, 404);
      assert.equal((await call('DELETE', rulePath(UNKNOWN_RULE))).statusCode, 404);
      const malformed = await call('DELETE', rulePath('not-a-uuid'));
      assert.equal(malformed.statusCode, 400);
      assert.deepEqual(malformed.json<{ problems: string[] }>().problems, ['rule: not a phone rule id']);
      // A rule of emily is not found through ac.
      const emily = await app.store.createPhoneRule('emily', { afid: 'e', number: '8885550142', routes: [], startsOn: null, endsOn: null }, STAFF.email);
      assert.equal((await call('PUT', rulePath(emily.id), valid)).statusCode, 404);
      assert.equal((await call('DELETE', rulePath(emily.id))).statusCode, 404);
      assert.ok(await app.store.getPhoneRule('emily', emily.id));
    });

    test('signed out: 401 on every route; cross-site: 403 even signed in, and nothing changes', async () => {
      const rule = await app.store.createPhoneRule('ac', { afid: 'kept', number: '8885550142', routes: [], startsOn: null, endsOn: null }, STAFF.email);
      const valid = { afid: 'x', number: '8885550142' };
      const routes = [
        ['GET', listPath(), undefined],
        ['POST', fillPath(CC_PHONE_RULE_CREATE.path, { branch: 'ac' }), valid],
        ['PUT', rulePath(rule.id), valid],
        ['DELETE', rulePath(rule.id), undefined],
      ] as const;
      for (const [method, url, body] of routes) {
        const signedOut = await app.inject({ method, url, headers: { host: HOST, origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
        assert.equal(signedOut.statusCode, 401, `${method} ${url} signed out`);
        if (method === 'GET') continue;
        const crossSite = await call(method, url, body, { origin: 'https://evil.example' });
        assert.equal(crossSite.statusCode, 403, `${method} ${url} cross-site`);
        const sameSite = await call(method, url, body, { origin: '', 'sec-fetch-site': 'same-site' });
        assert.equal(sameSite.statusCode, 403, `${method} ${url} from a sibling site`);
      }
      assert.deepEqual(await app.store.getPhoneRule('ac', rule.id), rule);
      assert.deepEqual(await app.store.listAudit({ itemKind: 'phone-rule', itemId: rule.id, limit: 5 }), []);
      await app.store.deletePhoneRule('ac', rule.id);
    });
  });
}
