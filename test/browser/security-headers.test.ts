/**
 * The Content-Security-Policy in Chromium: on the first steps of a Medicare and an auto funnel,
 * the /ads end step (marketplace ads, their images and impression frames, the serve script), a
 * control-center page and three brands' home pages, the policy is sent, Chromium reports no
 * violation (neither a `securitypolicyviolation` event nor a console message), the page hydrates,
 * the tag manager's gtm.js is loaded with the nonce handed on, and a funnel step still advances.
 *
 * Its own server, not the shared one: the /ads step needs the sandbox marketplace as upstream.
 *
 * Run alone: npx tsx build.ts && npx tsx --test test/browser/security-headers.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { HTTPResponse } from 'puppeteer-core';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SERVE_SCRIPT_URL } from '../../src/ui/ads/serve-script.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { whenEmitted } from '../support/when-emitted.ts';

const PHONE_VIEWPORT = { width: 390, height: 800 };
/** San Jose CA, a high bid: the ads step shows ads, not the call box first. */
const VISITOR_IP = '73.15.0.1';

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
    MEDIAALPHA_PLACEMENT_AUTO: 'placement-auto',
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await sandbox?.close();
});

type Violation = { directive: string; blocked: string; source: string; sample: string };
type TestWindow = Window & { __cobrand?: unknown; __cspViolations?: Violation[] };

/** A page that records every CSP violation, from the first script on, and every CSP console message. */
interface WatchedPage {
  page: TestPage;
  /** CSP console messages (any level): Chromium logs each violation, frames included. */
  cspMessages: string[];
  /** Console messages about the security headers themselves (e.g. an unrecognised Permissions-Policy feature). */
  headerMessages: string[];
  /** Every document response (the page and each navigation), with its headers. */
  documents: HTTPResponse[];
}

async function openWatched(url: string): Promise<WatchedPage> {
  const page = await browser.newPage();
  await page.setViewport(PHONE_VIEWPORT);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': VISITOR_IP });
  const cspMessages: string[] = [];
  const headerMessages: string[] = [];
  const documents: HTTPResponse[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspMessages.push(`${message.type()}: ${message.text()}`);
    if (/permissions-policy|x-frame-options|strict-transport-security|referrer policy/i.test(message.text())) headerMessages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') documents.push(response);
  });
  // Runs in every document before its own scripts, so even a blocked inline script is seen.
  await page.evaluateOnNewDocument(() => {
    const seen: Violation[] = [];
    (window as TestWindow).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}`, sample: event.sample });
    });
    // A tel: link or an ad's new tab would leave the test page; the page's handlers still see the click.
    window.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="tel:"], a[target="_blank"]')) event.preventDefault();
    }, true);
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return { page, cspMessages, headerMessages, documents };
}

/**
 * Every document had a CSP carrying a nonce, no violation was reported, no console error, and the
 * tag manager's gtm.js was asked for (it is injected by the nonce'd snippet: 'strict-dynamic') with the nonce handed on.
 */
async function assertCleanUnderPolicy(watched: WatchedPage, where: string, options: { tagManager?: boolean } = {}) {
  const { page } = watched;
  assert.ok(watched.documents.length > 0, `${where}: a document was loaded`);
  for (const response of watched.documents) {
    const policy = response.headers()['content-security-policy'];
    assert.ok(policy, `${where}: ${response.url()} has a Content-Security-Policy`);
    assert.match(policy, /script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/, `${where}: a nonce-based script-src`);
  }
  // Let late work (chunks, ads' frames, beacons) report before reading: until the network is quiet.
  await page.waitForNetworkIdle({ idleTime: 100, timeout: 10_000 });
  const violations = await page.evaluate(() => (window as TestWindow).__cspViolations ?? []);
  assert.deepEqual(violations, [], `${where}: no securitypolicyviolation event`);
  assert.deepEqual(watched.cspMessages, [], `${where}: no Content Security Policy message in the console`);
  assert.deepEqual(watched.headerMessages, [], `${where}: no console message about the other security headers`);
  // A resource a header blocks (CORP, COOP, nosniff) is a console error too; an HTTP error status
  // of some API (a busy shared test machine) says nothing about the headers.
  const errors = page.consoleErrors.filter((text) => !/^Failed to load resource: the server responded with a status of \d+/.test(text));
  assert.deepEqual(errors, [], `${where}: no console error`);
  if (options.tagManager === false) {
    // The control center, an internal tool, carries no tag manager.
    assert.ok(!page.thirdPartyRequests.some((url) => url.startsWith('https://www.googletagmanager.com/')), `${where}: no tag manager`);
    return;
  }
  assert.ok(page.thirdPartyRequests.some((url) => url.startsWith('https://www.googletagmanager.com/gtm.js?id=')), `${where}: the tag manager's gtm.js was loaded`);
  const gtm = await page.$eval('script[src^="https://www.googletagmanager.com/gtm.js"]', (script) => ({ nonce: script.nonce, attribute: script.getAttribute('nonce') }));
  assert.ok(gtm.nonce.length >= 16, `${where}: gtm.js got the snippet's nonce`);
  assert.equal(gtm.attribute, '', `${where}: the browser hides the nonce attribute (it is a CSP nonce)`);
}

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/** Waits for the funnel step `step` at `path` (client navigation, no reload). */
async function atStep(page: TestPage, path: string) {
  await page.waitForFunction((expected) => location.pathname === expected && document.querySelector('.funnel-body')?.getAttribute('data-step') === expected.split('/').pop(), { timeout: 10_000 }, path);
}

