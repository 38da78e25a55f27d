/**
 * The /ads funnel's end step in Chromium, against the sandbox marketplace: inside
 * working hours the call box comes before the ad list on a phone and stands beside it on a wide
 * screen; outside them the screen opens with the closed notice (when lines open again) and the
 * call-back request, then the ads, then the call box. When the
 * marketplace has no ad for the visitor (a second server whose ad-list upstream answers an empty
 * list), the screen says no offers are available at the moment, promises no plans, and shows the
 * call box. axe finds nothing either way.
 *
 * Its own servers, not the shared one: they need the sandbox marketplace as upstream (one of them an
 * ad list that answers empty) and a clock the test moves across working hours.
 *
 * Run alone: npx tsx test/run.ts test/browser/ads-end-step.test.ts
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 390, height: 800 };
const WIDE = { width: 1280, height: 900 };
/** A ZIP the sandbox answers with ads (and a bid above the low-bid line). */
const VISITOR_ZIP = '33142';

let sandbox: SandboxMarketplace;
let emptyAds: { url: string; close(): Promise<void> };
/** Ads from the sandbox marketplace. */
let withAds: TestServer;
/** The same marketplace, but its ad list always empty. */
let withoutAds: TestServer;
let browser: TestBrowser;
/** The time both servers judge working hours by; each request reads it. */
let clock = INSIDE_WORKING_HOURS;

/** An ad-list upstream that has no ad for anyone: the marketplace's valid, empty answer. */
async function startEmptyAdList(): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ads: [], num_ads: 0, request_id: 'empty-1', time: 0.001 })));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/ads`,
    close: () => new Promise<void>((resolve) => upstream.close(() => resolve())),
  };
}

before(async () => {
  sandbox = await startSandboxMarketplace();
  emptyAds = await startEmptyAdList();
  const marketplace = {
    MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
    MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
    MEDIAALPHA_API_TOKEN: sandbox.token,
    MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
  };
  withAds = await startTestServer({ ...marketplace, MEDIAALPHA_ADS_URL: sandbox.endpoints.ads }, { now: () => clock });
  withoutAds = await startTestServer({ ...marketplace, MEDIAALPHA_ADS_URL: emptyAds.url }, { now: () => clock });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await withAds?.close();
  await withoutAds?.close();
  await emptyAds?.close();
  await sandbox?.close();
});

type TestWindow = Window & { __cobrand?: unknown; axe?: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } };

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function atPath(page: Page, path: string) {
  await page.waitForFunction((expected) => location.pathname === expected && document.querySelector('.funnel-body')?.getAttribute('data-step') === expected.split('/').pop(), { timeout: 10_000 }, path);
}

/** A new visitor at emily's /ads funnel, walked to its ads step. */
async function atAdsStep(server: TestServer, viewport = PHONE, dark = false): Promise<TestPage> {
  const context = await browser.browser.createBrowserContext();
  const page = await browser.newPage(context);
  page.once('close', () => void context.close().catch(() => undefined));
  await page.setViewport(viewport);
  if (dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  // An ad's headline would open a tab, a tel: link an app the machine does not have.
  await page.evaluateOnNewDocument(() => {
    window.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="tel:"], a[target="_blank"]')) event.preventDefault();
    }, true);
  });
  await page.goto(`${server.origin('emily')}/ads`, { waitUntil: 'load' });
  await runtimeStarted(page);
  await page.locator(aria('ZIP code', 'textbox')).fill(VISITOR_ZIP);
  await page.locator(aria('Continue', 'button')).click();
  await atPath(page, '/ads/medicare');
  await page.locator(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`).click();
  await atPath(page, '/ads/medicaid');
  await page.locator(`${aria('Do you also have Medicaid?', 'group')} ${aria('No', 'button')}`).click();
  await atPath(page, '/ads/ads');
  return page;
}

/** What the ads step shows once its list has settled: words, blocks in order, and where each block is. */
async function settledScreen(page: Page, outcome: 'shown' | 'none') {
  if (outcome === 'shown') await page.waitForSelector('.ad-card', { timeout: 10_000 });
  else await page.waitForFunction(() => document.querySelector('.funnel-step-title')?.textContent?.startsWith('No offers'), { timeout: 10_000 });
  // No named functions inside evaluate: the test runner's transform would name them with a helper the page lacks.
  const [call, phone, list] = await page.$$eval('.funnel-call, .funnel-call a.funnel-phone, .ad-list', (elements) =>
    ['.funnel-call', '.funnel-call a.funnel-phone', '.ad-list'].map((selector) => {
      const element = elements.find((candidate) => candidate.matches(selector));
      if (!element || !element.checkVisibility()) return null;
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top: top + scrollY, bottom: bottom + scrollY, left, right, inView: top >= 0 && bottom <= innerHeight };
    }),
  );
  const facts = await page.evaluate(() => ({
    title: document.querySelector('.funnel-step-title')!.textContent,
    words: document.querySelector('.funnel-end')!.textContent ?? '',
    blocks: [...document.querySelectorAll('[data-end-block]')].map((block) => block.getAttribute('data-end-block')),
    cards: document.querySelectorAll('.ad-card').length,
    notice: document.querySelector('[data-end-block="closed"]')?.textContent ?? null,
    noticeInView: ((box) => (box ? box.bottom <= innerHeight : false))(document.querySelector('[data-end-block="closed"]')?.getBoundingClientRect()),
  }));
  // phoneInView: the number to tap is on the screen as it is now, without scrolling.
  return { ...facts, call, phone, list, phoneInView: phone?.inView === true };
}

