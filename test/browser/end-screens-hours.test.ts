/**
 * Every product's end screen on a 375x667 phone in Chromium, with the server's clock moved
 * across working hours and the visitor placed by the IP lookup:
 * - outside working hours (Sunday), for a visitor in California, the first screen of the Medicare
 *   call, Medicare ads, auto result, life and health end steps holds the closed notice with the
 *   next opening in the visitor's own zone ("Monday at 5 a.m. Pacific": the server renders Eastern,
 *   the browser switches once the IP lookup answers) and the call-back request, and no ad stands
 *   above either; the header says when lines open in the same zone; axe finds nothing, light and dark;
 * - inside working hours, for a visitor with a low bid, the call box is on the first screen and
 *   above every ad;
 * - the consent disclosure stands above the button it names, the two on one screen.
 *
 * Its own server, not the shared one: it needs the sandbox marketplace and a clock it moves.
 *
 * Run alone: npx tsx build.ts && npx tsx test/run.ts test/browser/end-screens-hours.test.ts
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SANDBOX_PLACEMENT_IDS } from '../../src/server/marketplace/sandbox/sandbox-rules.ts';
import { launchBrowser, runtimeStarted, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 375, height: 667 };
/** The IP lookup places these in San Jose, CA (Pacific; a high bid) and Cambridge, MA (Eastern; a ZIP starting with 0: the sandbox's low bid). */
const CALIFORNIA_IP = '73.15.0.1';
const LOW_BID_IP = '18.0.0.1';

let sandbox: SandboxMarketplace;
let server: TestServer;
let browser: TestBrowser;
let clock = OUTSIDE_WORKING_HOURS;

before(async () => {
  sandbox = await startSandboxMarketplace();
  server = await startTestServer(
    {
      MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
      MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
      MEDIAALPHA_ADS_URL: sandbox.endpoints.ads,
      MEDIAALPHA_API_TOKEN: sandbox.token,
      MEDIAALPHA_PLACEMENT_MEDICARE: SANDBOX_PLACEMENT_IDS.medicare,
      MEDIAALPHA_PLACEMENT_AUTO: SANDBOX_PLACEMENT_IDS.auto,
      MEDIAALPHA_PLACEMENT_LIFE: SANDBOX_PLACEMENT_IDS.life,
      MEDIAALPHA_PLACEMENT_HEALTH: SANDBOX_PLACEMENT_IDS.health,
    },
    { now: () => clock },
  );
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await sandbox?.close();
});

/** One end screen of each product: the brand, the step's address and the step's name. */
const END_SCREENS = [
  { name: 'Medicare call', brand: 'ac', path: '/ac-v1/call', step: 'call' },
  { name: 'Medicare ads', brand: 'emily', path: '/ads/ads', step: 'ads' },
  { name: 'auto result', brand: 'tqg', path: '/auto-insurers/result', step: 'result' },
  { name: 'life', brand: 'ac', path: '/fe-6993/call', step: 'call' },
  { name: 'health', brand: 'ac', path: '/go-4-health/call', step: 'call' },
] as const;

