/**
 * The event facts in Chromium, against a real server and the sandbox marketplace (spec §3, §4, §7):
 * the first page view of a fresh visit carries its IP lookup and bot result; learnMoreClicked,
 * a Medicare ad click's dataset and a call's callDurationMs (page visibility for real: another tab
 * brought to the front and back) are stored with their props; typing in a watched field refreshes
 * the IP lookup before any submit; sub_2 and sub_3 from the landing address reach the demand
 * check and the phone lease of the funnel it leads to; a page configuration's onEnter fires once.
 *
 * Its own server, not the shared one: it needs the sandbox marketplace as upstream.
 *
 * Run alone: npx tsx test/run.ts test/browser/event-facts.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { IP_LOOKUP_PATH } from '../../src/core/contract/paths.ts';
import { TEST_PAGE_ENTERED } from '../../src/core/pages/page-enter-actions.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { launchBrowser, runtimeStarted, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { whenEmitted } from '../support/when-emitted.ts';

/** A public address in San Jose (sent as X-Forwarded-For; the server trusts its proxy): the marketplace calls need one. */
const VISITOR_IP = '73.15.0.1';
/** The ZIP the visitor types: the sandbox answers it with ads and a number. */
const VISITOR_ZIP = '33142';

let sandbox: SandboxMarketplace;
let server: TestServer;
let browser: TestBrowser;

before(async () => {
  sandbox = await startSandboxMarketplace();
  server = await startTestServer({
    MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
    MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
    MEDIAALPHA_ADS_URL: sandbox.endpoints.ads,
    MEDIAALPHA_API_TOKEN: sandbox.token,
    MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await sandbox?.close();
});

type CobrandWindow = Window & { __cobrand: { visitor: { identity: { anonymousId: string } }; tracking?: { ipLookup: { current(): unknown } } } };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any stored property by path; the values are asserted, not typed
type Properties = Record<string, any>;

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/**
 * A fresh visitor's page at `path` of `brand`, its runtime started. A tel: link would hand the call
 * to an app this machine lacks, and an ad's headline would open a tab: their default is prevented,
 * while the page's own handlers and the click tracking (capture phase) still see the click.
 */
async function visit(brand: string, path: string, options: { ip?: string } = {}): Promise<TestPage> {
  const page = await browser.newVisitor();
  if (options.ip) await page.setExtraHTTPHeaders({ 'x-forwarded-for': options.ip });
  await page.evaluateOnNewDocument(() => {
    window.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="tel:"], a[target="_blank"]')) event.preventDefault();
    }, true);
  });
  await page.goto(`${server.origin(brand)}${path}`, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

const anonymousIdOf = (page: Page) => page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.visitor.identity.anonymousId);

/** The visitor's stored events named `event`, oldest first, once there are at least `count` (re-read as the server answers). */
function storedEvents(anonymousId: string, event: string, count = 1, timeoutMs = 15_000): Promise<Properties[]> {
  const read = async () => {
    const rows = (await server.app.store.listEvents({ event, limit: 100 })).filter((row) => row.anonymousId === anonymousId).reverse();
    return rows.length >= count ? rows.map((row) => row.properties as Properties) : undefined;
  };
  return whenEmitted(server.answered, 'answered', read, `${count} stored ${event} event(s)`, timeoutMs);
}

async function atPath(page: Page, path: string) {
  await page.waitForFunction((expected) => location.pathname === expected && document.querySelector('.funnel-body')?.getAttribute('data-step') === expected.split('/').pop(), { timeout: 10_000 }, path);
}

