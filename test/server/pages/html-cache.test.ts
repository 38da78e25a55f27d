/**
 * The rendered-HTML cache, through the page route: a page is
 * rendered once and then served as bytes, with the status kept and each response's own CSP nonce;
 * per-visitor requests are never kept; a publish from the control center on one server node is
 * on every node's next request (two apps on one store, each with its own cache, as two processes
 * behind a proxy), on both stores.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CC_PAGE_PUBLISH, CC_PAGE_SAVE } from '../../../src/core/contract/cc-pages.ts';
import { fillPath } from '../../../src/core/contract/endpoint.ts';
import { GPC_HEADER } from '../../../src/core/contract/privacy-choices.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { PREVIEW_PARAM, signPreviewToken } from '../../../src/server/control-center/pages/preview-token.ts';
import { RENDER_CACHE_HEADER } from '../../../src/server/pages/html-cache.ts';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST, signedInCookie } from '../../support/staff.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const HOST = 'ac.localhost';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The response's CSP nonce, from its Content-Security-Policy header. */
function nonceOf(response: LightMyRequestResponse): string {
  const match = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']));
  assert.ok(match, 'a CSP nonce');
  return match[1]!;
}

/** The body with its nonce replaced by a fixed mark, so two responses' bytes compare. */
function withoutNonce(response: LightMyRequestResponse): string {
  return response.body.replaceAll(nonceOf(response), 'NONCE');
}

const h1Of = (response: LightMyRequestResponse) => /<h1[^>]*>(.*?)<\/h1>/s.exec(response.body)?.[1];

describe('the HTML cache on one node', () => {
  let app: FastifyInstance;
  let staffCookie: string;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
    staffCookie = await signedInCookie(app);
  });
  after(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { host: HOST, ...headers } });

  const cases = [
    { name: 'a funnel step', url: '/quiz/otc/zip', status: 200 },
    { name: 'a static page', url: '/', status: 200 },
    { name: 'the not-found page keeps its 404', url: '/no-such-page-here', status: 404 },
  ];
  for (const c of cases) {
    test(`${c.name}: rendered once, then the same bytes from the cache with the new request's nonce`, async () => {
      const first = await get(c.url);
      const second = await get(c.url);
      assert.equal(first.headers[RENDER_CACHE_HEADER], 'miss');
      assert.equal(second.headers[RENDER_CACHE_HEADER], 'hit');
      for (const response of [first, second]) {
        assert.equal(response.statusCode, c.status);
        assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(response.headers['cache-control'], 'no-store');
        assert.equal(response.headers.vary, 'Host');
      }
      assert.notEqual(nonceOf(first), nonceOf(second));
      assert.match(second.body, new RegExp(`<script nonce="${nonceOf(second).replace(/[+/]/g, '\\$&')}"`));
      assert.equal(withoutNonce(second), withoutNonce(first));
    });
  }

  test('a HEAD is answered from the cache, and one does not fill it', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/carriers', headers: { host: HOST } });
    assert.equal(head.statusCode, 200);
    assert.equal((await get('/carriers')).headers[RENDER_CACHE_HEADER], 'miss');
    const again = await app.inject({ method: 'HEAD', url: '/carriers', headers: { host: HOST } });
    assert.equal(again.headers[RENDER_CACHE_HEADER], 'hit');
    assert.equal(again.body, '');
  });

  test('a crawler gets a page rendered for crawlers, kept apart from the streamed one', async () => {
    await get('/grocery');
    assert.equal((await get('/grocery')).headers[RENDER_CACHE_HEADER], 'hit');
    assert.equal((await get('/grocery', { 'user-agent': CRAWLER })).headers[RENDER_CACHE_HEADER], 'miss');
    assert.equal((await get('/grocery', { 'user-agent': CRAWLER })).headers[RENDER_CACHE_HEADER], 'hit');
  });

  test('a query string the page does not render shares the cached page; each brand has its own', async () => {
    await get('/carriers');
    assert.equal((await get('/carriers?utm_source=mail')).headers[RENDER_CACHE_HEADER], 'hit');
    assert.equal((await app.inject({ url: '/', headers: { host: 'emily.localhost' } })).headers[RENDER_CACHE_HEADER], 'miss');
  });

  // Per-visitor data never goes into the cache: each of these is rendered for its request alone, every time.
  const perVisitor: { name: string; url: string; headers?: Record<string, string> }[] = [
    { name: 'ad-click parameters on a funnel page (the no-JavaScript form posts them back)', url: '/quiz/otc/zip?gclid=abcdefghijklmnopqrstuvwxyz&firstname=Ann' },
    { name: 'a browser sending Global Privacy Control', url: '/quiz/otc/zip', headers: { [GPC_HEADER]: '1' } },
    { name: 'a browser with a recorded opt-out', url: '/', headers: { cookie: `cobrand_privacy=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.1700000000000` } },
  ];
  for (const c of perVisitor) {
    test(`not cached: ${c.name}`, async () => {
      for (let i = 0; i < 2; i++) {
        const response = await get(c.url, c.headers);
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers[RENDER_CACHE_HEADER], 'bypass');
      }
    });
  }

  test('not cached: a draft preview, nor the live page it was previewed on', async () => {
    const store = app.store;
    await store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'carriers', fields: { headline: 'Draft headline' }, baseVersion: 0, by: 'staff@example.com' });
    const token = signPreviewToken(app.previewKey, { branch: 'ac', route: 'carriers', version: 1, expiresAt: Math.floor(Date.now() / 1000) + 600 });
    // The link's hops (preview-token.ts): to the control center, back with a pass for this staff
    // session, the pass traded for the brand host's cookie; the draft is at `?preview=on` with it.
    const hop = new URL((await get(`/carriers?${PREVIEW_PARAM}=${encodeURIComponent(token)}`)).headers.location as string);
    const back = new URL((await app.inject({ url: hop.pathname + hop.search, headers: { host: CONTROL_CENTER_HOST, cookie: staffCookie } })).headers.location as string);
    const exchanged = await get(back.pathname + back.search);
    const previewCookie = exchanged.cookies.find((cookie) => cookie.name === COOKIE_BASE_NAMES.preview)!;
    for (let i = 0; i < 2; i++) {
      const preview = await get(exchanged.headers.location as string, { cookie: `${previewCookie.name}=${previewCookie.value}` });
      assert.equal(h1Of(preview), 'Draft headline');
      assert.equal(preview.headers[RENDER_CACHE_HEADER], 'bypass');
    }
    assert.notEqual(h1Of(await get('/carriers')), 'Draft headline');
  });

  test('not cached: the control center (signed-in staff)', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({ url: '/', headers: { host: CONTROL_CENTER_HOST, cookie: staffCookie } });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers[RENDER_CACHE_HEADER], 'bypass');
    }
  });
});

