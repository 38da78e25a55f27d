/**
 * The page pipeline's first step (src/server/pages/visit.ts): a request's facts become one frozen
 * Visit, each fact read where the request holds it (host, path, query, cookies, headers, clock);
 * and a page answer reads its visit once, on a hit, a miss, a twin and a form post alike; the
 * anonymous visit `cobrand prerender` builds pages for is what a crawler's cookieless twin request reads.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BuildManifest } from '../../../src/core/build-manifest.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { RENDER_CACHE_HEADER } from '../../../src/server/pages/html-cache.ts';
import { anonymousVisit, readVisit, visitsRead, type Visit } from '../../../src/server/pages/visit.ts';
import { payloadsBuilt } from '../../../src/server/pages/visit-payload.ts';
import { injectableApp, INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS } from '../../../tools/support/server.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const VISITOR = '00000000-0000-4000-8000-000000000007';
const NO_JS = '00000000-0000-4000-8000-0000000000aa';
const NO_JS_SESSION = '00000000-0000-4000-8000-0000000000bb';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const OPTED_OUT_AT = Date.parse('2026-01-02T03:04:05.000Z');

const CONFIG = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-visit-')) });
/** What the test reads visits with: the app's vars with a configured number for ac, a build id and a clock of its own. */
const OPTIONS = { manifest: { id: 'visit-test-build' } as BuildManifest, vars: { ...CONFIG.vars, BRAND_PHONE_AC: '8005550177' }, now: () => INSIDE_WORKING_HOURS };

interface Row {
  name: string;
  url: string;
  host?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  now?: Date;
  /** The Visit's fields this request must produce (the others are checked by the base row). */
  expected: Partial<Visit>;
}

/** The visit of a plain page request: every row but its own facts. */
const BASE: Partial<Visit> = {
  buildId: 'visit-test-build',
  path: '/quiz/otc',
  twin: false,
  query: {},
  queryString: '',
  asksStaffView: false,
  workingHours: true,
  afid: undefined,
  afidCookie: undefined,
  forcedVariant: undefined,
  previewVersion: undefined,
  privacy: undefined,
  crawler: false,
  noJsVisitor: undefined,
  formCookie: undefined,
  leadOutcomeCookie: false,
  secureCookies: false,
};

const ROWS: Row[] = [
  { name: 'a plain page', url: '/quiz/otc', expected: {} },
  { name: 'the JSON twin: the page it is the twin of', url: '/quiz/otc/_payload.json', expected: { twin: true } },
  { name: 'a form post is never a twin', url: '/quiz/otc', method: 'POST', expected: {} },
  {
    name: 'query: single string values, and the query string as sent',
    url: '/quiz/otc?utm_medium=aff&zip=90210&zip=10001',
    expected: { query: { utm_medium: 'aff' }, queryString: '?utm_medium=aff&zip=90210&zip=10001', afidCookie: undefined },
  },
  { name: 'working hours: judged at the clock', url: '/quiz/otc', now: OUTSIDE_WORKING_HOURS, expected: { workingHours: false } },
  { name: 'afid in the address: the visit\'s, and the cookie set', url: '/quiz/otc?afid=partner7', expected: { query: { afid: 'partner7' }, queryString: '?afid=partner7', afid: 'partner7', afidCookie: { set: 'partner7' } } },
  { name: 'afid in the cookie only: kept, the cookie untouched', url: '/quiz/otc', headers: { cookie: `${COOKIE_BASE_NAMES.afid}=partner7` }, expected: { afid: 'partner7' } },
  {
    name: 'a new attribution without afid: none, and the old cookie cleared',
    url: '/quiz/otc?utm_source=mail',
    headers: { cookie: `${COOKIE_BASE_NAMES.afid}=partner7` },
    expected: { query: { utm_source: 'mail' }, queryString: '?utm_source=mail', afidCookie: { clear: true } },
  },
  { name: 'a draft preview asked: a staff view, no draft without its cookie', url: '/quiz/otc?preview=on', expected: { query: { preview: 'on' }, queryString: '?preview=on', asksStaffView: true } },
  { name: 'a forced variant asked: a staff view, ignored without a staff session', url: '/quiz/otc?exp=hero:b', expected: { query: { exp: 'hero:b' }, queryString: '?exp=hero:b', asksStaffView: true } },
  { name: 'a crawler', url: '/quiz/otc', headers: { 'user-agent': CRAWLER }, expected: { crawler: true } },
  { name: 'Global Privacy Control', url: '/quiz/otc', headers: { 'sec-gpc': '1' }, expected: { privacy: { optedOut: true, optedOutAt: null, gpc: true } } },
  {
    name: 'the privacy cookie',
    url: '/quiz/otc',
    headers: { cookie: `${COOKIE_BASE_NAMES.privacy}=${VISITOR}.${OPTED_OUT_AT}` },
    expected: { privacy: { optedOut: true, optedOutAt: new Date(OPTED_OUT_AT).toISOString(), gpc: false } },
  },
  {
    name: 'a known no-JavaScript visitor',
    url: '/quiz/otc',
    headers: { cookie: `${COOKIE_BASE_NAMES.noJsVisitor}=${NO_JS}; ${COOKIE_BASE_NAMES.noJsSession}=${NO_JS_SESSION}` },
    expected: { noJsVisitor: { anonymousId: NO_JS, sessionId: NO_JS_SESSION } },
  },
  { name: 'a lead outcome cookie', url: '/quiz/otc', headers: { cookie: `${COOKIE_BASE_NAMES.leadOutcome}=medicare-otc.failed` }, expected: { leadOutcomeCookie: true } },
  { name: 'over HTTPS (a trusted proxy says so): Secure cookies', url: '/quiz/otc', headers: { 'x-forwarded-proto': 'https' }, expected: { secureCookies: true } },
  { name: 'a path no route has', url: '/no-such-page', expected: { path: '/no-such-page', match: undefined } },
];