/** Answers the three Medicare questions of the funnel at `base`, ending on its last step. */
async function answerMedicareQuestions(page: Page, base: string) {
  await page.locator(aria('ZIP code', 'textbox')).fill(VISITOR_ZIP);
  await page.locator(aria('Continue', 'button')).click();
  await atPath(page, `${base}/medicare`);
  await page.locator(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`).click();
  await atPath(page, `${base}/medicaid`);
  await page.locator(`${aria('Do you also have Medicaid?', 'group')} ${aria('No', 'button')}`).click();
}

describe('the first page view of a visit', () => {
  const landings: Array<[what: string, brand: string, path: string]> = [
    ['a landing page', 'ac', '/otc-savings'],
    ['a funnel (its view comes from the step engine)', 'ac', '/quiz/otc'],
    ['the home page', 'tqg', '/'],
  ];
  for (const [what, brand, path] of landings) {
    test(`${what}: carries the IP lookup and the bot check, not null`, async () => {
      const page = await visit(brand, path);
      const [view] = await storedEvents(await anonymousIdOf(page), 'pageView');
      assert.deepEqual(view!.ipLookup, { city: null, stateCode: null, postalCode: null, value: '127.0.0.1', isp: null }, 'loopback: the address, nothing found');
      assert.equal(view!.bot, 'headless_chrome', 'botd recognises headless Chromium');
      assert.deepEqual(page.consoleErrors, []);
      await page.close();
    });
  }
});

describe('learnMoreClicked', () => {
  const controls: Array<[what: string, brand: string, path: string, pageName: string, selector: string, source: string]> = [
    ["a landing page's call to action", 'ac', '/otc-savings', 'otc-savings', 'a.cta-button[data-block-id="hero-cta"]', 'hero-cta'],
    ["a landing page's closing call to action", 'ac', '/otc-savings', 'otc-savings', 'a.cta-button[data-block-id="closing-cta-button"]', 'closing-cta-button'],
    ["the home page's offer link", 'ac', '/', 'index', '.offer-block a.offer-link', 'offers'],
    ["the trust strip's carrier review", 'ac', '/', 'index', '.trust-strip a.trust-carrier', 'trust'],
  ];
  for (const [what, brand, path, pageName, selector, source] of controls) {
    test(`${what}: stored with its source, destination and button`, async () => {
      const page = await visit(brand, path);
      const shown = await page.$eval(selector, (link) => ({ destination: (link as HTMLAnchorElement).href, button: (link as HTMLElement).innerText.trim() }));
      assert.ok(shown.button.length > 0);
      await page.click(selector);
      const [props] = await storedEvents(await anonymousIdOf(page), 'learnMoreClicked');
      assert.deepEqual({ source: props!.source, destination: props!.destination, button: props!.button }, { source, ...shown });
      assert.equal(props!.page.name, pageName, "the page it is on is the event context's");
      assert.deepEqual(page.consoleErrors, []);
      await page.close();
    });
  }

  test('a phone link is no learn-more control', async () => {
    const page = await visit('ac', '/otc-savings');
    await page.click('a.header-phone');
    await page.click('a.cta-button[data-block-id="hero-cta"]');
    const anonymousId = await anonymousIdOf(page);
    const [learnMore] = await storedEvents(anonymousId, 'learnMoreClicked');
    assert.equal(learnMore!.source, 'hero-cta');
    // The call (sent after its hand-off wait) is stored, and still only the one learn-more click.
    await storedEvents(anonymousId, 'call');
    assert.equal((await storedEvents(anonymousId, 'learnMoreClicked')).length, 1);
    await page.close();
  });
});

describe('callDurationMs', () => {
  /**
   * The visitor calls and the phone takes the screen: another tab of the visitor comes to the
   * front, hiding this page for real, and the click on the header's number reaches the page as it
   * goes (dispatched in the page, which a hidden page still takes). Hiding first and clicking
   * second keeps any wait of the test's own out from between the click and the page hiding.
   * Resolves to the tab in front.
   */
  async function callAway(page: TestPage): Promise<Page> {
    const phone = await browser.newPage(page.browserContext());
    await phone.bringToFront();
    await page.waitForFunction(() => document.visibilityState === 'hidden', { polling: 50, timeout: 10_000 });
    await page.$eval('a.header-phone', (link) => (link as HTMLElement).click());
    return phone;
  }

  test('away on the phone (another tab in front) and back: the call is stored with the time from the click to the return', async () => {
    const page = await visit('ac', '/otc-savings');
    const clickedBefore = Date.now();
    const dialer = await callAway(page);
    await page.bringToFront();
    await page.waitForFunction(() => document.visibilityState === 'visible', { polling: 50, timeout: 10_000 });
    const returnedBy = Date.now();
    const [call] = await storedEvents(await anonymousIdOf(page), 'call');
    assert.equal(call!.ctcLocation, 'header');
    assert.ok(Number.isInteger(call!.callDurationMs) && call!.callDurationMs > 0, `a duration: ${call!.callDurationMs}`);
    assert.ok(call!.callDurationMs <= returnedBy - clickedBefore, 'no longer than from before the click to after the return');
    assert.deepEqual(page.consoleErrors, []);
    await dialer.close();
    await page.close();
  });

  test('away and never back (the page is left while hidden): the call is stored without callDurationMs', async () => {
    const page = await visit('ac', '/otc-savings');
    const anonymousId = await anonymousIdOf(page);
    const dialer = await callAway(page);
    await page.goto('about:blank');
    const [call] = await storedEvents(anonymousId, 'call');
    assert.equal(call!.didNumber.length, 10);
    assert.equal('callDurationMs' in call!, false);
    await dialer.close();
    await page.close();
  });
});

describe('the marketplace facts', () => {
  test("a Medicare page's ad click carries the ad element's dataset", async () => {
    const page = await visit('emily', '/ads', { ip: VISITOR_IP });
    await answerMedicareQuestions(page, '/ads');
    await atPath(page, '/ads/ads');
    await page.waitForSelector('.ad-card', { timeout: 10_000 });
    const expected = await page.$eval('.ad-card:nth-child(2)', (card) => ({ ...(card as HTMLElement).dataset }));
    assert.deepEqual(Object.keys(expected).sort(), ['adId', 'carrier', 'position']);
    await page.click('.ad-card:nth-child(2) .ad-headline a');
    const [clicked] = await storedEvents(await anonymousIdOf(page), 'adClicked');
    assert.deepEqual(clicked!.dataset, expected);
    assert.equal(clicked!.dataset.position, '2');
    assert.equal(clicked!.ad.adId, expected.adId, 'the provider ad is there too');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('sub_2 and sub_3 of the landing address reach the demand check and the phone lease of the funnel it leads to', async () => {
    const page = await visit('ac', '/otc-savings?afid=aff-7&sub_2=spring-camp&sub_3=ad%2042', { ip: VISITOR_IP });
    await page.click('a.cta-button[data-block-id="hero-cta"]');
    await page.waitForFunction(() => location.pathname === '/quiz/otc' && location.search === '', { timeout: 10_000 });
    await answerMedicareQuestions(page, '/quiz/otc');
    await atPath(page, '/quiz/otc/call');
    for (const kind of ['demand-check', 'get-phone'] as const) {
      const exchange = await whenEmitted(server.answered, 'answered', async () => {
        const [last] = await server.app.store.listExchanges({ last: 1, kind });
        return (last?.request as { url?: string } | undefined)?.url?.startsWith(server.origin('ac')) ? last : undefined;
      }, `the ${kind} exchange`);
      const sent = exchange.request as Record<string, unknown>;
      assert.deepEqual([sent.sub_1, sent.sub_2, sent.sub_3], ['aff-7', 'spring-camp', 'ad 42'], kind);
    }
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});

describe('the IP lookup while typing', () => {
  test('a keystroke in a watched field pushes the expiry to 10 s from now, so the lookup is refreshed before any submit', async () => {
    const page = await visit('ac', '/quiz/otc');
    // The first lookup has answered; the server's lasts 10 minutes, so from here only a watched field's change asks again.
    await page.waitForFunction(() => (window as unknown as CobrandWindow).__cobrand.tracking?.ipLookup.current() != null, { timeout: 10_000 });
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === IP_LOOKUP_PATH) lookups.push(request.url());
    });
    await page.locator(aria('ZIP code', 'textbox')).fill('3');
    await whenEmitted(page, 'request', () => lookups.length > 0, 'a refreshed IP lookup');
    assert.equal(await page.evaluate(() => location.pathname), '/quiz/otc', 'nothing was submitted');
    await page.close();
  });
});

describe('page onEnter', () => {
  test("the test page's onEnter fires once after the first client render, with the tracker", async () => {
    const page = await visit('ac', '/test');
    const anonymousId = await anonymousIdOf(page);
    const [entered] = await storedEvents(anonymousId, 'experimentEntered');
    assert.deepEqual({ name: entered!.name, variant: entered!.variant, page: entered!.page.name }, { ...TEST_PAGE_ENTERED, page: 'test' });
    // On to the next page (its call to action) and its view stored: still the one entry.
    await page.click('a.cta-button[data-block-id="hero-cta"]');
    await storedEvents(anonymousId, 'pageView', 2);
    assert.equal((await storedEvents(anonymousId, 'experimentEntered')).length, 1);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});
