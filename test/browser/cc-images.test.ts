/**
 * The control center's images screens in Chromium: sign in, a missing alt
 * text shown inline, upload a PNG on ac's images screen, see it listed with its thumbnail (a WebP
 * rendition the browser picked from the srcset, loaded), open it, change its alt text, use it on
 * ac's landing page and see it there with its srcset after publishing; axe 0 violations on both
 * screens in the light and the dark colour mode.
 *
 * On the run's shared server: the page it changes, ac's /ac-v1-lp, and ac's images are read by no
 * other browser file, and it signs in with an account of its own.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { drawImage } from '../fixtures/images.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { addStaff, type StaffAccount } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const STAFF: StaffAccount = { email: 'cc-images@example.com', name: 'Images Screen Tester', password: 'images screen test password' };

let server: SharedTestServer;
let browser: TestBrowser;
let folder: string;
let file: string;

before(async () => {
  server = await sharedTestServer();
  await addStaff(server.app, STAFF);
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'cc-images-'));
  file = path.join(folder, 'sunrise.png');
  writeFileSync(file, await drawImage('png', 800, 400, 42));
});

after(async () => {
  await browser?.close();
  await server?.release();
  rmSync(folder, { recursive: true, force: true });
});

async function axeViolations(page: TestPage): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

/** Axe in the light and the dark colour mode. */
async function axeInBothModes(page: TestPage): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
    found[mode] = await axeViolations(page);
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  return found;
}

describe('the images screens in a browser', () => {
  let page: TestPage;

  test('signed in, ac’s images screen shows the upload form and no images; axe clean', async () => {
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.origin('ccc')}/branches/ac/images`, { waitUntil: 'networkidle0' });
    assert.equal(new URL(page.url()).pathname, '/sign-in');
    await page.type('#sign-in-email', STAFF.email);
    await page.type('#sign-in-password', STAFF.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('form.cc-sign-in button[type="submit"]')]);
    assert.equal(new URL(page.url()).pathname, '/branches/ac/images');
    // Errors the signed-out sign-in page logged (its prefetches answered 401) are not this screen's.
    page.consoleErrors.length = 0;
    await page.waitForSelector('::-p-text(No images yet)');
    assert.deepEqual(await axeInBothModes(page), { light: [], dark: [] });
  });

  test('a file without alt text is refused inline, before anything is sent', async () => {
    const input = await page.waitForSelector('.cc-img-form input[type="file"]');
    await input!.uploadFile(file);
    await page.click('.cc-img-form button[type="submit"]');
    const alert = await page.waitForSelector('.cc-img-form [role="alert"]');
    assert.match((await alert!.evaluate((node) => node.textContent)) ?? '', /Alt text: the alt text is missing|Alt text: the alt text is empty/);
    assert.deepEqual(await server.app.store.listImages('ac'), []);
  });

  test('upload: listed with its thumbnail, a WebP rendition the browser chose; axe clean', async () => {
    await page.type('.cc-img-form input[name="alt"]', 'An orange sunrise');
    await page.click('.cc-img-form button[type="submit"]');
    await page.waitForSelector('::-p-text(Uploaded:)');
    await page.waitForSelector('.cc-img-list tbody tr');
    const row = await page.$eval('.cc-img-list tbody tr', (tr) => tr.textContent ?? '');
    assert.match(row, /An orange sunrise/);
    assert.match(row, /800 × 400/);
    assert.match(row, new RegExp(STAFF.email.replace('.', '\\.')));
    assert.match(row, /unused/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.cc-img-list img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const thumbnail = await page.$eval('.cc-img-list img', (img) => ({ current: img.currentSrc, alt: img.getAttribute('alt') }));
    assert.match(thumbnail.current, /\/media\/[0-9a-f]{64}\/w(320|640)\.webp$/);
    assert.equal(thumbnail.alt, 'An orange sunrise');
    const [stored] = await server.app.store.listImages('ac');
    assert.equal(stored?.alt, 'An orange sunrise');
    assert.equal(stored?.createdBy, STAFF.email);
    assert.deepEqual(await axeInBothModes(page), { light: [], dark: [] });
    assert.deepEqual(page.consoleErrors, []);
  });

  test('the image: details and renditions; its alt text changed; axe clean', async () => {
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.cc-img-list tbody th a')]);
    assert.match(new URL(page.url()).pathname, /^\/branches\/ac\/images\/[0-9a-f]{64}$/);
    await page.waitForSelector('.cc-img-details');
    const renditions = await page.$$eval('.cc-img-details table tbody th a', (links) => links.map((link) => link.textContent));
    assert.deepEqual(renditions, ['w320.webp', 'w640.webp', 'original.png']);
    assert.deepEqual(await axeInBothModes(page), { light: [], dark: [] });
    const alt = await page.$('.cc-img-form input[name="alt"]');
    await alt!.click({ count: 3 });
    await alt!.type('A sunrise over the sea');
    await page.click('::-p-text(Save alt text)');
    await page.waitForSelector('::-p-text(Alt text saved.)');
    assert.equal((await server.app.store.listImages('ac'))[0]?.alt, 'A sunrise over the sea');
    assert.deepEqual(page.consoleErrors, []);
  });

  test("use it on a page: picked in ac's landing page editor, published, and on ac's page with its srcset", async () => {
    const [image] = await server.app.store.listImages('ac');
    await page.goto(`${server.origin('ccc')}/branches/ac/pages/ac-v1-lp`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#cc-field-image');
    await page.select('#cc-field-image', image!.sha256);
    await page.click('::-p-text(Save draft)');
    await page.waitForFunction(() => document.querySelector('.cc-status')?.textContent?.includes('Saved draft version 1.'));
    await page.click('::-p-text(Publish version 1)');
    await page.waitForFunction(() => document.querySelector('.cc-status')?.textContent?.includes('Version 1 is live.'));
    // The images screen now names the page among the image's users.
    await page.goto(`${server.origin('ccc')}/branches/ac/images`, { waitUntil: 'networkidle0' });
    assert.doesNotMatch(await page.$eval('.cc-img-list tbody tr', (tr) => tr.textContent ?? ''), /unused/);

    const visitor = await browser.newPage();
    await visitor.setViewport({ width: 375, height: 667 });
    await visitor.goto(`${server.origin('ac')}/ac-v1-lp`, { waitUntil: 'load' });
    await visitor.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.hero-image');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const hero = await visitor.$eval('img.hero-image', (img) => ({ srcset: img.getAttribute('srcset') ?? '', current: img.currentSrc, alt: img.getAttribute('alt') }));
    assert.equal(hero.alt, 'A sunrise over the sea');
    for (const width of [320, 640]) assert.ok(hero.srcset.includes(`/media/${image!.sha256}/w${width}.webp ${width}w`), hero.srcset);
    assert.match(hero.current, /\/media\/[0-9a-f]{64}\/w\d+\.webp$/, 'the browser loaded a WebP rendition from the srcset');
    await visitor.close();
  });
});
