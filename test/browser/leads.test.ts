/**
 * Leads end to end in Chromium: the auto funnel on tqg, walked screen by screen with the
 * vehicle chosen from lists, stores one lead with the consent proof of the disclosure
 * the contact step showed, and the lead buyer (a real local HTTP server) receives the §7 mapping
 * once, every driver field included; a Medicare funnel gives a call-routed lead; no event holds the
 * visitor's email or phone; a low bid adds the marketplace ads under the call; outside working
 * hours the call screen says lines are closed and when they open in the visitor's zone, and offers a
 * call back before any ad. The server's clock is set, never waited on.
 *
 * Its own server, not the shared one: it needs the sandbox marketplace and a lead buyer as
 * upstreams, and a clock the test moves across working hours.
 *
 * Run alone: npx tsx build.ts && npx tsx --test test/browser/leads.test.ts
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { brandById } from '../../brands/index.ts';
import { funnelConsent } from '../../src/core/funnels/consent.ts';
import { ADS_PATH } from '../../src/core/contract/paths.ts';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { startLeadBuyer, type FixtureLeadBuyer } from '../../tools/support/lead-buyer-server.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../tools/support/server.ts';
import { whenEmitted } from '../support/when-emitted.ts';

const PHONE_VIEWPORT = { width: 390, height: 800 };
const INSIDE_HOURS = INSIDE_WORKING_HOURS;
const OUTSIDE_HOURS = OUTSIDE_WORKING_HOURS;
/** Visitor addresses the IP lookup places in Cambridge MA (ZIP starting with 0: the sandbox's low bid) and San Jose CA (high bid). */
const LOW_BID_IP = '18.0.0.1';
const HIGH_BID_IP = '73.15.0.1';
const EMAIL = 'chromium.lead@example.com';
const PHONE_DIGITS = '3125550168';

let sandbox: SandboxMarketplace;
let buyer: FixtureLeadBuyer;
let server: TestServer;
let browser: TestBrowser;
let clock = INSIDE_HOURS;
const attempts = new EventEmitter();

before(async () => {
  sandbox = await startSandboxMarketplace();
  buyer = await startLeadBuyer('ok');
  server = await startTestServer(
    {
      MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
      MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
      MEDIAALPHA_ADS_URL: sandbox.endpoints.ads,
      MEDIAALPHA_API_TOKEN: sandbox.token,
      MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
      MEDIAALPHA_PLACEMENT_AUTO: 'placement-auto',
      LEAD_BUYER_URL: buyer.url,
      LEAD_BUYER_TOKEN: 'buyer-token',
    },
    // Each delivery attempt is announced, so a test waits for the outbox, not for time.
    { now: () => clock, leadJobs: { onAttempt: () => attempts.emit('attempt') } },
  );
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await buyer?.close();
  await sandbox?.close();
});

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function openPage(url: string, visitorIp = HIGH_BID_IP): Promise<TestPage> {
  const page = await browser.newPage();
  await page.setViewport(PHONE_VIEWPORT);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorIp });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

async function atStep(page: Page, name: string) {
  await page.waitForFunction((expected) => document.querySelector('.funnel-body')?.getAttribute('data-step') === expected, { timeout: 10_000 }, name);
}

async function press(page: Page, button: string) {
  await page.locator(aria(button, 'button')).click();
}

async function fill(page: Page, label: string, value: string) {
  await page.locator(aria(label, 'textbox')).fill(value);
}

/** Chooses `value` in the list labelled `label` (a native select). */
async function select(page: Page, label: string, value: string) {
  await page.locator(aria(label, 'combobox')).fill(value);
}

/** Checks the radio `option` of `question`, one of several questions on its step (answered, then Continue). */
async function choose(page: Page, question: string, option: string) {
  await page.locator(`${aria(question, 'group')} ${aria(option, 'radio')}`).click();
}

/** A question alone on its step is answered with one tap, which submits the step (or shows the question that follows it). */
async function answer(page: Page, question: string, option: string) {
  await page.locator(`${aria(question, 'group')} ${aria(option, 'button')}`).click();
}

async function walkMedicare(page: Page, base: string) {
  await fill(page, 'ZIP code', '33142');
  await press(page, 'Continue');
  await atStep(page, 'medicare');
  await answer(page, 'Do you have Medicare Part A and Part B?', 'Yes');
  await atStep(page, 'medicaid');
  await answer(page, 'Do you also have Medicaid?', 'No');
  await atStep(page, base);
}

/** In the page: the end screen's blocks in the order shown, 'ads' and 'call' (the call block counts while hidden). */
const shownEndBlocks = () =>
  [...document.querySelectorAll<HTMLElement>('[data-end-block]')].filter((block) => block.offsetParent !== null || block.getAttribute('data-end-block') === 'call').map((block) => block.getAttribute('data-end-block')!);

