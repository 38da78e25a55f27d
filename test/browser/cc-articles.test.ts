/**
 * Writing and publishing an article in the control center, and reading it on the brand site, in
 * Chromium: sign in through /sign-in onto emily's articles, get the shared schema's inline
 * errors, create a draft, publish it from its editor and read it at /articles/{slug} on emily's
 * site with its title and description in the head; axe finds no violation on the list or the
 * editor in either colour mode.
 *
 * On the run's shared server: no other browser file reads emily's articles (the only pages an
 * article changes) or writes any, and this file signs in with an account of its own.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { addStaff, type StaffAccount } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SLUG = 'medicare-in-plain-words';
const TITLE = 'Medicare in plain words';
const SUMMARY = 'What Parts A, B, C and D cover, without the jargon.';

const STAFF: StaffAccount = { email: 'cc-articles@example.com', name: 'Articles Screen Tester', password: 'articles screen test password' };

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  await addStaff(server.app, STAFF);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.release();
});

async function axeViolations(page: TestPage): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

async function axeCleanInBothModes(page: TestPage): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
    assert.deepEqual(await axeViolations(page), [], mode);
  }
}

describe('writing an article in a browser', () => {
  let page: TestPage;

  test('sign in onto the articles of emily: none yet, the new-article form; axe clean', async () => {
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.origin('ccc')}/branches/emily/articles`, { waitUntil: 'networkidle0' });
    await page.type('#sign-in-email', STAFF.email);
    await page.type('#sign-in-password', STAFF.password);
    await page.click('form.cc-sign-in button[type="submit"]');
    await page.waitForFunction(() => location.pathname === '/branches/emily/articles');
    await page.waitForSelector('::-p-text(No articles yet)');
    await page.waitForSelector('#cc-article-slug');
    await axeCleanInBothModes(page);
  });

  test('a bad slug and a missing author are refused inline, before anything is sent', async () => {
    await page.type('#cc-article-slug', 'Not A Slug');
    await page.type('#cc-article-title', TITLE);
    await page.click('::-p-text(Create draft)');
    await page.waitForSelector('#cc-article-slug-error');
    assert.match(await page.$eval('#cc-article-slug-error', (error) => error.textContent ?? ''), /lower-case letters/);
    assert.match(await page.$eval('#cc-article-author-error', (error) => error.textContent ?? ''), /Author is missing|Author is empty/);
    assert.equal(await page.$eval('#cc-article-author', (input) => input.getAttribute('aria-invalid')), 'true');
    await axeCleanInBothModes(page);
    assert.deepEqual(await server.app.store.listContentItems('article', 'emily'), [], 'nothing was saved');
  });

  test('create a draft: its editor opens; the brand site does not show it yet', async () => {
    await page.click('#cc-article-slug', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('#cc-article-slug', SLUG);
    await page.type('#cc-article-summary', SUMMARY);
    await page.type('#cc-article-body', '## Part A\n\nHospital stays.\n\n- Part B: doctors');
    await page.type('#cc-article-author', 'Dana Writer');
    await page.click('::-p-text(Create draft)');
    await page.waitForFunction((slug) => location.pathname === `/branches/emily/articles/${slug}`, {}, SLUG);
    await page.waitForSelector('::-p-text(Publish version 1)');
    assert.match(await page.$eval('.cc-article-facts', (facts) => facts.textContent ?? ''), /draft: not on the site yet/);
    const visitor = await server.app.inject({ url: `/articles/${SLUG}`, headers: { host: 'emily.localhost' } });
    assert.equal(visitor.statusCode, 404);
    await axeCleanInBothModes(page);
  });

  test('publish it and read it on emily’s site, with its title and description in the head', async () => {
    await page.click('::-p-text(Publish version 1)');
    await page.waitForFunction(() => document.querySelector('.cc-status')?.textContent?.includes('Version 1 is published.'));
    const link = await page.waitForSelector('.cc-article-live-link');
    const url = await link!.evaluate((anchor) => (anchor as HTMLAnchorElement).href);
    assert.equal(url, `${server.origin('emily')}/articles/${SLUG}`);
    const visitor = await browser.newPage();
    try {
      const response = await visitor.goto(url, { waitUntil: 'domcontentloaded' });
      assert.equal(response?.status(), 200);
      assert.equal(await visitor.$eval('h1', (heading) => heading.textContent), TITLE);
      assert.equal(await visitor.title(), `${TITLE} - Ask Emily`);
      assert.equal(await visitor.$eval('meta[name="description"]', (meta) => meta.getAttribute('content')), SUMMARY);
      assert.equal(await visitor.$eval('meta[name="robots"]', (meta) => meta.getAttribute('content')), 'index, follow');
      assert.equal(await visitor.$eval('.page-body h2', (heading) => heading.textContent), 'Part A');
      assert.deepEqual(await axeViolations(visitor), []);
    } finally {
      await visitor.close();
    }
  });

  test('the list shows it published', async () => {
    await page.goto(`${server.origin('ccc')}/branches/emily/articles`, { waitUntil: 'networkidle0' });
    const row = await page.waitForSelector(`.cc-table a[href="/branches/emily/articles/${SLUG}"]`);
    const text = await row!.evaluate((link) => link.closest('tr')!.textContent ?? '');
    assert.match(text, /Medicare in plain words.*\/articles\/medicare-in-plain-words.*Dana Writer.*published v1/);
    await axeCleanInBothModes(page);
  });
});