describe('readVisit: a request\'s facts become the Visit', () => {
  let app: FastifyInstance;
  let clock = INSIDE_WORKING_HOURS;
  const visits: Visit[] = [];
  before(async () => {
    app = await buildApp({ config: CONFIG, logger: false });
    // Every route's request, read as the page pipeline reads it (before the route's own answer).
    app.addHook('preHandler', async (request) => {
      if (request.brand) visits.push(await readVisit(request, { ...OPTIONS, now: () => clock }));
    });
    await app.ready();
  });
  after(() => app.close());

  for (const row of ROWS) {
    test(row.name, async () => {
      clock = row.now ?? INSIDE_WORKING_HOURS;
      const read = visits.length;
      await app.inject({ method: row.method ?? 'GET', url: row.url, headers: { host: row.host ?? 'ac.localhost', ...row.headers }, ...(row.method === 'POST' ? { payload: '' } : {}) });
      assert.equal(visits.length, read + 1, 'one visit read');
      const visit = visits.at(-1)!;
      assert.ok(Object.isFrozen(visit), 'the visit cannot change');
      const expected = { ...BASE, ...row.expected };
      for (const [field, value] of Object.entries(expected)) assert.deepEqual(visit[field as keyof Visit], value, field);
      assert.equal(visit.brand.id, 'ac');
      assert.equal(visit.brand.phone, '8005550177', 'the brand with its configured number');
      assert.equal(visit.now, clock);
      if (!('match' in row.expected)) assert.equal(visit.match?.route.name, 'quiz-otc');
    });
  }

  const visitorRows: { name: string; cookie: string | undefined; id: string | undefined; isNew: boolean }[] = [
    { name: 'the visitor-id cookie\'s id', cookie: `${COOKIE_BASE_NAMES.visitorId}=${VISITOR}`, id: VISITOR, isNew: false },
    { name: 'a new id when the cookie is missing', cookie: undefined, id: undefined, isNew: true },
    { name: 'a new id when the cookie holds no id', cookie: `${COOKIE_BASE_NAMES.visitorId}=not-an-id`, id: undefined, isNew: true },
  ];
  for (const row of visitorRows) {
    test(`visitor: ${row.name}`, async () => {
      await app.inject({ url: '/quiz/otc', headers: { host: 'ac.localhost', ...(row.cookie ? { cookie: row.cookie } : {}) } });
      const { visitor } = visits.at(-1)!;
      assert.equal(visitor.isNew, row.isNew);
      if (row.id) assert.equal(visitor.id, row.id);
      else assert.match(visitor.id, /^[0-9a-f-]{36}$/);
    });
  }
});

