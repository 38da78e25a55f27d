/**
 * /healthz and /readyz (src/server/platform/http/health.ts): answered on any Host (a bare IP, an
 * unknown name) without the brand lookup; /readyz names the check that failed when the store is
 * down or the build is gone; neither is rate-limited nor shed.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp, DEFAULT_DIST_DIR } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import type { BuildManifest, LatestBuild } from '../../../src/core/build-manifest.ts';
import { HEALTHZ_PATH, READYZ_PATH } from '../../../src/server/platform/http/health.ts';
import { openStore, type Store } from '../../../src/server/platform/store/index.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const HOSTS = ['10.1.2.3', '10.1.2.3:3000', '[2001:db8::1]', 'nobody.example', 'ac.localhost', 'localhost'];

describe('health and readiness on any host', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: 'a'.repeat(64), RATE_LIMITS: 'on', LOAD_SHEDDING: 'on' });
  });
  after(() => app.close());

  for (const host of HOSTS) {
    test(`Host: ${host}`, async () => {
      const health = await app.inject({ url: HEALTHZ_PATH, headers: { host } });
      assert.equal(health.statusCode, 200);
      assert.deepEqual(health.json(), { status: 'ok' });
      assert.equal(health.headers['cache-control'], 'no-store');
      const ready = await app.inject({ url: READYZ_PATH, headers: { host } });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { status: 'ok', checks: { store: 'ok', build: 'ok' } });
    });
  }

  test('HEAD and a query string are answered too; other paths on an unknown host still are not', async () => {
    assert.equal((await app.inject({ method: 'HEAD', url: HEALTHZ_PATH, headers: { host: '10.1.2.3' } })).statusCode, 200);
    assert.equal((await app.inject({ url: `${READYZ_PATH}?probe=lb`, headers: { host: '10.1.2.3' } })).statusCode, 200);
    const unknown = await app.inject({ url: `${HEALTHZ_PATH}extra`, headers: { host: 'nobody.example' } });
    assert.equal(unknown.statusCode, 404);
  });

  test('probes are never rate-limited', async () => {
    for (let i = 0; i < 100; i++) assert.equal((await app.inject({ url: HEALTHZ_PATH, headers: { host: '10.1.2.3' } })).statusCode, 200);
  });
});

/** A copy of the current build's files a page needs, so a test can take one away. */
function copyBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'cobrand-health-dist-'));
  const latest = JSON.parse(readFileSync(path.join(DEFAULT_DIST_DIR, 'builds/latest.json'), 'utf8')) as LatestBuild;
  const metaFile = `builds/meta/${latest.id}.json`;
  const manifest = JSON.parse(readFileSync(path.join(DEFAULT_DIST_DIR, metaFile), 'utf8')) as BuildManifest;
  for (const file of ['builds/latest.json', metaFile, manifest.assets.entry, ...manifest.assets.css, ...manifest.assets.controlCenterCss]) {
    mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    copyFileSync(path.join(DEFAULT_DIST_DIR, file), path.join(distDir, file));
  }
  return distDir;
}

describe('readiness failures', () => {
  let dataDir: string;
  let distDir: string;
  let store: Store;
  let app: FastifyInstance;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cobrand-health-data-'));
    distDir = copyBuild();
    store = await openStore({ dataDir });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    app = await buildApp({ config, logger: false, store, distDir, leadJobs: { outbox: false, retention: false } });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  });

  test('ready while the store answers and the build is there', async () => {
    assert.equal((await app.inject({ url: READYZ_PATH, headers: { host: '10.0.0.1' } })).statusCode, 200);
  });

  test('the build gone: 503 naming the build', async () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir, 'builds/latest.json'), 'utf8')) as LatestBuild;
    const entry = (JSON.parse(readFileSync(path.join(distDir, `builds/meta/${manifest.id}.json`), 'utf8')) as BuildManifest).assets.entry;
    rmSync(path.join(distDir, entry));
    const ready = await app.inject({ url: READYZ_PATH, headers: { host: '10.0.0.1' } });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.json(), { status: 'unavailable', checks: { store: 'ok', build: 'failed' }, failed: ['build'] });
  });

  test('the store down: 503 naming the store, while /healthz still says the process is alive', async () => {
    await store.close();
    const ready = await app.inject({ url: READYZ_PATH, headers: { host: '10.0.0.1' } });
    assert.equal(ready.statusCode, 503);
    const answer = ready.json<{ checks: { store: string }; failed: string[] }>();
    assert.equal(answer.checks.store, 'failed');
    assert.ok(answer.failed.includes('store'));
    assert.doesNotMatch(ready.body, /closed|sqlite/i, 'the reason is logged, not sent');
    assert.equal((await app.inject({ url: HEALTHZ_PATH, headers: { host: '10.0.0.1' } })).statusCode, 200);
  });
});
