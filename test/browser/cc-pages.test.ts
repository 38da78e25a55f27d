/**
 * Editing a brand page in the control center, in Chromium: sign in through
 * /sign-in, open ac's pages, edit the headline of /quiz/otc, preview the draft through its link
 * (a browser not signed in gets the live page from it, and so does this one after signing out),
 * publish it and read it on ac's live page, publish a second headline, restore the first version
 * (from the row's menu, after its hover card showed what the newest sets) and read the first headline again; the second editor's stale save shows who saved first; axe
 * finds no violation on the page list or the editor.
 *
 * Its own server, not the shared one: it publishes headlines on ac's /quiz/otc, a page other
 * browser files check at the same time.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { AUTH_SESSION_PATH } from '../../src/core/contract/auth-session.ts';
import { CC_PAGE_PREVIEW } from '../../src/core/contract/cc-pages.ts';
import { fillPath } from '../../src/core/contract/endpoint.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { addStaff, STAFF } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FIRST = 'Your OTC card, checked in one minute';
const SECOND = 'A second headline for the OTC quiz';

let server: TestServer;
let browser: TestBrowser;

before(async () => {
  server = await startTestServer();
  await addStaff(server.app);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function axeViolations(page: TestPage): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

/** The h1 of ac's /quiz/otc as a visitor (or a preview link) gets it. */
async function liveHeadline(url: string): Promise<string> {
  const visitor = await browser.newPage();
  try {
    await visitor.goto(url, { waitUntil: 'domcontentloaded' });
    return await visitor.$eval('h1', (heading) => heading.textContent ?? '');
  } finally {
    await visitor.close();
  }
}

/** Waits for the editor's status line to say `text`. */
async function statusSays(page: TestPage, text: string): Promise<void> {
  await page.waitForFunction((expected) => document.querySelector('.cc-status')?.textContent?.includes(expected), {}, text);
}