/** A new visitor from `ip` at `brand`'s `path`, the runtime started. */
async function open(brand: string, path: string, ip: string, dark = false): Promise<TestPage> {
  const context = await browser.browser.createBrowserContext();
  const page = await browser.newPage(context);
  page.once('close', () => void context.close().catch(() => undefined));
  await page.setViewport(PHONE);
  if (dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await page.goto(`${server.origin(brand)}${path}`, { waitUntil: 'load' });
  await runtimeStarted(page);
  return page;
}

/** Where a block stands on the page (top and bottom in page pixels), null when it is not shown. */
interface Place {
  top: number;
  bottom: number;
}

/** The end screen's facts once its ads are in: notice words, header hours, and where each block stands. */
async function endScreen(page: Page) {
  await page.waitForSelector('.ad-card', { timeout: 15_000 });
  // No named functions inside evaluate: the test runner's transform would name them with a helper the page lacks.
  return page.evaluate(() => {
    const blocks = [
      document.querySelector('[data-end-block="closed"]'),
      document.querySelector('[data-end-block="callback"]'),
      document.querySelector('[data-end-block="call"]'),
      ...document.querySelectorAll('.ad-card'),
    ].map((element) => (element && (element as HTMLElement).checkVisibility() ? { top: element.getBoundingClientRect().top + scrollY, bottom: element.getBoundingClientRect().bottom + scrollY } : null));
    return {
      step: document.querySelector('.funnel-body')?.getAttribute('data-step') ?? null,
      notice: document.querySelector('[data-end-block="closed"]')?.textContent ?? null,
      header: document.querySelector('.header-phone-hours')?.textContent ?? null,
      closed: blocks[0],
      callback: blocks[1],
      call: blocks[2],
      ads: blocks.slice(3).filter((found) => found !== null),
      viewport: innerHeight,
    };
  }) as Promise<{ step: string | null; notice: string | null; header: string | null; closed: Place | null; callback: Place | null; call: Place | null; ads: Place[]; viewport: number }>;
}

async function assertAccessible(page: Page, where: string) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    return (await axe.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  assert.deepEqual(violations, [], `axe on ${where}`);
}

describe('outside working hours: the closed notice and the call-back request first, in the visitor’s zone', () => {
  for (const screen of END_SCREENS) {
    for (const dark of [false, true]) {
      test(`${screen.name} (${screen.brand} ${screen.path}), ${dark ? 'dark' : 'light'} mode`, async () => {
        clock = OUTSIDE_WORKING_HOURS;
        const page = await open(screen.brand, screen.path, CALIFORNIA_IP, dark);
        // Sunday: lines open Monday at 5 a.m. Pacific. Eastern in the server's HTML, Pacific once the lookup answers.
        await page.waitForFunction(() => document.querySelector('[data-end-block="closed"]')?.textContent?.includes('Pacific') === true, { timeout: 15_000 });
        const facts = await endScreen(page);
        assert.equal(facts.step, screen.step);
        assert.match(facts.notice ?? '', /^Our phone lines are closedWe open again Monday at 5 a\.m\. Pacific\./);
        assert.equal(facts.header, 'Opens Mon 5 a.m. PT');
        assert.ok(facts.closed && facts.callback, 'the notice and the call-back request are shown');
        assert.ok(facts.closed.bottom <= facts.viewport, `the notice on the first screen (bottom ${facts.closed.bottom})`);
        assert.ok(facts.callback.top < facts.viewport, `the call-back request starts on the first screen (top ${facts.callback.top})`);
        assert.ok(facts.ads.length > 0, 'the sandbox had ads');
        for (const ad of facts.ads) assert.ok(ad.top >= facts.callback.bottom, `no ad (top ${ad.top}) above the call-back request (bottom ${facts.callback.bottom})`);
        const headline = await page.$eval('.funnel-step-title', (element) => element.textContent ?? '');
        assert.doesNotMatch(headline, /\bnow\b/i, 'the headline promises nobody now');
        await assertAccessible(page, `${screen.name}, closed, ${dark ? 'dark' : 'light'}`);
        await page.close();
      });
    }
  }

  test('the server renders Eastern for everyone (cacheable), the visitor’s zone comes from the browser', async () => {
    clock = OUTSIDE_WORKING_HOURS;
    const answer = await server.app.inject({ method: 'GET', url: '/ac-v1/call', headers: { host: new URL(server.origin('ac')).host, 'x-forwarded-for': CALIFORNIA_IP } });
    const html = answer.body;
    assert.match(html, /We open again Monday at 8 a\.m\. Eastern\./);
    assert.match(html, /Opens Mon 8 a\.m\. ET/);
  });
});

describe('inside working hours with a low bid: the call box first', () => {
  for (const screen of END_SCREENS) {
    test(`${screen.name}: the call box on the first screen, above every ad`, async () => {
      clock = INSIDE_WORKING_HOURS;
      const page = await open(screen.brand, screen.path, LOW_BID_IP);
      const facts = await endScreen(page);
      assert.equal(facts.closed, null, 'no closed notice');
      assert.equal(facts.header, 'Open now');
      assert.ok(facts.call, 'the call box is shown');
      assert.ok(facts.call.bottom <= facts.viewport, `the call box on the first screen (bottom ${facts.call.bottom})`);
      for (const ad of facts.ads) assert.ok(ad.top >= facts.call.bottom, `no ad (top ${ad.top}) above the call box (bottom ${facts.call.bottom})`);
      await assertAccessible(page, `${screen.name}, open`);
      await page.close();
    });
  }
});

describe('the consent disclosure', () => {
  for (const [brand, path] of [['ac', '/fe-6993/contact'], ['ac', '/go-4-health/contact'], ['tqg', '/auto-insurers/contact']] as const) {
    test(`${brand} ${path}: above the button it names, the two on one 375x667 screen`, async () => {
      clock = INSIDE_WORKING_HOURS;
      const page = await open(brand, path, LOW_BID_IP);
      const facts = await page.evaluate(() => {
        const consent = document.querySelector('[data-consent]')!.getBoundingClientRect();
        const button = document.querySelector('button.funnel-continue')!.getBoundingClientRect();
        const header = document.querySelector('.site-header')!;
        const sticky = ['sticky', 'fixed'].includes(getComputedStyle(header).position) ? header.getBoundingClientRect().height : 0;
        return { step: document.querySelector('.funnel-body')?.getAttribute('data-step'), consentTop: consent.top, buttonBottom: button.bottom, buttonTop: button.top, consentBottom: consent.bottom, room: innerHeight - sticky };
      });
      assert.equal(facts.step, 'contact');
      assert.ok(facts.consentBottom <= facts.buttonTop, 'the disclosure above the button');
      assert.ok(facts.buttonBottom - facts.consentTop <= facts.room, `disclosure and button (${facts.buttonBottom - facts.consentTop} px) fit one screen (${facts.room} px)`);
      await page.close();
    });
  }
});
