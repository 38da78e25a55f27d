/**
 * The marketplace in Chromium, end to end against the sandbox marketplace: the call step leases
 * a number and shows it in the header and on the call step (tel: link, digits, grouped), on the
 * site's other pages too, and every shown number goes back to the brand's default by itself when
 * the lease ends; the demand check records its lowBidResult event; the /ads funnel ends on the
 * marketplace's ads with impression and click events, and the provider's serve script is asked
 * for there and nowhere else.
 *
 * Its own server, not the shared one: it needs the sandbox marketplace as upstream (and a
 * get-phone upstream with short leases).
 *
 * Run alone: npx tsx build.ts && npx tsx --test test/browser/marketplace.test.ts
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { brandById } from '../../brands/index.ts';
import { phoneForms } from '../../src/core/marketplace/phone.ts';
import { parseIpAddress } from '../../src/server/ip-lookup/index.ts';
import { sandboxBid, sandboxPhoneNumber } from '../../src/server/marketplace/sandbox/sandbox-rules.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import type { EventRow } from '../../src/server/platform/store/index.ts';
import { SERVE_SCRIPT_URL } from '../../src/ui/ads/serve-script.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { whenEmitted } from '../support/when-emitted.ts';
import { EVENT_BEACON_ACK_WAIT_MS } from '../../src/client/tracking/transport.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE_VIEWPORT = { width: 390, height: 800 };

/**
 * How long the test marketplace's leases last. The real lease time is 300 s (and the browser must
 * ask for exactly that), so the test's upstream shortens the answered expiration instead of the
 * test waiting five minutes; long enough to look at the leased number on two pages on a loaded CI
 * machine (8 s was not: the lease ended between seeing it and reading it), short enough to see it end.
 */
const LEASE_SECONDS = 20;

/** The ZIP the visitor types: the sandbox leases 800-555-01NN for it, which no brand uses as its default. */
const VISITOR_ZIP = '33142';

/** Visitor addresses (sent as X-Forwarded-For; the server trusts its proxy): Cambridge MA (a ZIP starting with 0), San Jose CA. */
const LOW_BID_IP = '18.0.0.1';
const HIGH_BID_IP = '73.15.0.1';

let sandbox: SandboxMarketplace;
let shortLeases: { url: string; close(): Promise<void> };
let server: TestServer;
let browser: TestBrowser;

/**
 * A real upstream in front of the sandbox's get-phone: forwards the request as it came (token
 * included) and answers the sandbox's lease with its expiration moved to {@link LEASE_SECONDS} from now.
 */
async function startShortLeaseUpstream(getPhoneUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const forward = async () => {
      const answer = await fetch(getPhoneUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' }, body: Buffer.concat(chunks) });
      const body = (await answer.json()) as Record<string, unknown>;
      const shortened = { ...body, expiration: new Date(Date.now() + LEASE_SECONDS * 1000).toISOString(), lease_time: LEASE_SECONDS };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(shortened));
    };
    // A forward that fails answers 502 with the reason, so the lease under test fails visibly instead of hanging.
    req.on('end', () => void forward().catch((error: unknown) => res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error))));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/get-phone`,
    close: () => new Promise<void>((resolve) => upstream.close(() => resolve())),
  };
}

before(async () => {
  sandbox = await startSandboxMarketplace();
  shortLeases = await startShortLeaseUpstream(sandbox.endpoints.getPhone);
  server = await startTestServer({
    MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
    MEDIAALPHA_GET_PHONE_URL: shortLeases.url,
    MEDIAALPHA_ADS_URL: sandbox.endpoints.ads,
    MEDIAALPHA_API_TOKEN: sandbox.token,
    MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
    MEDIAALPHA_AFFILIATE_ID: 'aff-browser-test',
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await shortLeases?.close();
  await sandbox?.close();
});

type TestWindow = Window & { __cobrand?: unknown; axe?: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } };

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function openPage(url: string, visitorIp: string): Promise<TestPage> {
  const page = await browser.newPage();
  await page.setViewport(PHONE_VIEWPORT);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorIp });
  // A tel: link would hand the call to an app the test machine does not have; an ad's headline
  // would open a tab. The page's own handlers (and the click tracking) still see the click.
  await page.evaluateOnNewDocument(() => {
    window.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="tel:"], a[target="_blank"]')) event.preventDefault();
    }, true);
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

async function atPath(page: Page, path: string) {
  await page.waitForFunction((expected) => location.pathname === expected && document.querySelector('.funnel-body')?.getAttribute('data-step') === expected.split('/').pop(), { timeout: 10_000 }, path);
}

/** Answers the three Medicare questions of a funnel at `base`, ending on its last step. */
async function answerMedicareQuestions(page: Page, base: string, atEachStep: () => void = () => undefined) {
  await page.locator(aria('ZIP code', 'textbox')).fill(VISITOR_ZIP);
  atEachStep();
  await page.locator(aria('Continue', 'button')).click();
  await atPath(page, `${base}/medicare`);
  atEachStep();
  await page.locator(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`).click();
  await atPath(page, `${base}/medicaid`);
  atEachStep();
  await page.locator(`${aria('Do you also have Medicaid?', 'group')} ${aria('No', 'button')}`).click();
}