describe('a page answer reads its visit once', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  const cases: { name: string; url: string; method?: 'GET' | 'POST'; outcome?: string; payloads: number }[] = [
    { name: 'a cache miss: one visit for the key and the payload', url: '/quiz/otc/zip', outcome: 'miss', payloads: 1 },
    { name: 'a cache hit: one visit, no payload', url: '/quiz/otc/zip', outcome: 'hit', payloads: 0 },
    { name: 'a bypass (query string on a funnel page)', url: '/quiz/otc/zip?utm_source=mail', outcome: 'bypass', payloads: 1 },
    { name: 'the JSON twin', url: '/quiz/otc/zip/_payload.json', payloads: 1 },
    { name: 'a no-JavaScript form post', url: '/quiz/otc/zip', method: 'POST', payloads: 1 },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const [visitsBefore, payloadsBefore] = [visitsRead(), payloadsBuilt()];
      const response = await app.inject({
        method: c.method ?? 'GET',
        url: c.url,
        headers: { host: 'ac.localhost', ...(c.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(c.method === 'POST' ? { payload: 'zip=90210' } : {}),
      });
      assert.ok(response.statusCode < 500, `answered (${response.statusCode})`);
      if (c.outcome) assert.equal(response.headers[RENDER_CACHE_HEADER], c.outcome);
      assert.equal(visitsRead() - visitsBefore, 1, 'visits read');
      assert.equal(payloadsBuilt() - payloadsBefore, c.payloads, 'payloads built');
    });
  }
});

describe('the visitor-id cookie goes with an answer showing a variant assigned by a new id', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
    const variants = [
      { key: 'control', weight: 50, overrides: {} },
      { key: 'b', weight: 50, overrides: { headline: 'Variant headline' } },
    ];
    await app.store.createExperiment({ key: 'hero', branch: 'ac', name: 'Hero', routes: ['quiz-otc'], variants, by: 'staff@example.com' });
    assert.ok(await app.store.setExperimentStatus('ac', 'hero', 'running', 1));
  });
  after(() => app.close());

  const visitorCookie = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((line) => line.startsWith(`${COOKIE_BASE_NAMES.visitorId}=`));
  const cases: { name: string; url: string; cookie?: string; outcome?: string; issued: boolean }[] = [
    { name: 'a miss', url: '/quiz/otc', outcome: 'miss', issued: true },
    { name: 'a hit of the same page', url: '/quiz/otc', outcome: 'hit', issued: true },
    { name: 'the JSON twin', url: '/quiz/otc/_payload.json', issued: true },
    { name: 'a visitor who has an id', url: '/quiz/otc', cookie: `${COOKIE_BASE_NAMES.visitorId}=${VISITOR}`, issued: false },
    { name: 'a page no experiment runs on', url: '/grocery', issued: false },
  ];
  for (const c of cases) {
    test(`${c.name}: ${c.issued ? 'issued' : 'none'}`, async () => {
      const get = () => app.inject({ url: c.url, headers: { host: 'ac.localhost', ...(c.cookie ? { cookie: c.cookie } : {}) } });
      let response = await get();
      // Each new id is random, so its variant is either one: asked again, both are soon kept.
      for (let tries = 0; c.outcome === 'hit' && response.headers[RENDER_CACHE_HEADER] !== 'hit' && tries < 30; tries++) response = await get();
      assert.equal(response.statusCode, 200);
      if (c.outcome) assert.equal(response.headers[RENDER_CACHE_HEADER], c.outcome);
      assert.equal(visitorCookie(response.headers['set-cookie']) !== undefined, c.issued);
    });
  }
});

describe('anonymousVisit: the visit of a crawler asking for a twin with nothing but the address', () => {
  let app: FastifyInstance;
  const visits: Visit[] = [];
  before(async () => {
    app = await buildApp({ config: CONFIG, logger: false });
    app.addHook('preHandler', async (request) => {
      if (request.brand) visits.push(await readVisit(request, OPTIONS));
    });
    await app.ready();
  });
  after(() => app.close());

  for (const url of ['/quiz/otc/_payload.json', '/quiz/otc/zip/_payload.json', '/_payload.json', '/no-such-page/_payload.json']) {
    test(`${url}: every fact as readVisit reads it, but for its own new anonymous id`, async () => {
      await app.inject({ url, headers: { host: 'ac.localhost', 'user-agent': CRAWLER } });
      const read = visits.at(-1)!;
      const anonymous = anonymousVisit({ brand: read.brand, path: read.path, buildId: OPTIONS.manifest.id, now: INSIDE_WORKING_HOURS });
      assert.ok(Object.isFrozen(anonymous));
      assert.deepEqual({ ...anonymous, visitor: undefined }, { ...read, visitor: undefined });
      assert.equal(anonymous.visitor.isNew, true);
    });
  }
});
