/**
 * Experiments end to end through fastify.inject, on SQLite and PostgreSQL: the control
 * center's API (401 signed out, 403 cross-site, 400 with problems, 409 for a taken key, a stale
 * version, an edit while running and an illegal status change, each change audited), the page a
 * visitor gets (the assigned variant in the first HTML, `{key, variant}` in the payload, the
 * visitor-id cookie issued on a first visit, `?exp=` honoured for staff only), and the results:
 * a stored experimentEntered counts the visitor in their variant.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CC_AUDIT } from '../../../src/core/contract/cc-branches.ts';
import { CC_EXPERIMENT_CREATE, CC_EXPERIMENT_GET, CC_EXPERIMENT_RESULTS, CC_EXPERIMENT_STATUS, CC_EXPERIMENT_UPDATE, CC_EXPERIMENTS_LIST } from '../../../src/core/contract/cc-experiments.ts';
import { fillPath } from '../../../src/core/contract/endpoint.ts';
import { EVENT_CREATE_PATH } from '../../../src/core/contract/events.ts';
import { payloadPath } from '../../../src/core/contract/page-payload.ts';
import { assignVariant } from '../../../src/core/experiments/assignment.ts';
import type { PagePayload } from '../../../src/core/payload/types.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie } from '../../support/staff.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const KEY = 'otc-headline';
const B_HEADLINE = 'Claim your OTC allowance today';
const VARIANTS = [
  { key: 'control', weight: 50, overrides: {} },
  { key: 'b', weight: 50, overrides: { headline: B_HEADLINE, ctaText: 'Check my allowance' } },
];
const EXPERIMENT = { key: KEY, name: 'OTC headline', routes: ['quiz-otc'], variants: VARIANTS };

/** A visitor id that the experiment assigns to `variant`. */
function visitorIn(variant: string): string {
  for (;;) {
    const id = randomUUID();
    if (assignVariant(KEY, VARIANTS, id) === variant) return id;
  }
}

