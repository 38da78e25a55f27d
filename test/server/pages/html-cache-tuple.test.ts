/**
 * The HTML cache keyed from the request (src/server/pages/html-cache.ts): a hit builds no
 * payload; each member of the key's tuple gets its own entry; per-visitor requests bypass; and
 * what staff change in the store (experiments, phone rules) is served on the next request of
 * another process, on SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { assignVariant } from '../../../src/core/experiments/assignment.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { payloadsBuilt } from '../../../src/server/pages/visit-payload.ts';
import { RENDER_CACHE_HEADER } from '../../../src/server/pages/html-cache.ts';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { injectableApp, INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS } from '../../../tools/support/server.ts';

const HOST = 'ac.localhost';
const PAGE = '/quiz/otc/zip';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const STAFF = 'staff@example.com';
const VARIANTS = [
  { key: 'control', weight: 50, overrides: {} },
  { key: 'b', weight: 50, overrides: { headline: 'Variant headline' } },
];

/** Two visitor ids the shared assignment puts in different variants of experiment `hero`. */
function visitorsInEachVariant(): [string, string] {
  const ids = Array.from({ length: 32 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const first = ids[0]!;
  const other = ids.find((id) => assignVariant('hero', VARIANTS, id) !== assignVariant('hero', VARIANTS, first));
  assert.ok(other, 'two visitors in different variants');
  return [first, other];
}
const [VISITOR_A, VISITOR_B] = visitorsInEachVariant();

/** The body with its nonce replaced by a fixed mark, so two responses' bytes compare. */
function withoutNonce(response: LightMyRequestResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  assert.ok(nonce, 'a CSP nonce');
  return response.body.replaceAll(nonce, 'NONCE');
}

async function startHeroExperiment(store: Store): Promise<void> {
  await store.createExperiment({ key: 'hero', branch: 'ac', name: 'Hero', routes: ['quiz-otc'], variants: VARIANTS, by: STAFF });
  const started = await store.setExperimentStatus('ac', 'hero', 'running', 1);
  assert.ok(started);
}

describe('the HTML cache key, on one node', () => {
  let app: FastifyInstance;
  let clock = INSIDE_WORKING_HOURS;
  before(async () => {
    app = await injectableApp({}, { now: () => clock });
    await startHeroExperiment(app.store);
    await app.store.createPhoneRule('ac', { afid: 'partner7', number: '8885550142', routes: [], startsOn: null, endsOn: null }, STAFF);
  });
  after(() => app.close());

  const base = { host: HOST, url: PAGE, cookie: `cobrand_aid=${VISITOR_A}`, userAgent: undefined as string | undefined };
  const get = (request: Partial<typeof base> = {}) => {
    const { host, url, cookie, userAgent } = { ...base, ...request };
    return app.inject({ url, headers: { host, cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) } });
  };

  test('a hit builds no payload', async () => {
    await get();
    const before = payloadsBuilt();
    const hit = await get();
    assert.equal(hit.headers[RENDER_CACHE_HEADER], 'hit');
    assert.equal(payloadsBuilt(), before);
  });

  // Each member of the key's tuple (build aside: one per process) changes the bytes, so each gets an entry of its own.
  // A crawler's page is rendered whole before it is sent; without a suspended part its bytes are a person's.
  const members: { name: string; request: Partial<typeof base>; clock?: Date; sameBytes?: true }[] = [
    { name: 'brand', request: { host: 'emily.localhost' } },
    { name: 'path', request: { url: '/grocery' } },
    { name: 'step', request: { url: '/quiz/otc/medicare' } },
    { name: 'language', request: { url: '/get-yours-otc-es' } },
    { name: 'experiment variant', request: { cookie: `cobrand_aid=${VISITOR_B}` } },
    { name: 'phone-rule number', request: { cookie: `cobrand_aid=${VISITOR_A}; cobrand_afid=partner7` } },
    { name: 'working-hours flag', request: {}, clock: OUTSIDE_WORKING_HOURS },
    // Closed Monday evening: lines open Tuesday, not Monday as for the Sunday above, so other words.
    { name: 'next opening', request: {}, clock: new Date('2026-11-24T03:00:00Z') },
    { name: 'crawler flag', request: { userAgent: CRAWLER }, sameBytes: true },
  ];
  for (const member of members) {
    test(`${member.name}: an entry of its own, and the base page's entry stays`, async () => {
      const basePage = await get();
      assert.equal(basePage.headers[RENDER_CACHE_HEADER], 'hit');
      clock = member.clock ?? INSIDE_WORKING_HOURS;
      try {
        const first = await get(member.request);
        const second = await get(member.request);
        assert.equal(first.statusCode, 200);
        assert.equal(first.headers[RENDER_CACHE_HEADER], 'miss');
        assert.equal(second.headers[RENDER_CACHE_HEADER], 'hit');
        if (!member.sameBytes) assert.ok(withoutNonce(first) !== withoutNonce(basePage), 'other bytes than the base page');
      } finally {
        clock = INSIDE_WORKING_HOURS;
      }
      assert.equal((await get()).headers[RENDER_CACHE_HEADER], 'hit');
    });
  }

  test('closed moments with the same next opening share an entry, which names that opening', async () => {
    try {
      clock = new Date('2026-11-22T20:00:00Z');
      const sunday = await get();
      assert.equal(sunday.headers[RENDER_CACHE_HEADER], 'hit', 'Sunday 12:00 Pacific: the entry of Sunday 10:00, both open Monday');
      assert.match(sunday.body, /Opens Mon 8 a\.m\. ET/);
      clock = new Date('2026-11-24T03:30:00Z');
      assert.match((await get()).body, /Opens Tue 8 a\.m\. ET/);
    } finally {
      clock = INSIDE_WORKING_HOURS;
    }
  });

  test('the rule number and the variant are what the cached pages show', async () => {
    assert.match((await get({ cookie: `cobrand_aid=${VISITOR_A}; cobrand_afid=partner7` })).body, /8885550142/);
    const variantOf = (response: LightMyRequestResponse) => (response.body.includes('Variant headline') ? 'b' : 'control');
    assert.equal(variantOf(await get()), assignVariant('hero', VARIANTS, VISITOR_A));
    assert.equal(variantOf(await get({ cookie: `cobrand_aid=${VISITOR_B}` })), assignVariant('hero', VARIANTS, VISITOR_B));
  });

  // Each is rendered for its request alone, from a payload built every time.
  const perVisitor: { name: string; request: Partial<typeof base> }[] = [
    { name: 'a query string on a funnel page (the no-JavaScript form posts it back)', request: { url: `${PAGE}?utm_source=mail` } },
    { name: 'a forced variant', request: { url: `${PAGE}?exp=hero:b` } },
    { name: 'a no-JavaScript visitor', request: { cookie: `cobrand_aid=${VISITOR_A}; cobrand_nojs_visitor=00000000-0000-4000-8000-000000000001` } },
    { name: 'the outcome of a no-JavaScript lead', request: { cookie: `cobrand_aid=${VISITOR_A}; cobrand_lead=otc.failed` } },
  ];
  for (const c of perVisitor) {
    test(`bypass: ${c.name}`, async () => {
      for (let i = 0; i < 2; i++) {
        const before = payloadsBuilt();
        const response = await get(c.request);
        assert.equal(response.headers[RENDER_CACHE_HEADER], 'bypass');
        assert.equal(payloadsBuilt(), before + 1);
      }
    });
  }
});

for (const dialect of STORE_DIALECTS) {
  describe(`staff changes with two server nodes on ${dialect}`, () => {
    const key = randomBytes(32).toString('hex');
    let target: StoreTarget;
    const stores: Store[] = [];
    let first: FastifyInstance;
    let second: FastifyInstance;

    async function node(): Promise<FastifyInstance> {
      const store = await target.open();
      stores.push(store);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-node-')), SESSION_KEY: key });
      const app = await buildApp({ config, store, logger: false, now: () => INSIDE_WORKING_HOURS, leadJobs: { outbox: false, retention: false } });
      await app.ready();
      return app;
    }

    before(async () => {
      target = createStoreTarget(dialect);
      first = await node();
      second = await node();
    });
    after(async () => {
      await first?.close();
      await second?.close();
      for (const store of stores) await store.close();
      await target.cleanup();
    });

    const page = (cookie: string) => second.inject({ url: PAGE, headers: { host: HOST, cookie } });
    const visitorB = `cobrand_aid=${VISITOR_B}`;
    const withAfid = `${visitorB}; cobrand_afid=partner9`;

    /** Both pages of this suite cached on the second node. */
    async function cacheBoth(): Promise<void> {
      for (const cookie of [visitorB, withAfid]) {
        await page(cookie);
        assert.equal((await page(cookie)).headers[RENDER_CACHE_HEADER], 'hit');
      }
    }

    const changes: { name: string; change: () => Promise<unknown>; cookie: string; shows: RegExp }[] = [
      { name: 'an experiment started on the first node', change: () => startHeroExperiment(stores[0]!), cookie: visitorB, shows: /Variant headline/ },
      {
        name: 'a phone rule added on the first node',
        change: () => stores[0]!.createPhoneRule('ac', { afid: 'partner9', number: '8775550199', routes: [], startsOn: null, endsOn: null }, STAFF),
        cookie: withAfid,
        shows: /8775550199/,
      },
    ];
    for (const c of changes) {
      test(`${c.name} is served by the second node's next request`, async () => {
        await cacheBoth();
        assert.doesNotMatch((await page(c.cookie)).body, c.shows);
        await c.change();
        const fresh = await page(c.cookie);
        assert.equal(fresh.headers[RENDER_CACHE_HEADER], 'miss');
        assert.match(fresh.body, c.shows);
      });
    }
  });
}