for (const dialect of STORE_DIALECTS) {
  describe(`publishing with two server nodes on ${dialect}`, () => {
    const key = randomBytes(32).toString('hex');
    let target: StoreTarget;
    const stores: Store[] = [];
    let first: FastifyInstance;
    let second: FastifyInstance;
    let cookie: string;

    async function node(): Promise<FastifyInstance> {
      const store = await target.open();
      stores.push(store);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-node-')), SESSION_KEY: key });
      const app = await buildApp({ config, store, logger: false, leadJobs: { outbox: false, retention: false } });
      await app.ready();
      return app;
    }

    before(async () => {
      target = createStoreTarget(dialect);
      first = await node();
      second = await node();
      await addStaff(first);
      cookie = await signedInCookie(first);
    });
    after(async () => {
      await first?.close();
      await second?.close();
      for (const store of stores) await store.close();
      await target.cleanup();
    });

    const page = (app: FastifyInstance) => app.inject({ url: '/quiz/otc', headers: { host: HOST } });
    const cc = (endpointPath: string, method: 'PUT' | 'POST', body: unknown) =>
      first.inject({ method, url: fillPath(endpointPath, { branch: 'ac', page: 'quiz-otc' }), headers: { host: CONTROL_CENTER_HOST, cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

    test('a publish on one node replaces the cached page on both at their next request', async () => {
      for (const app of [first, second]) {
        await page(app);
        assert.equal((await page(app)).headers[RENDER_CACHE_HEADER], 'hit');
      }
      const builtIn = h1Of(await page(second));
      assert.equal((await cc(CC_PAGE_SAVE.path, 'PUT', { baseVersion: 0, fields: { headline: 'Published headline' } })).statusCode, 200);
      // A saved draft is not live: both nodes still serve their cached page.
      for (const app of [first, second]) assert.equal((await page(app)).headers[RENDER_CACHE_HEADER], 'hit');
      assert.equal((await cc(CC_PAGE_PUBLISH.path, 'POST', { version: 1 })).statusCode, 200);
      for (const app of [second, first]) {
        const fresh = await page(app);
        assert.equal(fresh.headers[RENDER_CACHE_HEADER], 'miss');
        assert.equal(h1Of(fresh), 'Published headline');
        assert.notEqual(h1Of(fresh), builtIn);
        assert.equal((await page(app)).headers[RENDER_CACHE_HEADER], 'hit');
      }
    });
  });
}
