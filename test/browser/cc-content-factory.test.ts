/**
 * The content factory in Chromium: a run against the sandbox produces draft articles, and one
 * against a failing local provider records the failure. Sign in onto emily's authors, add one,
 * start a run on the runs screen and watch its items finish on the run screen with links to the
 * drafts; then a run whose provider answers 500 shows the failure on its item. The provider is a
 * real local server: the sandbox's articles, and HTTP 500 for the topic "Provider outage". axe
 * finds no violation on the run screen in either colour mode.
 *
 * Its own server, not the shared one: it needs CONTENT_FACTORY_URL set to the local provider.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { promptAssignment, sandboxArticle } from '../../src/server/control-center/content-factory/sandbox-provider.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { addStaff, STAFF } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OUTAGE = 'Provider outage';

let provider: http.Server;
let server: TestServer;
let browser: TestBrowser;

before(async () => {
  provider = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const { topic, template } = promptAssignment((JSON.parse(text) as { messages: { content: string }[] }).messages.at(-1)!.content);
      if (topic === OUTAGE) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: sandboxArticle(topic, template) } }] }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({ CONTENT_FACTORY_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1` });
  await addStaff(server.app);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  provider?.closeAllConnections();
  await new Promise((resolve) => provider?.close(resolve));
});

async function axeCleanInBothModes(page: TestPage): Promise<void> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
    const violations = (await page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`)) as string[];
    assert.deepEqual(violations, [], mode);
  }
}

/** Starts a run from the runs screen and waits for its screen. */
async function startRun(page: TestPage, topics: string, count: string): Promise<void> {
  await page.goto(`${server.origin('ccc')}/branches/emily/content-factory/runs`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#cc-run-topics');
  await page.type('#cc-run-topics', topics);
  await page.click('#cc-run-count', { count: 3 });
  await page.type('#cc-run-count', count);
  await page.select('#cc-run-template', 'review');
  await page.click('::-p-text(Start run)');
  await page.waitForFunction(() => /\/content-factory\/runs\/\d+$/.test(location.pathname));
}

describe('the content factory in a browser', () => {
  let page: TestPage;

  test('sign in onto the authors of emily and add one', async () => {
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.origin('ccc')}/branches/emily/content-factory/authors`, { waitUntil: 'networkidle0' });
    await page.type('#sign-in-email', STAFF.email);
    await page.type('#sign-in-password', STAFF.password);
    await page.click('form.cc-sign-in button[type="submit"]');
    await page.waitForSelector('::-p-text(No authors yet)');
    await page.type('#cc-author-name', 'Dana Writer');
    await page.type('#cc-author-bio', 'Twenty years explaining Medicare.');
    await page.type('#cc-author-expertise', 'Medicare Advantage, dental plans');
    await page.type('#cc-author-tone', 'warm and plain-spoken');
    await page.click('::-p-text(Add author)');
    await page.waitForSelector('table.cc-table ::-p-text(Dana Writer)');
    assert.deepEqual((await server.app.store.listAuthors('emily')).map((author) => author.expertise), [['Medicare Advantage', 'dental plans']]);
  });

  test('a run against the provider: its items finish on the run screen with links to the drafts', async () => {
    await startRun(page, 'Dental coverage\nOTC allowance', '2');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-item-status="done"]').length === 2, { timeout: 15_000 });
    const links = await page.$$eval('tr[data-item-status="done"] a', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    const drafts = await server.app.store.listContentItems('article', 'emily');
    assert.deepEqual(links.sort(), drafts.map((draft) => `/branches/emily/articles/${draft.itemKey}`).sort());
    assert.ok(drafts.every((draft) => draft.live === undefined), 'drafts are not published');
    await axeCleanInBothModes(page);
    await page.click('tr[data-item-status="done"] a');
    await page.waitForSelector('::-p-text(Dental coverage: an honest review)');
  });

  test('a run against a failing provider: its item shows the failure', async () => {
    await startRun(page, OUTAGE, '1');
    await page.waitForSelector('tr[data-item-status="failed"]', { timeout: 15_000 });
    assert.match(await page.$eval('tr[data-item-status="failed"]', (row) => row.textContent ?? ''), /provider: upstream answered HTTP 500/);
  });

  test('an author is deleted from their row', async () => {
    await page.goto(`${server.origin('ccc')}/branches/emily/content-factory/authors`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('table.cc-table ::-p-text(Dana Writer)');
    await page.type('#cc-author-name', 'Sam Interim');
    await page.type('#cc-author-bio', 'Covers while Dana is away.');
    await page.type('#cc-author-expertise', 'dental plans');
    await page.type('#cc-author-tone', 'brief');
    await page.click('::-p-text(Add author)');
    // The row appears once the list is read again after the save.
    await page.waitForSelector('button[aria-label="Delete Sam Interim"]');
    await page.click('button[aria-label="Delete Sam Interim"]');
    await page.waitForSelector('::-p-text(Sam Interim was deleted)');
    assert.equal(await page.$('button[aria-label="Delete Sam Interim"]'), null, 'the row is gone');
    assert.deepEqual((await server.app.store.listAuthors('emily')).map((author) => author.name), ['Dana Writer']);
  });
});
