/**
 * An A/B test in Chromium: a running experiment on ac's /quiz/otc shows variant B's headline to a
 * visitor bucketed into B from the first byte, sends one experimentEntered, and the results screen
 * counts it. A new visitor's first HTML already has the headline of the variant the server's
 * issued id buckets into, the browser adopts that id, sends experimentEntered once (not again on
 * a reload), and the control center's results panel counts the visitor in B.
 *
 * Its own server, not the shared one: the running experiment changes ac's /quiz/otc, which other
 * browser files check at the same time.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { assignVariant } from '../../src/core/experiments/assignment.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { addStaff, STAFF } from '../support/staff.ts';
import { COOKIE_BASE_NAMES } from '../../src/core/http/cookie-names.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'otc-headline';
const B_HEADLINE = 'Claim your OTC allowance in two minutes';
const VARIANTS = [
  { key: 'control', weight: 50, overrides: {} },
  { key: 'b', weight: 50, overrides: { headline: B_HEADLINE } },
];

let server: TestServer;
let browser: TestBrowser;

before(async () => {
  server = await startTestServer();
  await addStaff(server.app);
  await server.app.store.createExperiment({ key: KEY, branch: 'ac', name: 'OTC headline', routes: ['quiz-otc'], variants: VARIANTS, by: STAFF.email });
  await server.app.store.setExperimentStatus('ac', KEY, 'running', 1);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The experimentEntered bodies a page sent. */
type Entered = { anonymousId: string; properties: { name: string; variant: string } };

describe('an experiment in a browser', () => {
  let page: TestPage & { entered: Entered[] };
  let staff: TestPage;
  let visitorId = '';
  /** Visitors of the earlier tries, bucketed into the control: they entered it too. */
  let controlVisitors = 0;

  test('a new visitor bucketed into B gets B’s headline in the first HTML and keeps the issued id', async () => {
    // A new visitor per fresh context until one is bucketed into B (each is, with chance 1/2).
    for (let attempt = 0; attempt < 20 && visitorId === ''; attempt += 1) {
      const candidate = (await browser.newVisitor()) as TestPage & { entered: Entered[] };
      candidate.entered = [];
      candidate.on('request', (request) => {
        if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/event/create') return;
        const bodies = [JSON.parse(request.postData() ?? '[]')].flat() as Array<Entered & { event: string }>;
        candidate.entered.push(...bodies.filter((body) => body.event === 'experimentEntered'));
      });
      const response = await candidate.goto(`${server.origin('ac')}/quiz/otc`, { waitUntil: 'networkidle0' });
      const issued = new RegExp(`${COOKIE_BASE_NAMES.visitorId}=([0-9a-f-]{36})`).exec(response!.headers()['set-cookie'] ?? '')?.[1];
      assert.ok(issued, 'the first visit is issued a visitor id');
      const html = await response!.text();
      const firstHeadline = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      if (assignVariant(KEY, VARIANTS, issued) !== 'b') {
        assert.notEqual(firstHeadline, B_HEADLINE, 'a control visitor does not see B');
        controlVisitors += 1;
        continue;
      }
      assert.equal(firstHeadline, B_HEADLINE, 'B from the first byte');
      visitorId = issued;
      page = candidate;
    }
    assert.ok(visitorId, 'no visitor was bucketed into B in 20 tries');
    assert.equal(await page.$eval('h1', (heading) => heading.textContent), B_HEADLINE, 'still B after hydration');
    assert.equal(await page.evaluate('window.__cobrand.visitor.identity.anonymousId'), visitorId, 'the browser adopted the issued id');
  });

  test('sends one experimentEntered with the variant, and none again on a reload', async () => {
    assert.deepEqual(
      page.entered.map((body) => [body.anonymousId, body.properties.name, body.properties.variant]),
      [[visitorId, KEY, 'b']],
    );
    await page.reload({ waitUntil: 'networkidle0' });
    assert.equal(await page.$eval('h1', (heading) => heading.textContent), B_HEADLINE, 'the same variant on the next visit');
    assert.equal(page.entered.length, 1);
    assert.deepEqual(page.consoleErrors, []);
  });

  test('the results screen counts the visitor in B (and the tries that landed in the control there); axe clean', async () => {
    staff = await browser.newPage();
    await staff.setViewport({ width: 1280, height: 900 });
    await staff.goto(`${server.origin('ccc')}/branches/ac/experiments/${KEY}`, { waitUntil: 'networkidle0' });
    await staff.type('#sign-in-email', STAFF.email);
    await staff.type('#sign-in-password', STAFF.password);
    await Promise.all([staff.waitForNavigation(), staff.click('form button[type="submit"]')]);
    await staff.waitForSelector('.cc-experiment-results tbody tr');
    const rows = await staff.$$eval('.cc-experiment-results tbody tr', (trs) => trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('[data-cell="visitors"]')?.textContent]));
    assert.deepEqual(rows, [
      ['control (control)', String(controlVisitors)],
      ['b', '1'],
    ]);
    if (!(await staff.evaluate('Boolean(window.axe)'))) await staff.evaluate(AXE_SOURCE);
    assert.deepEqual(await staff.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`), []);
  });

  test('the branch’s experiment list shows it running, beside the new-experiment form; axe clean', async () => {
    await staff.goto(`${server.origin('ccc')}/branches/ac/experiments`, { waitUntil: 'networkidle0' });
    await staff.waitForSelector('.cc-experiments tbody tr');
    const row = await staff.$eval('.cc-experiments tbody tr', (tr) => [tr.querySelector('th a')?.textContent, tr.querySelector('.cc-badge')?.textContent]);
    assert.deepEqual(row, ['OTC headline', 'running']);
    assert.ok(await staff.$('#cc-experiment-key'));
    if (!(await staff.evaluate('Boolean(window.axe)'))) await staff.evaluate(AXE_SOURCE);
    assert.deepEqual(await staff.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`), []);
  });
});
