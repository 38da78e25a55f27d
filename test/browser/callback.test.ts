/**
 * The call-back form in Chromium, outside working hours: a visitor finishes ac's Medicare funnel
 * on a Sunday morning (the server's and the page's clocks both moved there), books a call-back on
 * the end screen in their own time zone (Pacific: the IP lookup places them in California, while
 * the browser's own clock says Chicago), sees the booking said back, and the Medicare
 * call-back buyer (a real local HTTP server) receives the scheduled call. axe finds nothing on the
 * form, refused or booked, and the number never reaches the browser's storage.
 *
 * Its own server, not the shared one: it needs a Medicare call-back buyer and a moved clock.
 *
 * Run alone: npx tsx test/run.ts test/browser/callback.test.ts
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { callbackSlots } from '../../src/core/leads/callback-slots.ts';
import { launchBrowser, runtimeStarted, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startLeadBuyer, type FixtureLeadBuyer, type LeadBuyerRequest } from '../../tools/support/lead-buyer-server.ts';
import { OUTSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Sunday 10:00 in Los Angeles: closed. */
const CLOCK = OUTSIDE_WORKING_HOURS;
 
const FIRST = callbackSlots(CLOCK)[0]!;
/** The IP lookup places this visitor in San Jose, CA: Pacific. */
const CALIFORNIA_IP = '73.15.0.1';

let buyer: FixtureLeadBuyer;
let server: TestServer;
let browser: TestBrowser;

before(async () => {
  buyer = await startLeadBuyer('ok');
  server = await startTestServer({ LEAD_BUYER_URL_MEDICARE: buyer.url, LEAD_BUYER_TOKEN_MEDICARE: 'medicare-token' }, { now: () => CLOCK });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await buyer?.close();
});

type TestWindow = Window & { axe?: { run(context?: string): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } };

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function atStep(page: Page, step: string) {
  await page.waitForFunction((expected) => document.querySelector('.funnel-body')?.getAttribute('data-step') === expected, { timeout: 10_000 }, step);
}

async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as TestWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run('[data-end-block="callback"]')).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

/** The buyer's request for a call-back at `at`, waiting for it to arrive. */
async function buyerRequestAt(at: string): Promise<LeadBuyerRequest> {
  for (;;) {
    const found = buyer.requests.find((request) => (request.body as { callback_at?: string } | undefined)?.callback_at === at);
    if (found) return found;
    await new Promise((resolve) => buyer.events.once('request', resolve));
  }
}

/**
 * A visitor the IP lookup places in California whose browser's own zone is Chicago's (the end
 * screen goes by the lookup, not by the browser), the page clock reading the server's moved
 * clock, walked through ac's Medicare funnel to its end screen.
 */
async function medicareVisitorAtEnd(): Promise<TestPage> {
  const page = await browser.newVisitor();
  await page.emulateTimezone('America/Chicago');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': CALIFORNIA_IP });
  // The page's clock starts at the server's: the form offers the times the server checks against.
  // A script as text: a function passed here would be renamed by the test runner's transform with a helper the page lacks.
  await page.evaluateOnNewDocument(`(() => {
    const RealDate = Date;
    const offset = ${CLOCK.getTime()} - RealDate.now();
    window.Date = new Proxy(RealDate, {
      construct: (target, args) => (args.length === 0 ? new target(target.now() + offset) : new target(...args)),
      apply: () => new RealDate(RealDate.now() + offset).toString(),
      get: (target, key) => (key === 'now' ? () => target.now() + offset : Reflect.get(target, key)),
    });
  })();`);
  await page.goto(`${server.origin('ac')}/quiz/otc`, { waitUntil: 'load' });
  await runtimeStarted(page);
  await page.locator(aria('ZIP code', 'textbox')).fill('33101');
  await page.locator(aria('Continue', 'button')).click();
  await atStep(page, 'medicare');
  await page.locator(aria('Yes', 'button')).click();
  await atStep(page, 'medicaid');
  await page.locator(aria('No', 'button')).click();
  await page.waitForSelector('[data-end-block="callback"] select', { timeout: 10_000 });
  // Eastern until the IP lookup answers, then the visitor's own zone.
  await page.waitForFunction(() => document.querySelector('[data-end-block="callback"] select option[value]:not([value=""])')?.textContent?.includes('Pacific') === true, { timeout: 10_000 });
  return page;
}

describe('the call-back form on the Medicare end screen outside working hours', () => {
  test('a visitor books a call-back in their own time zone (from the IP lookup) and the Medicare call-back buyer receives it', async () => {
    const page = await medicareVisitorAtEnd();
    const form = await page.$eval('[data-end-block="callback"]', (section) => ({
      heading: section.querySelector('h3')?.textContent,
      labelledBy: section.getAttribute('aria-labelledby') === section.querySelector('h3')?.id,
      firstTime: section.querySelector('select option[value]:not([value=""])')?.textContent,
      consentAboveButton: Boolean(section.querySelector('[data-consent]')!.compareDocumentPosition(section.querySelector('button[type="submit"]')!) & Node.DOCUMENT_POSITION_FOLLOWING),
      consentNamesButton: section.querySelector('[data-consent]')!.textContent.includes(`"${section.querySelector('button[type="submit"]')!.textContent}"`),
    }));
    assert.deepEqual(form, { heading: 'Schedule a free call back', labelledBy: true, firstTime: 'Monday, Nov 23, 5–7 a.m. Pacific', consentAboveButton: true, consentNamesButton: true });
    await assertAccessible(page, 'the call-back form');

    // Sent without a number: refused in place, the problem announced beside the field.
    await page.locator(aria('Schedule my call', 'button')).click();
    await page.waitForSelector('[data-end-block="callback"] [role="alert"]');
    assert.equal(await page.$eval(aria('Phone number to call', 'textbox'), (input) => input.getAttribute('aria-invalid')), 'true');
    await assertAccessible(page, 'the refused call-back form');

    await page.locator(aria('Phone number to call', 'textbox')).fill('201 555 0123');
    await page.select('[data-end-block="callback"] select', FIRST.start);
    await page.locator(aria('Schedule my call', 'button')).click();
    await page.waitForSelector('[data-callback-booked]', { timeout: 10_000 });
    assert.equal(await page.$eval('[data-callback-booked]', (status) => status.textContent), "We'll call you Monday, Nov 23, 5–7 a.m. Pacific at (201) 555-0123.");
    await assertAccessible(page, 'the booking');

    const delivered = await buyerRequestAt(FIRST.start);
    assert.deepEqual(delivered.body, { product: 'medicare', zip: '33101', has_medicare: 'yes', has_medicaid: 'no', primary_phone: '2015550123', callback_at: FIRST.start });
    assert.equal(delivered.authorization, 'Bearer medicare-token');

    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
    assert.ok(!stored.includes('0123'), 'the number is in no browser storage');
  });
});