describe('Content-Security-Policy in Chromium', () => {
  test('a Medicare funnel: the first steps advance with no violation', async () => {
    const watched = await openWatched(`${server.origin('ac')}/quiz/otc`);
    const { page } = watched;
    await runtimeStarted(page);
    await page.locator(aria('ZIP code', 'textbox')).fill('33101');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, '/quiz/otc/medicare');
    await page.locator(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`).click();
    await atStep(page, '/quiz/otc/medicaid');
    assert.equal(watched.documents.length, 1, 'the steps advanced without a reload');
    await assertCleanUnderPolicy(watched, 'Medicare funnel');
    await page.close();
  });

  test('an auto funnel: the first steps advance with no violation', async () => {
    const watched = await openWatched(`${server.origin('tqg')}/quiz/auto`);
    const { page } = watched;
    await runtimeStarted(page);
    await page.locator(aria('ZIP code', 'textbox')).fill('60601');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, '/quiz/auto/insured');
    await page.locator(`${aria('Do you have car insurance right now?', 'group')} ${aria('Yes', 'button')}`).click();
    // A yes reveals the insurer list on the same step (its chunk of code included), then Continue.
    await page.locator(aria('Current insurance company', 'combobox')).fill('State Farm');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, '/quiz/auto/homeowner');
    assert.equal(watched.documents.length, 1, 'the steps advanced without a reload');
    await assertCleanUnderPolicy(watched, 'auto funnel');
    await page.close();
  });

  test('the /ads end step: ads with images, impression frames and the serve script, no violation', async () => {
    const watched = await openWatched(`${server.origin('emily')}/ads`);
    const { page } = watched;
    await runtimeStarted(page);
    const pixels: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(`${sandbox.url}/impression/`)) pixels.push(request.url());
    });
    await page.locator(aria('ZIP code', 'textbox')).fill('33142');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, '/ads/medicare');
    await page.locator(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`).click();
    await atStep(page, '/ads/medicaid');
    await page.locator(`${aria('Do you also have Medicaid?', 'group')} ${aria('No', 'button')}`).click();
    await atStep(page, '/ads/ads');
    await page.waitForSelector('.ad-card img.ad-logo', { timeout: 10_000 });
    // Every ad logo (from the marketplace's answer, on its host) loaded; they load lazily, so all in view.
    await page.setViewport({ ...PHONE_VIEWPORT, height: 5000 });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img.ad-logo')].every((image) => image.complete && image.naturalWidth > 0), { timeout: 10_000 });
    await whenEmitted(page, 'requestfinished', () => new Set(pixels).size >= 5, 'five impression pixels');
    assert.equal(new Set(pixels).size, 5, 'each impression frame (srcdoc, inheriting the policy) loaded its pixel');
    assert.ok(page.thirdPartyRequests.includes(SERVE_SCRIPT_URL), 'the serve script was loaded (trusted through strict-dynamic)');
    await assertCleanUnderPolicy(watched, '/ads end step');
    await page.close();
  });

  test('a control-center page: framing denied, no violation', async () => {
    const watched = await openWatched(`${server.origin('ccc')}/branches`);
    const { page } = watched;
    await runtimeStarted(page);
    const headers = watched.documents[0]!.headers();
    assert.match(headers['content-security-policy']!, /frame-ancestors 'none'/);
    assert.equal(headers['x-frame-options'], 'DENY');
    await assertCleanUnderPolicy(watched, 'control center', { tagManager: false });
    await page.close();
  });

  for (const brand of ['ac', 'tqg', 'wc']) {
    test(`the ${brand} home page: no violation`, async () => {
      const watched = await openWatched(`${server.origin(brand)}/`);
      const { page } = watched;
      await runtimeStarted(page);
      const headers = watched.documents[0]!.headers();
      assert.match(headers['content-security-policy']!, /frame-ancestors 'self'/);
      assert.equal(headers['x-frame-options'], 'SAMEORIGIN');
      await assertCleanUnderPolicy(watched, `${brand} home`);
      await page.close();
    });
  }

  test('the policy bites, and the watch sees it: an inline script without the nonce in the HTML is refused and reported', async () => {
    // The server's own answer (its headers, the CSP included) with one script added, as an
    // injection into the markup would add it. Not from page.evaluate: DevTools' evaluation bypasses the CSP.
    const page = await browser.newPage();
    const cspMessages: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) cspMessages.push(message.text());
    });
    await page.evaluateOnNewDocument(() => {
      const seen: Violation[] = [];
      (window as TestWindow).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}`, sample: event.sample });
      });
    });
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.resourceType() !== 'document') return void request.continue();
      void server.app.inject({ url: new URL(request.url()).pathname, headers: { host: new URL(request.url()).host } }).then((answer) => {
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !['content-length', 'transfer-encoding', 'connection'].includes(name)).map(([name, value]) => [name, String(value)]));
        const body = answer.body.replace('</body>', '<script>window.__injected = true;</script></body>');
        return request.respond({ status: answer.statusCode, headers, body });
      });
    });
    await page.goto(`${server.origin('ac')}/`, { waitUntil: 'networkidle0' });
    await runtimeStarted(page);
    assert.equal(await page.evaluate(() => (window as Window & { __injected?: boolean }).__injected), undefined, 'the injected script did not run');
    const violations = await page.evaluate(() => (window as TestWindow).__cspViolations ?? []);
    assert.deepEqual(violations.map((violation) => [violation.directive, violation.blocked]), [['script-src-elem', 'inline']]);
    assert.equal(cspMessages.length, 1, 'one console message about the Content Security Policy');
    await page.close();
  });
});
