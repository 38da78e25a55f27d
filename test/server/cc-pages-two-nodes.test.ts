/**
 * Publishing on PostgreSQL with two server nodes (issue 12 "Tests": "a publish on one is live on
 * the other"): two apps, each with its own store and connection pool on one fresh PostgreSQL
 * schema and the same SESSION_KEY, as two processes behind a proxy would be. Neither caches
 * what it read: a publish through either is on the other's next page request, and a preview
 * link one node made works on the other.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CC_PAGE_PREVIEW, CC_PAGE_PUBLISH, CC_PAGE_SAVE } from '../../src/core/contract/cc-pages.ts';
import { fillPath } from '../../src/core/contract/endpoint.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Store } from '../../src/server/store/index.ts';
import { createStoreTarget, type StoreTarget } from '../fixtures/store-targets.ts';
import { addStaff, CONTROL_CENTER_HOST, signedInCookie } from '../support/staff.ts';

const PAGE = { branch: 'ac', page: 'quiz-otc' };

describe('page publishing on PostgreSQL with two server nodes', () => {
  const key = randomBytes(32).toString('hex');
  let target: StoreTarget;
  const stores: Store[] = [];
  let first: FastifyInstance;
  let second: FastifyInstance;
  let firstCookie: string;
  let secondCookie: string;

  async function node(): Promise<FastifyInstance> {
    const store = await target.open();
    stores.push(store);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-node-')), SESSION_KEY: key });
    const app = await buildApp({ config, store, logger: false, leadJobs: { outbox: false, retention: false } });
    await app.ready();
    return app;
  }

  before(async () => {
    target = createStoreTarget('postgres');
    first = await node();
    second = await node();
    await addStaff(first);
    firstCookie = await signedInCookie(first);
    secondCookie = await signedInCookie(second);
  });
  after(async () => {
    await first?.close();
    await second?.close();
    for (const store of stores) await store.close();
    await target.cleanup();
  });

  const cc = (app: FastifyInstance, cookie: string, method: 'PUT' | 'POST', endpointPath: string, body: unknown) =>
    app.inject({ method, url: fillPath(endpointPath, PAGE), headers: { host: CONTROL_CENTER_HOST, cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const headline = async (app: FastifyInstance, url = '/quiz/otc') => /<h1[^>]*>(.*?)<\/h1>/s.exec((await app.inject({ url, headers: { host: 'ac.localhost' } })).body)?.[1];

  test('a publish on either node is live on the other at once', async () => {
    const builtIn = await headline(second);
    assert.equal((await cc(first, firstCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 0, fields: { headline: 'Published on the first node' } })).statusCode, 200);
    // Both nodes have read the page before the publish: nothing stale may stay behind.
    assert.equal(await headline(first), builtIn);
    assert.equal(await headline(second), builtIn);
    assert.equal((await cc(first, firstCookie, 'POST', CC_PAGE_PUBLISH.path, { version: 1 })).statusCode, 200);
    assert.equal(await headline(second), 'Published on the first node');

    assert.equal((await cc(second, secondCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 1, fields: { headline: 'Published on the second node' } })).statusCode, 200);
    assert.equal((await cc(second, secondCookie, 'POST', CC_PAGE_PUBLISH.path, { version: 2 })).statusCode, 200);
    assert.equal(await headline(first), 'Published on the second node');
  });

  test('the second save on the same version, through the other node, is a 409', async () => {
    const response = await cc(first, firstCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 1, fields: { headline: 'Too late' } });
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().version.version, 2);
  });

  test('a preview link made by one node shows the draft on the other', async () => {
    await cc(first, firstCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 2, fields: { headline: 'A draft' } });
    const url = new URL((await cc(first, firstCookie, 'POST', CC_PAGE_PREVIEW.path, { version: 3 })).json().url as string);
    assert.equal(await headline(second, url.pathname + url.search), 'A draft');
    assert.equal(await headline(second), 'Published on the second node');
  });
});
