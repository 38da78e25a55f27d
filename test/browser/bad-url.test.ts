/**
 * A link cut short in the middle of an escape (`/%E0%A4%A`) opens the brand's error page in
 * Chromium: status 400, the brand's header and page, hydrated without an error.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, runtimeStarted, type TestBrowser } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

let server: SharedTestServer;
let browser: TestBrowser;
before(async () => {
  server = await sharedTestServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.release();
});

test('a malformed address shows the brand’s 400 page, hydrated', async () => {
  const page = await browser.newVisitor();
  const response = await page.goto(`${server.origin('emily')}/quiz/otc/%E0%A4%A`, { waitUntil: 'networkidle0' });
  assert.equal(response?.status(), 400);
  await runtimeStarted(page);
  const shown = await page.evaluate(() => ({
    path: location.pathname,
    title: document.title,
    code: document.querySelector('.error-code')?.textContent,
    heading: document.querySelector('#error-title')?.textContent,
    home: document.querySelector('.error-page a.button')?.getAttribute('href'),
  }));
  assert.deepEqual(shown, { path: '/quiz/otc/%E0%A4%A', title: 'Bad Request - Ask Emily', code: '400', heading: 'Bad Request', home: '/' });
  // Chromium reports the document's own 400 as a failed load; nothing else may fail.
  assert.deepEqual(page.consoleErrors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  await page.close();
});