async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as TestWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

describe('the ads end step', () => {
  test('inside working hours, on a phone: the call box first, the ads below it, their promise shown', async () => {
    clock = INSIDE_WORKING_HOURS;
    const page = await atAdsStep(withAds);
    const screen = await settledScreen(page, 'shown');
    assert.deepEqual(screen.blocks, ['call', 'ads']);
    assert.ok(screen.call && screen.list, 'both shown');
    assert.ok(screen.call.bottom <= screen.list.top, `the call box (${screen.call.bottom}) above the list (${screen.list.top})`);
    assert.ok(screen.phoneInView, 'the number on the screen without scrolling');
    assert.match(screen.words, /These plans and offers are available in your ZIP code\./);
    assert.match(screen.words, /You can talk to a licensed insurance agency we work with right away\./);
    assert.equal(screen.notice, null);
    await assertAccessible(page, 'ads step, inside hours');
    await page.close();
  });

  test('inside working hours, on a wide screen: the call box beside the list', async () => {
    clock = INSIDE_WORKING_HOURS;
    const page = await atAdsStep(withAds, WIDE);
    const screen = await settledScreen(page, 'shown');
    assert.ok(screen.call && screen.list, 'both shown');
    assert.ok(screen.call.right <= screen.list.left, `side by side: call box right ${screen.call.right}, list left ${screen.list.left}`);
    assert.ok(screen.call.top < screen.list.bottom && screen.list.top < screen.call.bottom, 'on the same rows');
    assert.ok(screen.phone && screen.phone.left >= screen.call.left && screen.phone.right <= screen.call.right, 'the number inside its box');
    await page.close();
  });

  test('outside working hours: the closed notice and the call-back request, then the ads, then the call box', async () => {
    clock = OUTSIDE_WORKING_HOURS;
    const page = await atAdsStep(withAds);
    // The call-back form (a chunk of its own) closes the screen outside hours.
    await page.waitForSelector('[data-end-block="callback"]', { timeout: 10_000 });
    const screen = await settledScreen(page, 'shown');
    assert.deepEqual(screen.blocks, ['closed', 'callback', 'ads', 'call']);
    assert.ok(screen.list!.bottom <= screen.call!.top, 'the list above the call box');
    // A Sunday: lines open Monday at 5 a.m. Pacific, said in Eastern for a visitor the lookup cannot place.
    assert.match(screen.notice ?? '', /We open again Monday at 8 a\.m\. Eastern\./);
    assert.ok(screen.noticeInView, 'the notice on the first screen');
    assert.match(screen.words, /Other plans you can look at now/);
    assert.doesNotMatch(screen.words, /right away/);
    await page.close();
    clock = INSIDE_WORKING_HOURS;
  });

  for (const [hours, at] of [['inside', INSIDE_WORKING_HOURS], ['outside', OUTSIDE_WORKING_HOURS]] as const) {
    test(`no ads, ${hours} working hours: no offers at the moment, no promise of plans, the call box shown`, async () => {
      clock = at;
      const page = await atAdsStep(withoutAds, PHONE, hours === 'outside');
      const screen = await settledScreen(page, 'none');
      assert.equal(screen.title, 'No offers available at the moment');
      assert.match(screen.words, /We have no plans or offers to show for your ZIP code at the moment\./);
      assert.doesNotMatch(screen.words, /These plans and offers/);
      assert.equal(screen.cards, 0);
      assert.equal(screen.list, null);
      assert.ok(screen.call && screen.phone, 'the call box and its number are shown');
      // Inside hours the number to call is on the first screen; outside them, the notice saying when lines open.
      assert.ok(hours === 'inside' ? screen.phoneInView : screen.noticeInView, 'on the screen without scrolling');
      assert.equal(screen.notice === null, hours === 'inside', 'the closed notice outside hours only');
      await assertAccessible(page, `ads step without ads, ${hours} hours${hours === 'outside' ? ', dark mode' : ''}`);
      await page.close();
      clock = INSIDE_WORKING_HOURS;
    });
  }
});