describe('editing a page in a browser', () => {
  let page: TestPage;
  const live = () => `${server.origin('ac')}/quiz/otc`;

  test('sign in onto the pages of ac: the list shows quiz-otc as built-in; axe clean in both colour modes', async () => {
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.origin('ccc')}/branches/ac/pages`, { waitUntil: 'networkidle0' });
    await page.type('#sign-in-email', STAFF.email);
    await page.type('#sign-in-password', STAFF.password);
    // The sign-in form's answer (a 303 or the client's own navigation) ends on the page asked for.
    await page.click('button[type=submit]');
    await page.waitForFunction(() => location.pathname === '/branches/ac/pages');
    assert.equal(new URL(page.url()).pathname, '/branches/ac/pages');
    await page.waitForSelector('.cc-table a[href="/branches/ac/pages/quiz-otc"]');
    const row = await page.$eval('.cc-table a[href="/branches/ac/pages/quiz-otc"]', (link) => link.closest('tr')!.textContent ?? '');
    assert.match(row, /\/quiz\/otc\/\{step\?\}.*funnel.*medicare.*english.*built-in/);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
      assert.deepEqual(await axeViolations(page), [], mode);
    }
  });

  test('edit the headline, save a draft, preview it through its link: the live page is unchanged', async () => {
    const builtIn = await liveHeadline(live());
    await page.click('.cc-table a[href="/branches/ac/pages/quiz-otc"]');
    await page.waitForSelector('#cc-field-headline');
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
      assert.deepEqual(await axeViolations(page), [], mode);
    }
    // The shared schema's message, inline, before anything is sent.
    await page.type('#cc-field-destination', '//elsewhere.example');
    await page.click('::-p-text(Save draft)');
    await page.waitForSelector('#cc-field-destination-error');
    assert.match(await page.$eval('#cc-field-destination-error', (error) => error.textContent ?? ''), /path on this site/);
    assert.equal(await page.$eval('#cc-field-destination', (input) => input.getAttribute('aria-invalid')), 'true');
    await page.click('#cc-field-destination', { count: 3 });
    await page.keyboard.press('Backspace');

    await page.type('#cc-field-headline', FIRST);
    await page.click('::-p-text(Save draft)');
    await statusSays(page, 'Saved draft version 1.');
    await page.click('::-p-text(Preview version 1)');
    await page.waitForSelector('.cc-preview-link');
    const previewUrl = await page.$eval('.cc-preview-link', (link) => (link as HTMLAnchorElement).href);
    assert.equal(new URL(previewUrl).origin, server.origin('ac'));
    // This browser is signed in to the control center: the link shows it the draft.
    assert.equal(await liveHeadline(previewUrl), FIRST);
    assert.equal(await liveHeadline(live()), builtIn, 'a draft is not live, not even in the browser that previewed it');
    // A browser that is not signed in gets the live page from the same link.
    const stranger = await browser.browser.createBrowserContext();
    try {
      const visitor = await browser.newPage(stranger);
      await visitor.goto(previewUrl, { waitUntil: 'domcontentloaded' });
      assert.equal(await visitor.$eval('h1', (heading) => heading.textContent ?? ''), builtIn, 'signed out: the live page');
      assert.equal(new URL(visitor.url()).href, live(), 'at the live address');
    } finally {
      await stranger.close();
    }
    assert.deepEqual(await axeViolations(page), []);
  });

  test('publish: ac\'s live page shows the new headline', async () => {
    await page.click('::-p-text(Publish version 1)');
    await statusSays(page, 'Version 1 is live.');
    assert.equal(await liveHeadline(live()), FIRST);
    assert.match(await page.$eval('.cc-table .cc-badge-live', (badge) => badge.closest('tr')!.textContent ?? ''), /v1/);
  });

  test('publish a second headline, then restore version 1: the first headline is live again', async () => {
    await page.waitForSelector('#cc-field-headline');
    await page.click('#cc-field-headline', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('#cc-field-headline', SECOND);
    await page.click('::-p-text(Save draft)');
    await statusSays(page, 'Saved draft version 2.');
    await page.click('::-p-text(Publish version 2)');
    await statusSays(page, 'Version 2 is live.');
    assert.equal(await liveHeadline(live()), SECOND);

    // Resting on a version's number shows what it sets (hover card); the row's button names its
    // purpose in a tooltip and opens the row's actions (dropdown menu).
    await page.hover('.cc-table .cc-version-label');
    await page.waitForSelector('.cc-version-fields');
    assert.match(await page.$eval('.cc-version-fields', (card) => card.textContent ?? ''), new RegExp(`headline${SECOND}`));
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.querySelector('.cc-version-fields') === null);
    const v1Actions = 'button[aria-label="Actions for version 1"]';
    await page.focus(v1Actions);
    await page.waitForSelector('.cc-tooltip');
    assert.equal(await page.$eval('.cc-tooltip', (tip) => tip.textContent), 'Preview or restore version 1');
    await page.click(v1Actions);
    await page.waitForSelector('[role="menu"]');
    assert.deepEqual(await page.$$eval('[role="menuitem"]', (items) => items.map((item) => item.textContent)), ['Preview v1', 'Restore v1']);
    await page.click('[role="menuitem"]::-p-text(Restore v1)');
    await statusSays(page, 'Restored version 1 as version 3, now live.');
    assert.equal(await liveHeadline(live()), FIRST);
    await page.waitForSelector('.cc-audit-entry');
    assert.match(await page.$eval('.cc-audit', (trail) => trail.textContent ?? ''), /restore/);
  });

  test('a save on a version someone else replaced shows who saved first, and loads their version', async () => {
    // Another editor saves version 4 behind this editor's back.
    await server.app.store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields: { headline: 'Theirs' }, baseVersion: 3, by: 'other@example.com' });
    await page.type('#cc-field-subheadline', 'Mine');
    await page.click('::-p-text(Save draft)');
    await page.waitForSelector('#cc-conflict-title');
    const notice = await page.$eval('#cc-conflict-title', (title) => title.parentElement!.textContent ?? '');
    assert.match(notice, /Version 4 was saved by other@example\.com/);
    assert.match(notice, /Theirs/);
    assert.deepEqual(await axeViolations(page), []);
    await page.click('::-p-text(Load version 4)');
    await statusSays(page, 'Loaded version 4.');
    assert.equal(await page.$eval('#cc-field-headline', (input) => (input as HTMLInputElement).value), 'Theirs');
  });

  test('after sign-out a preview link and the preview it opened show the live page', async () => {
    const { url } = (await page.evaluate(async (path) => {
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: 4 }) });
      return response.json();
    }, fillPath(CC_PAGE_PREVIEW.path, { branch: 'ac', page: 'quiz-otc' }))) as { url: string };
    const visitor = await browser.newPage();
    await visitor.goto(url, { waitUntil: 'domcontentloaded' });
    assert.equal(await visitor.$eval('h1', (heading) => heading.textContent ?? ''), 'Theirs', 'signed in: the draft');
    const previewAddress = visitor.url();
    await page.evaluate(async (path) => {
      await fetch(path, { method: 'DELETE' });
    }, AUTH_SESSION_PATH);
    for (const address of [previewAddress, url]) {
      await visitor.goto(address, { waitUntil: 'domcontentloaded' });
      assert.equal(await visitor.$eval('h1', (heading) => heading.textContent ?? ''), FIRST, `signed out: the live page at ${new URL(address).search}`);
    }
    await visitor.close();
  });
});
