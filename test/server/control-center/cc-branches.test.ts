/**
 * The control center's branch and audit API (the branches screen, and the audit log shown per
 * branch and per item) on SQLite and on PostgreSQL: signed out it answers 401; the branch list
 * has every site brand (not the control center) with its domains, routes and the last 7 days'
 * distinct visitors and leads; a branch overview counts visitors, step submissions and leads per
 * day over 30 days and per funnel page; the audit trail filters by branch and item; bad input is
 * a 400 with its problems and an unknown branch a 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { ROUTES } from '../../../routes.ts';
import { CC_AUDIT, CC_BRANCH_LIST, CC_BRANCH_OVERVIEW, fillPath } from '../../../src/core/contract/index.ts';
import type { NewEvent } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { storedAutoLead } from '../../fixtures/stored-lead.ts';
import { injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF } from '../../support/staff.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An ISO time `days` whole days before now (0: now). */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

let eventCount = 0;
/** One stored event of tqg on page `route`. */
function event(anonymousId: string, name: string, receivedAt: string, route = 'quiz-auto', brandId = 'tqg'): NewEvent {
  eventCount += 1;
  return {
    id: `event-${eventCount}`,
    type: 'track',
    event: name,
    brandId,
    sessionId: `session-${anonymousId}`,
    anonymousId,
    timestamp: receivedAt,
    receivedAt,
    ip: null,
    properties: { page: { name: route } },
  };
}

/** The seeded traffic: tqg has 3 visitors this week (one twice), one 10 days ago, one 40 days ago; ac has one. */
const EVENTS = [
  event('anon-1', 'pageView', daysAgo(0)),
  event('anon-1', 'formStepSubmitted', daysAgo(0)),
  event('anon-1', 'formStepSubmitted', daysAgo(0)),
  event('anon-2', 'pageView', daysAgo(1), 'home'),
  event('anon-3', 'pageView', daysAgo(2)),
  event('anon-1', 'pageView', daysAgo(2)),
  event('anon-4', 'formStepSubmitted', daysAgo(10)),
  event('anon-5', 'pageView', daysAgo(40)),
  event('anon-9', 'pageView', daysAgo(0), 'home', 'ac'),
];
const LEADS = [
  storedAutoLead('lead-1-000000000001', { createdAt: daysAgo(0) }),
  storedAutoLead('lead-2-000000000002', { createdAt: daysAgo(10) }),
  storedAutoLead('lead-3-000000000003', { createdAt: daysAgo(40) }),
];