/** The end screen's blocks in the order shown. */
function endBlocks(page: Page): Promise<string[]> {
  return page.evaluate(shownEndBlocks);
}

/** Counts the page's requests to `path` from now on; the returned function reads the count. */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** Resolves once the end screen shows `blocks`, in that order (the demand check's answer may reorder them after the step renders). */
async function untilEndBlocks(page: Page, blocks: readonly string[]): Promise<void> {
  await page.waitForFunction(`JSON.stringify((${shownEndBlocks.toString()})()) === ${JSON.stringify(JSON.stringify(blocks))}`, { timeout: 15_000 });
}

describe('leads in Chromium', () => {
  test('the auto funnel stores one lead with its consent proof, and the buyer receives it once', async () => {
    clock = INSIDE_HOURS;
    const tqg = brandById('tqg')!;
    const disclosure = funnelConsent(FUNNELS.auto!, tqg)!;
    const page = await openPage(`${server.origin('tqg')}/quiz/auto`);
    await fill(page, 'ZIP code', '60601');
    await press(page, 'Continue');
    await atStep(page, 'insured');
    await answer(page, 'Do you have car insurance right now?', 'No');
    await atStep(page, 'homeowner');
    // A homeowner's "Yes" asks about home insurance on the same screen.
    await answer(page, 'Do you own your home?', 'Yes');
    await choose(page, 'Would you also like a home insurance quote?', 'No');
    await press(page, 'Continue');
    // Year, make and model chosen from the lists, on one screen: the models once make and year are chosen.
    await atStep(page, 'vehicle-1');
    await select(page, 'Model year', '2018');
    await select(page, 'Make', 'Toyota');
    await select(page, 'Model', 'Camry');
    await press(page, 'Continue');
    await atStep(page, 'has-vehicle-2');
    await answer(page, 'Do you have another vehicle?', 'No');
    await atStep(page, 'driver-1');
    await fill(page, 'First name', 'Dora');
    await fill(page, 'Last name', 'Whitfield');
    await select(page, 'Month', '04');
    await fill(page, 'Day', '30');
    await fill(page, 'Year', '1950');
    await press(page, 'Continue');
    await atStep(page, 'driver-1-details');
    await choose(page, 'What is your gender?', 'Female');
    await choose(page, 'What is your marital status?', 'Widowed');
    await press(page, 'Continue');
    await atStep(page, 'driver-1-credit');
    await answer(page, 'How would you rate your credit?', 'Good');
    await atStep(page, 'driver-1-record');
    await choose(page, 'Do you need an SR-22 filing?', 'No');
    await choose(page, 'Have you served in the U.S. military?', 'Yes');
    await press(page, 'Continue');
    await atStep(page, 'has-driver-2');
    await answer(page, 'Does anyone else drive your car?', 'No');
    await atStep(page, 'address');
    await fill(page, 'Street address', '9 Orchard Lane');
    await press(page, 'Continue');
    await atStep(page, 'contact');

    // The disclosure stands right above the button it names, with the words the server will check.
    const shown = await page.$eval('[data-consent]', (element) => ({
      text: element.textContent,
      beforeButtons: element.nextElementSibling?.classList.contains('funnel-actions') ?? false,
      links: [...element.querySelectorAll('a')].map((link) => link.getAttribute('href')),
    }));
    assert.equal(shown.text, disclosure.text);
    assert.equal(shown.beforeButtons, true);
    assert.deepEqual(shown.links, ['/tos', '/privacy']);

    await fill(page, 'Email address', EMAIL);
    await fill(page, 'Phone number', PHONE_DIGITS);
    await press(page, 'Get my quotes');
    await atStep(page, 'result');
    await page.waitForFunction(() => document.querySelector('[data-lead-outcome]')?.getAttribute('data-lead-outcome') === 'stored', { timeout: 10_000 });
    assert.match(await page.$eval('.funnel-step-title', (element) => element.textContent ?? ''), /Your quotes are on the way/);

    const leads = (await server.app.store.listLeads({ brandId: 'tqg', limit: 100 })).filter((lead) => lead.fields.driver1Email === EMAIL);
    assert.equal(leads.length, 1, 'one lead');
    const lead = leads[0]!;
    assert.equal(lead.consent?.text, shown.text, 'the proof keeps the text the visitor saw');
    assert.equal(lead.consent?.buttonLabel, 'Get my quotes');
    assert.match(lead.consent.pageUrl, /\/quiz\/auto\/contact/);

    // The outbox delivers it to the buyer once, with the §7 mapping and the lead id as idempotency key.
    const delivered = await whenEmitted(attempts, 'attempt', async () => {
      const row = await server.app.store.getLead(lead.id);
      return row?.status === 'delivered' ? row : undefined;
    }, 'the delivery');
    assert.equal(delivered.attempts, 1);
    const received = buyer.requestsFor(lead.id);
    assert.equal(received.length, 1);
    assert.equal(received[0]!.authorization, 'Bearer buyer-token');
    // Every driver field of spec §7 is there, from the screens that asked one topic each.
    assert.deepEqual(received[0]!.body, {
      zip: '60601',
      drivers: [
        {
          first_name: 'Dora',
          last_name: 'Whitfield',
          email: EMAIL,
          dob: '1950-04-30',
          address: '9 Orchard Lane',
          primary_phone: PHONE_DIGITS,
          gender: 'female',
          own_or_rent: 'own',
          marital_status: 'non-married',
          credit_rating: 'good',
          military_experience: 'yes',
        },
      ],
      vehicles: [{ year: '2018', make: 'Toyota', model: 'Camry' }],
      coverage: { has_coverage: 'no' },
    });

    // No event holds the visitor's email, phone, name, street or date of birth.
    const events = await server.app.store.listEvents({ brandId: 'tqg', limit: 1000 });
    assert.ok(events.some((event) => event.event === 'formStepSubmitted'), 'the steps were tracked');
    const text = JSON.stringify(events);
    for (const secret of [EMAIL, PHONE_DIGITS, '555-0168', 'Dora', 'Whitfield', '9 Orchard Lane', '1950-04-30']) assert.ok(!text.includes(secret), `an event holds ${secret}`);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('a Medicare funnel gives a call-routed lead', async () => {
    clock = INSIDE_HOURS;
    const page = await openPage(`${server.origin('ac')}/quiz/otc`);
    await walkMedicare(page, 'call');
    const lead = await whenEmitted(server.answered, 'answered', async () => (await server.app.store.listLeads({ brandId: 'ac', limit: 10 })).find((row) => row.route === 'quiz-otc'), 'the Medicare lead');
    assert.equal(lead.status, 'call-routed');
    assert.equal(lead.consent, null);
    assert.ok(buyer.requests.every((request) => (request.body as { zip?: string }).zip !== '33142'), 'a Medicare lead never goes to the buyer');
    await page.close();
  });

  const bids: Array<{ name: string; ip: string; blocks: string[] }> = [
    { name: 'a low bid adds the marketplace ads under the call', ip: LOW_BID_IP, blocks: ['call', 'ads'] },
    { name: 'a high bid keeps the call', ip: HIGH_BID_IP, blocks: ['call'] },
  ];
  for (const { name, ip, blocks } of bids) {
    test(name, async () => {
      clock = INSIDE_HOURS;
      const page = await openPage(`${server.origin('ac')}/quiz/grocery`, ip);
      const adListRequests = countRequests(page, ADS_PATH);
      await walkMedicare(page, 'call');
      await untilEndBlocks(page, blocks);
      if (blocks.includes('ads')) await page.waitForSelector('[data-end-block="ads"] .ad-list', { timeout: 15_000 });
      assert.deepEqual(await endBlocks(page), blocks);
      // One list per end screen: the ad list is not mounted afresh (and asked for again) once its code is in.
      assert.equal(adListRequests(), blocks.includes('ads') ? 1 : 0);
      await page.close();
    });
  }

  test('outside working hours the call screen says lines are closed and when they open, in the visitor’s zone, and promises no agent now', async () => {
    clock = OUTSIDE_HOURS;
    const page = await openPage(`${server.origin('ac')}/quiz/otc`, HIGH_BID_IP);
    await walkMedicare(page, 'call');
    // A Sunday, a visitor in San Jose: lines open Monday at 5 a.m. Pacific once the IP lookup has placed them.
    await page.waitForFunction(() => document.querySelector('[data-end-block="closed"]')?.textContent?.includes('Monday at 5 a.m. Pacific') === true, { timeout: 15_000 });
    const words = await page.$eval('.funnel-body', (element) => `${element.querySelector('.funnel-step-title')?.textContent ?? ''} ${element.querySelector('[data-end-block="closed"]')?.textContent ?? ''}`);
    assert.doesNotMatch(words, /\bnow\b|right away/i);
    // The ad list shows once the marketplace has answered, after the call-back request: wait for all.
    await untilEndBlocks(page, ['closed', 'callback', 'ads', 'call']);
    assert.deepEqual(await endBlocks(page), ['closed', 'callback', 'ads', 'call'], 'the notice and the call back come first');
    clock = INSIDE_HOURS;
    await page.close();
  });
});
