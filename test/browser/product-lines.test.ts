/**
 * Life and health visitors in Chromium, sold as what they asked for: wc's /go-4-life and bh's
 * /go-4-health walked to the end screen against a local marketplace that records every request
 * (and answers as the sandbox does). Every demand check, phone lease and ad list of the walk goes
 * out with the page's own placement, the lease carries the line's own lead mapping (the contact
 * details too, the visitor having consented on the contact step), the ads are the line's, the
 * leased number is the line's, and the end screen has no Medicare wording.
 *
 * Its own server, not the shared one: it needs the recording marketplace as upstream.
 *
 * Run alone: npx tsx build.ts && npx tsx --test test/browser/product-lines.test.ts
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { phoneForms } from '../../src/core/marketplace/phone.ts';
import type { ProductLine } from '../../src/core/marketplace/product-line.ts';
import { SANDBOX_CARRIER_ADS } from '../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SANDBOX_PATHS, SANDBOX_PLACEMENT_IDS, sandboxPhoneNumber } from '../../src/server/marketplace/sandbox/sandbox-rules.ts';
import { launchBrowser, runtimeStarted, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';

/** A visitor address whose IP lookup gives a ZIP starting with 0: a low bid, so the call screen shows the ads too. */
const LOW_BID_IP = '18.0.0.1';

/** One request the marketplace got: its endpoint path and JSON body. */
interface Recorded {
  path: string;
  body: Record<string, unknown>;
}

/**
 * A marketplace that records every request and forwards it to the sandbox, answering as it does;
 * the sandbox's own address in an answer (ad images, impressions) becomes the recorder's, so the
 * page loads them from the one marketplace origin its CSP allows.
 */
