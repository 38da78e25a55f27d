/**
 * The version check in Chromium: once a new build is announced, the next navigation is a full
 * page load; with the same build it stays a client-side one.
 *
 * Its own server, not the shared one: the server reads a private copy of the build, so this test
 * can announce a new build without touching the dist/ other tests use.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DIST_DIR } from '../../build.ts';
import { launchBrowser, type TestBrowser, runtimeStarted } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';

let distDir: string;
let server: TestServer;
let browser: TestBrowser;

before(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'cobrand-dist-'));
  await cp(DIST_DIR, distDir, { recursive: true });
  server = await startTestServer({}, { distDir });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await rm(distDir, { recursive: true, force: true });
});

type VersionWindow = { __marker?: number; __cobrand: { versionCheck: { checkNow(): Promise<boolean> } } };

test('after a new build is announced, the next navigation is a full page load', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.origin('ac')}/`, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  await page.evaluate(() => ((window as unknown as VersionWindow).__marker = 1));

  // Same build: a client-side navigation keeps the window.
  assert.equal(await page.evaluate(() => (window as unknown as VersionWindow).__cobrand.versionCheck.checkNow()), false);
  await page.click('a[href="/privacy"]');
  await page.waitForFunction(() => location.pathname === '/privacy');
  assert.equal(await page.evaluate(() => (window as unknown as VersionWindow).__marker), 1);

  await writeFile(path.join(distDir, 'builds/latest.json'), JSON.stringify({ id: 'a-newer-build', timestamp: Date.now() }));
  assert.equal(await page.evaluate(() => (window as unknown as VersionWindow).__cobrand.versionCheck.checkNow()), true);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('a[href="/tos"]')]);
  assert.equal(new URL(page.url()).pathname, '/tos');
  assert.equal(await page.evaluate(() => (window as unknown as VersionWindow).__marker), undefined, 'full load');
  await page.close();
});