/** Every shown number of the page: header and (when present) the funnel's end screen. */
async function shownNumbers(page: Page) {
  return page.$$eval('a.header-phone, a.funnel-phone', (links) =>
    links.map((link) => ({ href: link.getAttribute('href'), digits: link.getAttribute('data-phone'), grouped: link.querySelector('.header-phone-number')?.textContent ?? link.textContent })),
  );
}

function expectedForms(digits: string) {
  const forms = phoneForms(digits);
  return { href: forms.tel, digits: forms.raw, grouped: forms.grouped };
}

/** The brand's events named `event` received since `since`, oldest first, once `count` of them arrived (re-read as the server answers requests). */
function eventsSince(brandId: string, event: string, since: string, count = 1): Promise<EventRow[]> {
  const read = async () => {
    const rows = await server.app.store.listEvents({ brandId, event, afterReceivedAt: since, limit: 50 });
    return rows.length >= count ? rows.reverse() : undefined;
  };
  // The cap outlasts the transport's beacon wait: a click on a tel: link can hide the page for a
  // moment, which beacons the queue, and a beacon the server never got is sent again after it.
  return whenEmitted(server.answered, 'answered', read, `${count} ${event} event(s) of ${brandId}`, EVENT_BEACON_ACK_WAIT_MS + 10_000);
}

/** The bid the sandbox gives a visitor at `ip`: from the postal code the server's IP lookup finds there. */
async function expectedBid(ip: string): Promise<{ zip: string | null; isLowBid: boolean; bid: number }> {
  const { postalCode } = await server.app.ipLookup.lookup(parseIpAddress(ip)!);
  const bid = sandboxBid(postalCode ?? undefined);
  return { zip: postalCode, bid, isLowBid: bid < 10 };
}

async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as TestWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