for (const dialect of STORE_DIALECTS) {
  describe(`the control center's branch and audit API on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie: string;
    const get = (url: string, withCookie = true) => app.inject({ method: 'GET', url, headers: { host: HOST, ...(withCookie ? { cookie } : {}) } });

    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_branches'));
      await addStaff(app);
      cookie = await signedInCookie(app);
      await app.store.insertEvents(EVENTS);
      for (const lead of LEADS) await app.store.createLead(lead);
      await app.store.recordAudit({ userEmail: STAFF.email, branch: 'tqg', itemKind: 'page', itemId: 'quiz-auto', action: 'publish', before: { headline: 'Old' }, after: { headline: 'New' } });
      await app.store.recordAudit({ userEmail: STAFF.email, branch: 'tqg', itemKind: 'image', itemId: 'abc123', action: 'upload' });
      await app.store.recordAudit({ userEmail: STAFF.email, branch: 'ac', itemKind: 'page', itemId: 'home', action: 'save-draft' });
    });
    after(() => cleanup());

    test('signed out, every route answers 401', async () => {
      for (const url of [CC_BRANCH_LIST.path, fillPath(CC_BRANCH_OVERVIEW.path, { branch: 'tqg' }), CC_AUDIT.path]) {
        assert.equal((await get(url, false)).statusCode, 401, url);
      }
    });

    test('the branch list has every site brand with its domains, routes and the week’s visitors and leads', async () => {
      const response = await get(CC_BRANCH_LIST.path);
      assert.equal(response.statusCode, 200, response.body);
      const list = CC_BRANCH_LIST.response.parse(response.json());
      assert.deepEqual(
        list.branches.map((branch) => branch.id),
        BRAND_IDS.filter((id) => id !== 'ccc'),
      );
      const tqg = list.branches.find((branch) => branch.id === 'tqg')!;
      assert.equal(tqg.visitors, 3, 'anon-1, -2 and -3 this week; anon-4 and -5 are older');
      assert.equal(tqg.leads, 1);
      assert.equal(tqg.routes, ROUTES.filter((route) => (route.brands as readonly string[]).includes('tqg')).length);
      assert.ok(tqg.domains.includes('tqg.localhost'));
      assert.deepEqual(
        list.branches.filter((branch) => branch.id === 'ac').map(({ visitors, leads }) => ({ visitors, leads })),
        [{ visitors: 1, leads: 0 }],
      );
    });

    test('a branch overview counts per day over 30 days and per funnel page', async () => {
      const response = await get(fillPath(CC_BRANCH_OVERVIEW.path, { branch: 'tqg' }));
      assert.equal(response.statusCode, 200, response.body);
      const overview = CC_BRANCH_OVERVIEW.response.parse(response.json());
      assert.equal(overview.days.length, 30);
      assert.equal(overview.days.at(-1)!.day, daysAgo(0).slice(0, 10));
      const on = (days: number) => overview.days.find((day) => day.day === daysAgo(days).slice(0, 10));
      assert.deepEqual(on(0), { day: daysAgo(0).slice(0, 10), visitors: 1, stepSubmissions: 2, leads: 1 });
      assert.deepEqual(on(2), { day: daysAgo(2).slice(0, 10), visitors: 2, stepSubmissions: 0, leads: 0 });
      assert.deepEqual(on(10), { day: daysAgo(10).slice(0, 10), visitors: 1, stepSubmissions: 1, leads: 1 });
      assert.equal(overview.days.reduce((sum, day) => sum + day.leads, 0), 2, 'the 40-day-old lead is outside the window');
      // Per funnel page: quiz-auto only (home runs no funnel), its visitors anon-1, -3 and -4.
      assert.deepEqual(overview.funnels, [{ route: 'quiz-auto', path: '/quiz/auto/{step?}', funnel: 'auto', visitors: 3, stepSubmissions: 3, leads: 2 }]);
    });

    test('an unknown branch, or the control center itself, is a 404 with problems', async () => {
      for (const branch of ['nope', 'ccc']) {
        const response = await get(fillPath(CC_BRANCH_OVERVIEW.path, { branch }));
        assert.equal(response.statusCode, 404, branch);
        assert.match(response.json().problems[0], new RegExp(`'${branch}'`));
      }
      const audit = await get(`${CC_AUDIT.path}?branch=nope`);
      assert.equal(audit.statusCode, 404);
    });

    test('the audit trail lists a branch’s changes newest first, or one item’s', async () => {
      const branch = await get(`${CC_AUDIT.path}?branch=tqg`);
      assert.equal(branch.statusCode, 200, branch.body);
      assert.deepEqual(
        branch.json().entries.map((entry: { itemKind: string; action: string }) => `${entry.itemKind}:${entry.action}`),
        ['image:upload', 'page:publish'],
      );
      const item = await get(`${CC_AUDIT.path}?branch=tqg&itemKind=page&itemId=quiz-auto&limit=5`);
      const [entry] = item.json().entries;
      assert.equal(item.json().entries.length, 1);
      assert.deepEqual({ who: entry.userEmail, before: entry.before, after: entry.after }, { who: STAFF.email, before: { headline: 'Old' }, after: { headline: 'New' } });
      assert.equal((await get(`${CC_AUDIT.path}?limit=1`)).json().entries.length, 1);
    });

    test('a bad audit query is a 400 listing each problem', async () => {
      const cases: Array<[query: string, problem: RegExp]> = [
        ['limit=0', /limit is below 1/],
        ['limit=201', /limit is above 200/],
        ['limit=abc', /limit/],
        ['limit=1.5', /whole number/],
        ['itemId=%3Cscript%3E', /itemId may hold only/],
        ['colour=red', /colour/],
      ];
      for (const [query, problem] of cases) {
        const response = await get(`${CC_AUDIT.path}?${query}`);
        assert.equal(response.statusCode, 400, query);
        assert.match(response.json().problems.join('\n'), problem, query);
      }
    });
  });
}