async function startRecordingMarketplace(sandbox: SandboxMarketplace): Promise<{ url: string; requests: Recorded[]; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  let url = '';
  const recorder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const forward = async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      if (method === 'POST') requests.push({ path: req.url ?? '', body: JSON.parse(text || '{}') as Record<string, unknown> });
      const answer = await fetch(`${sandbox.url}${req.url ?? ''}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
        ...(method === 'POST' ? { body: text } : {}),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end((await answer.text()).replaceAll(sandbox.url, url));
    };
    req.on('end', () => void forward().catch((error: unknown) => res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error))));
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => recorder.close(() => resolve())),
  };
}

let sandbox: SandboxMarketplace;
let marketplace: Awaited<ReturnType<typeof startRecordingMarketplace>>;
let server: TestServer;
let browser: TestBrowser;

before(async () => {
  sandbox = await startSandboxMarketplace();
  marketplace = await startRecordingMarketplace(sandbox);
  server = await startTestServer({
    MEDIAALPHA_DEMAND_CHECK_URL: `${marketplace.url}${SANDBOX_PATHS.demandCheck}`,
    MEDIAALPHA_GET_PHONE_URL: `${marketplace.url}${SANDBOX_PATHS.getPhone}`,
    MEDIAALPHA_ADS_URL: `${marketplace.url}${SANDBOX_PATHS.ads}`,
    MEDIAALPHA_API_TOKEN: sandbox.token,
    MEDIAALPHA_PLACEMENT_MEDICARE: SANDBOX_PLACEMENT_IDS.medicare,
    MEDIAALPHA_PLACEMENT_AUTO: SANDBOX_PLACEMENT_IDS.auto,
    MEDIAALPHA_PLACEMENT_LIFE: SANDBOX_PLACEMENT_IDS.life,
    MEDIAALPHA_PLACEMENT_HEALTH: SANDBOX_PLACEMENT_IDS.health,
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await marketplace?.close();
  await sandbox?.close();
});

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function openPage(url: string): Promise<TestPage> {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 800 });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': LOW_BID_IP });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

async function atPath(page: Page, path: string) {
  await page.waitForFunction((expected) => location.pathname === expected && document.querySelector('.funnel-body')?.getAttribute('data-step') === expected.split('/').pop(), { timeout: 10_000 }, path);
}

/** Taps the answer `answer` of the one-question screen asking `question`. */
async function tap(page: Page, question: string, answer: string) {
  await page.locator(`${aria(question, 'group')} ${aria(answer, 'button')}`).click();
}

/** The walk's shared ending: name, then the contact step (consent), then the call screen. */
async function giveNameAndContact(page: Page, base: string) {
  await atPath(page, `${base}/name`);
  await page.locator(aria('First name', 'textbox')).fill('Ann');
  await page.locator(aria('Last name', 'textbox')).fill('Lee');
  await page.locator(aria('Continue', 'button')).click();
  await atPath(page, `${base}/contact`);
  await page.locator(aria('Email address', 'textbox')).fill('ann@example.com');
  await page.locator(aria('Phone number', 'textbox')).fill('(305) 555-0100');
  await page.locator(aria('Get my quotes', 'button')).click();
  await atPath(page, `${base}/call`);
}

interface Walk {
  line: Exclude<ProductLine, 'medicare' | 'auto'>;
  brand: string;
  base: string;
  zip: string;
  answer(page: Page): Promise<void>;
  /** The lease's `data` (the contact details included: the visitor consented). */
  data: Record<string, unknown>;
}

const WALKS: Walk[] = [
  {
    line: 'life',
    brand: 'wc',
    base: '/go-4-life',
    zip: '33145',
    async answer(page) {
      await tap(page, 'How old are you?', '40 to 49');
      await atPath(page, '/go-4-life/coverage');
      await tap(page, 'How much life insurance would you like?', '$50,000 to $100,000');
      await atPath(page, '/go-4-life/tobacco');
      await tap(page, 'Have you used tobacco or nicotine in the last 12 months?', 'No');
    },
    data: { zip: '33145', age_range: '40-49', coverage_amount: '50k-100k', tobacco: 0, contact: 'Ann Lee', email: 'ann@example.com', phone: '(305) 555-0100' },
  },
  {
    line: 'health',
    brand: 'bh',
    base: '/go-4-health',
    zip: '60607',
    async answer(page) {
      await tap(page, 'How old are you?', '40 to 49');
      await atPath(page, '/go-4-health/household');
      // Eight sizes: a list of radios and a Continue button rather than one-tap answers.
      await page.locator(`${aria('How many people are in your household, including you?', 'group')} ${aria('3 people', 'radio')}`).click();
      await page.locator(aria('Continue', 'button')).click();
      await atPath(page, '/go-4-health/income');
      await tap(page, 'About how much does your household earn in a year?', '$25,000 to $50,000');
      await atPath(page, '/go-4-health/insured');
      await tap(page, 'Do you have health insurance right now?', 'Yes');
    },
    data: { zip: '60607', age_range: '40-49', household_size: '3', income_band: '25k-50k', currently_insured: 1, contact: 'Ann Lee', email: 'ann@example.com', phone: '(305) 555-0100' },
  },
];

describe('life and health visitors in Chromium: their own product line, end to end', () => {
  for (const walk of WALKS) {
    test(`${walk.brand} ${walk.base}: only the ${walk.line} placement, the ${walk.line} lead mapping, ${walk.line} ads and number, no Medicare wording`, async () => {
      const from = marketplace.requests.length;
      const page = await openPage(`${server.origin(walk.brand)}${walk.base}`);
      await page.locator(aria('ZIP code', 'textbox')).fill(walk.zip);
      await page.locator(aria('Continue', 'button')).click();
      await atPath(page, `${walk.base}/age`);
      await walk.answer(page);
      await giveNameAndContact(page, walk.base);

      // The line's leased number on the end screen, and the line's ads beside it (a low bid shows them).
      const leased = phoneForms(sandboxPhoneNumber(walk.zip, walk.line));
      await page.waitForFunction((href) => document.querySelector('a.funnel-phone')?.getAttribute('href') === href, { timeout: 15_000 }, leased.tel);
      const firstCarrier = SANDBOX_CARRIER_ADS[walk.line][0]!.carrier;
      await page.waitForFunction((carrier) => document.querySelector('[data-end-block="ads"]')?.textContent?.includes(carrier) === true, { timeout: 15_000 }, firstCarrier);
      const endScreen = await page.$eval('.funnel-body', (body) => body.textContent ?? '');
      assert.doesNotMatch(endScreen, /Medicare/i, 'no Medicare wording on the end screen');

      const sent = marketplace.requests.slice(from);
      const paths = new Set(sent.map((request) => request.path));
      assert.deepEqual([...paths].sort(), [SANDBOX_PATHS.ads, SANDBOX_PATHS.demandCheck, SANDBOX_PATHS.getPhone].sort(), 'a demand check, a lease and an ad list were made');
      assert.deepEqual(
        sent.filter((request) => request.body.placement_id !== SANDBOX_PLACEMENT_IDS[walk.line]).map((request) => `${request.path} ${String(request.body.placement_id)}`),
        [],
        `every request carries the ${walk.line} placement`,
      );
      for (const lease of sent.filter((request) => request.path === SANDBOX_PATHS.getPhone)) assert.deepEqual(lease.body.data, walk.data, `the ${walk.line} lead mapping`);
      for (const ads of sent.filter((request) => request.path === SANDBOX_PATHS.ads)) assert.equal(ads.body.product, walk.line);
      assert.deepEqual(page.consoleErrors, []);
      await page.close();
    });
  }
});