describe('marketplace in Chromium', () => {
  test('the call step leases a number, shows it everywhere, records the demand check, and falls back to the default when the lease ends', async () => {
    const since = new Date().toISOString();
    const defaultNumber = expectedForms(brandById('ac')!.phone);
    const leasedNumber = expectedForms(sandboxPhoneNumber(VISITOR_ZIP));
    assert.notDeepEqual(leasedNumber, defaultNumber, 'the test can tell the two apart');

    const page = await openPage(`${server.origin('ac')}/quiz/otc?afid=aff-url`, LOW_BID_IP);
    assert.deepEqual(await shownNumbers(page), [defaultNumber], 'no lease before the call step');
    await answerMedicareQuestions(page, '/quiz/otc');
    await atPath(page, '/quiz/otc/call');
    await page.waitForFunction((href) => document.querySelector('a.funnel-phone')?.getAttribute('href') === href, { timeout: 10_000 }, leasedNumber.href);
    assert.deepEqual(await shownNumbers(page), [leasedNumber, leasedNumber], 'header and call step: tel: link, digits, grouped');

    // The demand check ran on entering the step, with the visitor's IP lookup; its answer is an event.
    const expected = await expectedBid(LOW_BID_IP);
    const [lowBid] = await eventsSince('ac', 'lowBidResult', since);
    assert.ok(lowBid, 'a lowBidResult event was recorded');
    const props = lowBid.properties as { isLowBid: boolean; maResponse: string };
    assert.equal(props.isLowBid, expected.isLowBid);
    assert.equal((JSON.parse(props.maResponse) as { ctc: { ev: number } }).ctc.ev, expected.bid, 'the raw marketplace response');
    const [exchange] = await server.app.store.listExchanges({ last: 1, kind: 'demand-check' });
    const sent = exchange!.request as { data: { zip?: string }; sub_1: string; url: string };
    assert.equal(sent.data.zip, expected.zip ?? undefined, "the IP lookup's zip");
    assert.equal(sent.sub_1, 'aff-url', 'afid from the address');
    assert.equal(sent.url, `${server.origin('ac')}/quiz/otc/call?afid=aff-url`, 'the full current address');

    // Clicking a shown number is a call event naming the number and where it was.
    await page.click('a.header-phone');
    await page.click('a.funnel-phone');
    const calls = await eventsSince('ac', 'call', since, 2);
    assert.deepEqual(
      calls.map((row) => ({ didNumber: (row.properties as { didNumber: string }).didNumber, ctcLocation: (row.properties as { ctcLocation: string }).ctcLocation })),
      [
        { didNumber: leasedNumber.digits, ctcLocation: 'header' },
        { didNumber: leasedNumber.digits, ctcLocation: 'call-step' },
      ],
    );

    // Another page of the site, opened while the lease lasts: hydrated with the default, then the lease.
    const home = await openPage(`${server.origin('ac')}/`, LOW_BID_IP);
    await home.waitForFunction((href) => document.querySelector('a.header-phone')?.getAttribute('href') === href, { timeout: 15_000 }, leasedNumber.href);
    assert.deepEqual(await shownNumbers(home), [leasedNumber], 'the lease, in every form');

    // The lease ends while both pages stay open: each goes back to the default by itself. Polled on a
    // timer, not per animation frame: the first page is a background tab now, which paints no frames.
    for (const open of [page, home]) {
      await open.waitForFunction((href) => [...document.querySelectorAll('a.header-phone, a.funnel-phone')].every((link) => link.getAttribute('href') === href), { timeout: (LEASE_SECONDS + 5) * 1000, polling: 100 }, defaultNumber.href);
    }
    assert.deepEqual(await shownNumbers(page), [defaultNumber, defaultNumber]);
    assert.deepEqual(await shownNumbers(home), [defaultNumber]);
    // A low bid puts the marketplace's ads on the call step, so the serve script loads there, and only there.
    assert.equal(expected.isLowBid, true);
    assert.ok(page.thirdPartyRequests.includes(SERVE_SCRIPT_URL), 'the serve script where ads are shown');
    assert.ok(!home.thirdPartyRequests.includes(SERVE_SCRIPT_URL), 'no serve script without ads');
    assert.deepEqual(page.consoleErrors, []);
    assert.deepEqual(home.consoleErrors, [], 'no hydration mismatch');
    await home.close();
    await page.close();
  });

  test('the /ads funnel ends on the marketplace ads: cards, impression and click events, the serve script only there', async () => {
    const since = new Date().toISOString();
    const impressionPixels: string[] = [];
    const page = await openPage(`${server.origin('emily')}/ads`, HIGH_BID_IP);
    page.on('request', (request) => {
      if (request.url().startsWith(`${sandbox.url}/impression/`)) impressionPixels.push(request.url());
    });
    const beforeAds: boolean[] = [];
    await answerMedicareQuestions(page, '/ads', () => beforeAds.push(page.thirdPartyRequests.includes(SERVE_SCRIPT_URL)));
    await atPath(page, '/ads/ads');
    assert.deepEqual(beforeAds, [false, false, false], 'no serve script on the question steps');
    await page.waitForSelector('.ad-card', { timeout: 10_000 });

    const cards = await page.$$eval('.ad-card', (items) =>
      items.map((item) => {
        const headline = item.querySelector('.ad-headline a')!;
        return {
          carrier: item.querySelector('img.ad-logo')?.getAttribute('alt'),
          headline: headline.childNodes[0]?.textContent,
          href: headline.getAttribute('href'),
          rel: headline.getAttribute('rel'),
          target: headline.getAttribute('target'),
          allowed: headline.hasAttribute('data-allow-external'),
          description: Boolean(item.querySelector('.ad-description')?.textContent),
          displayUrl: item.querySelector('.ad-display-url')?.textContent,
          call: item.querySelector('a.ad-call')?.getAttribute('href'),
          impressionSandboxed: item.querySelector('iframe.ad-impression')?.getAttribute('sandbox'),
        };
      }),
    );
    assert.equal(cards.length, 5);
    assert.deepEqual(cards[0], {
      carrier: 'Humana logo',
      headline: 'Humana Medicare Advantage Plans',
      href: `${sandbox.url}/click/sbx-humana`,
      rel: 'sponsored noopener',
      target: '_blank',
      allowed: true,
      description: true,
      displayUrl: 'humana.com/medicare',
      call: 'tel:+18005550111',
      impressionSandboxed: '',
    });
    assert.ok(page.thirdPartyRequests.includes(SERVE_SCRIPT_URL), 'the serve script is loaded where ads are shown');
    assert.equal(await page.$$eval(`script[src="${SERVE_SCRIPT_URL}"]`, (scripts) => scripts.length), 1, 'once');
    await page.waitForFunction((count) => document.querySelectorAll('iframe.ad-impression').length === count, {}, 5);
    await whenEmitted(page, 'request', () => new Set(impressionPixels).size >= 5, 'five impression pixels');
    assert.equal(new Set(impressionPixels).size, 5, "each ad's impression HTML ran (its pixel loaded) inside its sandboxed frame");

    const [impression] = await eventsSince('emily', 'adImpression', since);
    assert.ok(impression, 'an adImpression event was recorded');
    const shown = impression.properties as { provider: string; adCount: number; ads: Array<{ adId: string; position: number }> };
    assert.equal(shown.provider, 'mediaalpha');
    assert.equal(shown.adCount, 5);
    assert.deepEqual(shown.ads.map((ad) => ad.position), [1, 2, 3, 4, 5]);
    assert.equal(shown.ads[0]!.adId, 'sbx-humana');

    await page.click('.ad-card:nth-child(2) .ad-headline a');
    const [clicked] = await eventsSince('emily', 'adClicked', since);
    assert.ok(clicked, 'an adClicked event was recorded');
    assert.deepEqual(
      { provider: (clicked.properties as { provider: string }).provider, ad: (clicked.properties as { ad: { adId: string; action: string } }).ad.adId, action: (clicked.properties as { ad: { action: string } }).ad.action },
      { provider: 'mediaalpha', ad: 'sbx-aetna', action: 'visit' },
    );
    assert.equal((await eventsSince('emily', 'adImpression', since)).length, 1, 'one impression per list shown');

    const [lowBid] = await eventsSince('emily', 'lowBidResult', since);
    assert.equal((lowBid!.properties as { isLowBid: boolean }).isLowBid, (await expectedBid(HIGH_BID_IP)).isLowBid, 'the ads step checks demand too');

    await assertAccessible(page, 'ads step');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});
