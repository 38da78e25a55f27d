/**
 * Personal data leaves the browser's storage once the lead is accepted, in Chromium: the auto
 * funnel walked to its contact step, and a Medicare funnel reached from an ad link carrying the
 * visitor's name, phone and birth date. After the lead, localStorage and sessionStorage hold no
 * personal field and none of the visitor's words, while the end screen still shows what it shows
 * (the leased marketplace number, the ads of a low bid). Every event the page sent on the way
 * holds only properties the contract names.
 *
 * Its own server, not the shared one: it needs the sandbox marketplace and a lead buyer as upstreams.
 *
 * Run alone: npx tsx build.ts && npx tsx test/run.ts test/browser/browser-data.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { EVENT_CREATE_PATH } from '../../src/core/contract/paths.ts';
import { isPersonalField } from '../../src/core/leads/personal.ts';
import { phoneForms } from '../../src/core/marketplace/phone.ts';
import { keepNamedProperties } from '../../src/core/tracking/named-properties.ts';
import { FORM_VALUES_STORAGE_KEY } from '../../src/client/form-values.ts';
import { USER_STATE_STORAGE_KEY } from '../../src/client/visitor/user-sync.ts';
import { sandboxPhoneNumber } from '../../src/server/marketplace/sandbox/sandbox-rules.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { startLeadBuyer, type FixtureLeadBuyer } from '../../tools/support/lead-buyer-server.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { INSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../tools/support/server.ts';

/** Cambridge MA: a ZIP starting with 0, which the sandbox bids low on, so the end screens show ads. */
const LOW_BID_IP = '18.0.0.1';
const LOW_BID_ZIP = '02139';

let sandbox: SandboxMarketplace;
let buyer: FixtureLeadBuyer;
let server: TestServer;
let browser: TestBrowser;

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
    { now: () => INSIDE_WORKING_HOURS },
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

/** A page whose event requests are kept, as the browser sent them. */
type RecordingPage = TestPage & { events: Array<{ event: string; properties: Record<string, unknown> }> };

async function openPage(url: string): Promise<RecordingPage> {
  const page = (await browser.newPage()) as RecordingPage;
  page.events = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== EVENT_CREATE_PATH) return;
    const parsed = JSON.parse(request.postData() ?? 'null') as unknown;
    page.events.push(...((Array.isArray(parsed) ? parsed : [parsed]) as RecordingPage['events']));
  });
  await page.setViewport({ width: 390, height: 800 });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': LOW_BID_IP });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

async function atStep(page: Page, name: string) {
  await page.waitForFunction((expected) => document.querySelector('.funnel-body')?.getAttribute('data-step') === expected, { timeout: 10_000 }, name);
}

const press = (page: Page, button: string) => page.locator(aria(button, 'button')).click();
const fill = (page: Page, label: string, value: string) => page.locator(aria(label, 'textbox')).fill(value);
const select = (page: Page, label: string, value: string) => page.locator(aria(label, 'combobox')).fill(value);
const answer = (page: Page, question: string, option: string) => page.locator(`${aria(question, 'group')} ${aria(option, 'button')}`).click();
/** Checks a radio of `question`, one of several questions on its step (answered, then Continue). */
const choose = (page: Page, question: string, option: string) => page.locator(`${aria(question, 'group')} ${aria(option, 'radio')}`).click();

async function leadStored(page: Page) {
  await page.waitForFunction(() => document.querySelector('[data-lead-outcome]')?.getAttribute('data-lead-outcome') === 'stored', { timeout: 10_000 });
}

/** Everything in the page's Web Storage, key by key. */
function webStorage(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
}

/** The personal field names left in the stored form values and user state. */
function personalFieldsStored(local: Record<string, string>): string[] {
  const forms = JSON.parse(local[FORM_VALUES_STORAGE_KEY] ?? '{}') as { forms?: Record<string, Record<string, unknown>>; shared?: Record<string, unknown> };
  const user = JSON.parse(local[USER_STATE_STORAGE_KEY] ?? '{}') as { formValues?: Record<string, unknown>; captured?: Record<string, unknown> };
  const buckets = [forms.shared ?? {}, ...Object.values(forms.forms ?? {}), user.formValues ?? {}, user.captured ?? {}];
  return buckets.flatMap((bucket) => Object.keys(bucket).filter(isPersonalField));
}

/** The leased number's link on the end screen, once the lease is in. */
async function leasedNumberShown(page: Page, digits: string) {
  const href = phoneForms(digits).tel;
  await page.waitForFunction((expected) => document.querySelector('a.funnel-phone')?.getAttribute('href') === expected, { timeout: 15_000 }, href);
}

/** Asserts nothing of `secrets` and no personal field is in Web Storage, and every sent event was fully named. */
async function assertNothingPersonalKept(page: RecordingPage, secrets: readonly string[]) {
  // The rules load once the lead is stored: wait for storage to change, then look at all of it.
  await page.waitForFunction((key) => !/FirstName|firstname/.test(localStorage.getItem(key) ?? ''), { timeout: 10_000 }, USER_STATE_STORAGE_KEY);
  const { local, session } = await webStorage(page);
  assert.ok(local[FORM_VALUES_STORAGE_KEY], 'the non-personal answers are still stored');
  assert.deepEqual(personalFieldsStored(local), [], 'no personal field in localStorage');
  const text = JSON.stringify({ local, session });
  for (const secret of secrets) assert.ok(!text.includes(secret), `Web Storage holds ${secret}`);
  assert.ok(page.events.length > 0, 'the page sent events');
  for (const body of page.events) assert.equal(keepNamedProperties(body.event, body.properties).dropped, 0, `${body.event} sent a property the contract does not name`);
}