for (const dialect of STORE_DIALECTS) {
  describe(`experiments on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie: string;
    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_experiments'));
      await addStaff(app);
      cookie = await signedInCookie(app);
    });
    after(() => cleanup());

    const call = (method: 'GET' | 'PUT' | 'POST', path: string, params: Record<string, string>, body?: unknown, headers: Record<string, string> = { cookie }) =>
      app.inject({
        method,
        url: fillPath(path, params),
        headers: { host: HOST, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const params = { branch: 'ac', experiment: KEY };
    const setStatus = (status: string, baseVersion: number) => call('POST', CC_EXPERIMENT_STATUS.path, params, { status, baseVersion });
    const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { host: 'ac.localhost', ...headers } });

    test('signed out, every experiment endpoint answers 401', async () => {
      const endpoints = [CC_EXPERIMENTS_LIST, CC_EXPERIMENT_CREATE, CC_EXPERIMENT_GET, CC_EXPERIMENT_UPDATE, CC_EXPERIMENT_STATUS, CC_EXPERIMENT_RESULTS];
      for (const endpoint of endpoints) {
        const response = await call(endpoint.method, endpoint.path, params, endpoint.method === 'GET' ? undefined : {}, {});
        assert.equal(response.statusCode, 401, `${endpoint.method} ${endpoint.path}`);
      }
    });

    test('a change from another site is refused (CSRF)', async () => {
      const response = await call('POST', CC_EXPERIMENT_CREATE.path, params, EXPERIMENT, { cookie, origin: 'https://evil.example' });
      assert.equal(response.statusCode, 403);
      assert.equal((await call('GET', CC_EXPERIMENTS_LIST.path, params)).json().experiments.length, 0);
    });

    const badCreates: Array<[string, unknown, RegExp]> = [
      ['no variants', { ...EXPERIMENT, variants: undefined }, /^variants: /],
      ['one variant', { ...EXPERIMENT, variants: [VARIANTS[0]] }, /needs at least 2/],
      ['a key with capitals', { ...EXPERIMENT, key: 'OTC' }, /^key: must be 1-63 lower-case/],
      ['a weight of zero', { ...EXPERIMENT, variants: [VARIANTS[0], { ...VARIANTS[1], weight: 0 }] }, /weight must be 1 or more/],
      ['the same variant key twice', { ...EXPERIMENT, variants: [VARIANTS[0], VARIANTS[0]] }, /variant keys must be different/],
      ['an override that is not a page field', { ...EXPERIMENT, variants: [VARIANTS[0], { ...VARIANTS[1], overrides: { title: 'x' } }] }, /not an overridable field: title/],
      ['a route ac does not serve', { ...EXPERIMENT, routes: ['go-4-life-nowhere'] }, /routes\[0\]: ac has no route 'go-4-life-nowhere'/],
      ['an image ac does not have', { ...EXPERIMENT, variants: [VARIANTS[0], { ...VARIANTS[1], overrides: { image: 'a'.repeat(64) } }] }, /ac has no image a{64}/],
      ['not an object', 'experiment', /.+/],
    ];
    for (const [label, body, problem] of badCreates) {
      test(`creating with ${label} is a 400 naming it`, async () => {
        const response = await call('POST', CC_EXPERIMENT_CREATE.path, params, body);
        assert.equal(response.statusCode, 400, response.body);
        assert.ok((response.json().problems as string[]).some((line) => problem.test(line)), response.body);
      });
    }

    test('an unknown branch or experiment is a 404', async () => {
      assert.equal((await call('GET', CC_EXPERIMENTS_LIST.path, { branch: 'nowhere' })).statusCode, 404);
      assert.equal((await call('GET', CC_EXPERIMENT_GET.path, { branch: 'ac', experiment: 'nothing' })).statusCode, 404);
    });

    test('a draft is created once, edited on its current version, and audited', async () => {
      const created = await call('POST', CC_EXPERIMENT_CREATE.path, params, { ...EXPERIMENT, name: 'First name' });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().experiment.status, 'draft');
      const again = await call('POST', CC_EXPERIMENT_CREATE.path, params, EXPERIMENT);
      assert.equal(again.statusCode, 409);
      assert.match(again.json().problems[0], /already has an experiment 'otc-headline'/);

      const edited = await call('PUT', CC_EXPERIMENT_UPDATE.path, params, { baseVersion: 1, fields: { name: EXPERIMENT.name, routes: EXPERIMENT.routes, variants: VARIANTS } });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json().experiment.version, 2);
      const stale = await call('PUT', CC_EXPERIMENT_UPDATE.path, params, { baseVersion: 1, fields: { name: 'Late', routes: EXPERIMENT.routes, variants: VARIANTS } });
      assert.equal(stale.statusCode, 409);
      assert.equal(stale.json().experiment.name, EXPERIMENT.name);

      const audit = await call('GET', CC_AUDIT.path, { branch: 'ac' });
      const actions = (audit.json().entries as Array<{ itemKind: string; itemId: string; action: string }>).filter((entry) => entry.itemKind === 'experiment').map((entry) => entry.action);
      assert.deepEqual(actions, ['edit', 'create']);
    });

    test('status changes follow the rules: 409 for an illegal one or an edit while running', async () => {
      const before = await page('/quiz/otc');
      assert.doesNotMatch(before.body, new RegExp(B_HEADLINE), 'a draft changes no page');
      assert.equal(before.headers['set-cookie'], undefined, 'no experiment, no visitor cookie');

      assert.equal((await setStatus('paused', 2)).statusCode, 409, 'a draft cannot pause');
      const bad = await setStatus('finished', 2);
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().problems[0], /^status: status must be one of draft, running, paused, stopped/);
      const started = await setStatus('running', 2);
      assert.equal(started.statusCode, 200, started.body);
      assert.equal(started.json().experiment.status, 'running');
      assert.ok(started.json().experiment.startedAt);

      const edit = await call('PUT', CC_EXPERIMENT_UPDATE.path, params, { baseVersion: 3, fields: { name: 'Changed', routes: EXPERIMENT.routes, variants: VARIANTS } });
      assert.equal(edit.statusCode, 409);
      assert.match(edit.json().problems[0], /is running; only pausing and stopping are allowed now/);
      const back = await setStatus('draft', 3);
      assert.equal(back.statusCode, 409);
      assert.match(back.json().problems[0], /is running; it can go to paused or stopped, not to draft/);
      assert.equal((await setStatus('paused', 2)).statusCode, 409, 'a stale version');
    });

    test('a second experiment cannot run on a page that has one running: 409 naming both', async () => {
      const other = { key: 'otc-cta', name: 'OTC call to action', routes: ['quiz-otc', 'otc-allowance'], variants: VARIANTS };
      const created = await call('POST', CC_EXPERIMENT_CREATE.path, { branch: 'ac', experiment: other.key }, other);
      assert.equal(created.statusCode, 201, created.body);
      const start = await call('POST', CC_EXPERIMENT_STATUS.path, { branch: 'ac', experiment: other.key }, { status: 'running', baseVersion: created.json().experiment.version });
      assert.equal(start.statusCode, 409, start.body);
      assert.deepEqual(start.json().problems, [`routes: '${KEY}' is already running on quiz-otc; pause or stop it first`]);
      const stored = await call('GET', CC_EXPERIMENT_GET.path, { branch: 'ac', experiment: other.key });
      assert.equal(stored.json().experiment.status, 'draft', 'the refused experiment stays a draft');
    });

    test('a visitor bucketed into B gets B in the first HTML and in the payload', async () => {
      const visitor = visitorIn('b');
      const response = await page('/quiz/otc', { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitor}` });
      assert.equal(response.statusCode, 200);
      assert.match(response.body, new RegExp(`<h1[^>]*>${B_HEADLINE}</h1>`));
      assert.equal(response.headers['set-cookie'], undefined, 'the cookie is already there');
      const payload = (await page(payloadPath('/quiz/otc'), { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitor}` })).json<PagePayload>();
      assert.deepEqual(payload.experiment, { key: KEY, variant: 'b' });
      assert.equal(payload.page.headline, B_HEADLINE);
      assert.equal(payload.page.cta, 'Check my allowance');

      const control = (await page(payloadPath('/quiz/otc'), { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitorIn('control')}` })).json<PagePayload>();
      assert.deepEqual(control.experiment, { key: KEY, variant: 'control' });
      assert.notEqual(control.page.headline, B_HEADLINE);
    });

    test('a first visit is issued a visitor id and shown the variant that id gets', async () => {
      const response = await page(payloadPath('/quiz/otc'));
      const setCookie = String(response.headers['set-cookie']);
      const id = new RegExp(`^${COOKIE_BASE_NAMES.visitorId}=([0-9a-f-]{36}); Max-Age=34560000; Path=/; SameSite=Lax$`).exec(setCookie)?.[1];
      assert.ok(id, setCookie);
      assert.deepEqual(response.json<PagePayload>().experiment, { key: KEY, variant: assignVariant(KEY, VARIANTS, id) });
      // A page without a running experiment issues nothing.
      assert.equal((await page('/quiz/grocery')).headers['set-cookie'], undefined);
    });

    test('?exp=KEY:VARIANT forces the variant for signed-in staff only', async () => {
      const visitor = visitorIn('control');
      const asVisitor = (await page(payloadPath('/quiz/otc') + `?exp=${KEY}:b`, { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitor}` })).json<PagePayload>();
      assert.deepEqual(asVisitor.experiment, { key: KEY, variant: 'control' }, 'ignored from a visitor');
      const asStaff = (await page(payloadPath('/quiz/otc') + `?exp=${KEY}:b`, { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitor}; ${cookie}` })).json<PagePayload>();
      assert.deepEqual(asStaff.experiment, { key: KEY, variant: 'b', forced: true });
      assert.equal(asStaff.page.headline, B_HEADLINE);
      const unknownVariant = (await page(payloadPath('/quiz/otc') + `?exp=${KEY}:zzz`, { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitor}; ${cookie}` })).json<PagePayload>();
      assert.deepEqual(unknownVariant.experiment, { key: KEY, variant: 'control' });
    });

    test('a stored experimentEntered counts the visitor in their variant; an unknown variant counts nowhere', async () => {
      const visitor = visitorIn('b');
      const enter = (anonymousId: string, variant: string, eventId: string) =>
        app.inject({
          method: 'POST',
          url: EVENT_CREATE_PATH,
          headers: { host: 'ac.localhost', 'content-type': 'application/json' },
          payload: JSON.stringify({ type: 'track', event: 'experimentEntered', timestamp: new Date().toISOString(), sessionId: 'session-1', anonymousId, properties: { eventId, name: KEY, variant, page: { name: 'quiz-otc' } } }),
        });
      assert.equal((await enter(visitor, 'b', `entered-${dialect}-0001`)).statusCode, 201);
      assert.equal((await enter(visitor, 'control', `entered-${dialect}-0002`)).statusCode, 201, 'stored, but the first variant stays');
      assert.equal((await enter(visitorIn('b'), 'nope', `entered-${dialect}-0003`)).statusCode, 201);
      const results = (await call('GET', CC_EXPERIMENT_RESULTS.path, params)).json().results;
      assert.deepEqual(
        results.variants.map((variant: { key: string; visitors: number }) => [variant.key, variant.visitors]),
        [['control', 0], ['b', 1]],
      );
      assert.equal(results.srm.mismatch, false);
    });

    test('pausing shows the page as built again; stopping is final', async () => {
      const running = (await call('GET', CC_EXPERIMENT_GET.path, params)).json().experiment;
      assert.equal((await setStatus('paused', running.version)).statusCode, 200);
      const paused = (await page(payloadPath('/quiz/otc'), { cookie: `${COOKIE_BASE_NAMES.visitorId}=${visitorIn('b')}` })).json<PagePayload>();
      assert.equal(paused.experiment, undefined);
      assert.notEqual(paused.page.headline, B_HEADLINE);
      const stopped = await setStatus('stopped', running.version + 1);
      assert.equal(stopped.statusCode, 200);
      assert.ok(stopped.json().experiment.stoppedAt);
      const restart = await setStatus('running', running.version + 2);
      assert.equal(restart.statusCode, 409);
      assert.match(restart.json().problems[0], /can no longer change/);
      const audit = await call('GET', CC_AUDIT.path, { branch: 'ac' });
      const actions = (audit.json().entries as Array<{ itemKind: string; itemId: string; action: string }>).filter((entry) => entry.itemKind === 'experiment' && entry.itemId === KEY).map((entry) => entry.action);
      assert.deepEqual(actions, ['stop', 'pause', 'start', 'edit', 'create']);
      const waiting = (await call('GET', CC_EXPERIMENT_GET.path, { branch: 'ac', experiment: 'otc-cta' })).json().experiment;
      const second = await call('POST', CC_EXPERIMENT_STATUS.path, { branch: 'ac', experiment: 'otc-cta' }, { status: 'running', baseVersion: waiting.version });
      assert.equal(second.statusCode, 200, 'with the first stopped, the page is free for the next experiment');
    });
  });
}