describe('personal data in the browser after the lead', () => {
  test('the auto funnel: the contact details leave storage, the result screen keeps its number and ads', async () => {
    const page = await openPage(`${server.origin('tqg')}/quiz/auto`);
    await fill(page, 'ZIP code', LOW_BID_ZIP);
    await press(page, 'Continue');
    await atStep(page, 'insured');
    await answer(page, 'Do you have car insurance right now?', 'No');
    await atStep(page, 'homeowner');
    // A homeowner's "Yes" asks about home insurance on the same screen.
    await answer(page, 'Do you own your home?', 'Yes');
    await choose(page, 'Would you also like a home insurance quote?', 'No');
    await press(page, 'Continue');
    // Year, make and model on one screen: the models once make and year are chosen.
    await atStep(page, 'vehicle-1');
    await select(page, 'Model year', '2018');
    await select(page, 'Make', 'Toyota');
    await select(page, 'Model', 'Camry');
    await press(page, 'Continue');
    await atStep(page, 'has-vehicle-2');
    await answer(page, 'Do you have another vehicle?', 'No');
    await atStep(page, 'driver-1');
    await fill(page, 'First name', 'Odessa');
    await fill(page, 'Last name', 'Quimby');
    await select(page, 'Month', '04');
    await fill(page, 'Day', '30');
    await fill(page, 'Year', '1951');
    await press(page, 'Continue');
    await atStep(page, 'driver-1-details');
    await choose(page, 'What is your gender?', 'Female');
    await choose(page, 'What is your marital status?', 'Widowed');
    await press(page, 'Continue');
    await atStep(page, 'driver-1-credit');
    await answer(page, 'How would you rate your credit?', 'Good');
    await atStep(page, 'driver-1-record');
    await choose(page, 'Do you need an SR-22 filing?', 'No');
    await choose(page, 'Have you served in the U.S. military?', 'No');
    await press(page, 'Continue');
    await atStep(page, 'has-driver-2');
    await answer(page, 'Does anyone else drive your car?', 'No');
    await atStep(page, 'address');
    await fill(page, 'Street address', '17 Larkspur Court');
    await press(page, 'Continue');
    await atStep(page, 'contact');
    // Before the lead, the answers are where the next page would find them.
    assert.match((await webStorage(page)).local[FORM_VALUES_STORAGE_KEY] ?? '', /Odessa/, 'stored while the funnel is walked');
    await fill(page, 'Email address', 'odessa.quimby@example.com');
    await fill(page, 'Phone number', '2013691470');
    await press(page, 'Get my quotes');
    await atStep(page, 'result');
    await leadStored(page);

    // The end screen as it always was: its words, the number leased for the visitor's ZIP, the ads of a low bid.
    assert.match(await page.$eval('.funnel-step-title', (element) => element.textContent ?? ''), /Your quotes are on the way/);
    await leasedNumberShown(page, sandboxPhoneNumber(LOW_BID_ZIP, 'auto'));
    await page.waitForSelector('[data-end-block="ads"] .ad-card', { timeout: 15_000 });

    await assertNothingPersonalKept(page, ['Odessa', 'Quimby', 'odessa.quimby@example.com', '5553691470', '369-1470', '17 Larkspur Court', '1951-04-30']);
    // The answers that are not personal still pre-fill the next funnel.
    const stored = JSON.parse((await webStorage(page)).local[FORM_VALUES_STORAGE_KEY]!) as { shared: Record<string, unknown> };
    assert.equal(stored.shared.zipcode, LOW_BID_ZIP);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test("a Medicare funnel from an ad link with the visitor's name, phone and birth date: the landing facts leave storage too", async () => {
    const page = await openPage(`${server.origin('ac')}/quiz/otc?firstname=Wilhelmina&lastname=Ostrander&phone=5558024613&dateofbirth=1949-11-05&age=76`);
    // Before the lead the landing facts pre-fill the funnel and are stored, as they always were.
    assert.match(JSON.stringify(await webStorage(page)), /Wilhelmina/);
    await fill(page, 'ZIP code', LOW_BID_ZIP);
    await press(page, 'Continue');
    await atStep(page, 'medicare');
    await answer(page, 'Do you have Medicare Part A and Part B?', 'Yes');
    await atStep(page, 'medicaid');
    await answer(page, 'Do you also have Medicaid?', 'No');
    await atStep(page, 'call');
    await leadStored(page);

    await leasedNumberShown(page, sandboxPhoneNumber(LOW_BID_ZIP, 'medicare'));
    await page.waitForSelector('[data-end-block="ads"] .ad-card', { timeout: 15_000 });
    await assertNothingPersonalKept(page, ['Wilhelmina', 'Ostrander', '5558024613', '802-4613', '1949-11-05']);
    const user = JSON.parse((await webStorage(page)).local[USER_STATE_STORAGE_KEY]!) as { captured: Record<string, unknown> };
    assert.deepEqual(user.captured, { age: '76' }, 'a landing fact that is not personal stays');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});
