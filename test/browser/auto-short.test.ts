/**
 * The short auto funnel (version 4) in Chromium on a 375x667 phone: a visitor with one car and
 * one driver walks tqg's /quiz/auto screen by screen with JavaScript and passes through at most
 * twelve question screens (each with its button on the first screen: the credit question has a
 * screen of its own); between them those screens ask every spec §3 field for that driver and
 * car (the insurer and the home-insurance question appear on the screen of the answer they follow,
 * the model list once make and year are chosen); the stored lead holds every answer; and axe finds
 * nothing on any screen, with its follow-up questions shown, in light and in dark mode.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { launchBrowser, runtimeStarted, type TestBrowser } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 375, height: 667 };
/** The most question screens a visitor with one car and one driver may see (17 before version 4). */
const MAX_QUESTION_SCREENS = 12;
/** This test's own visitor, found among the shared server's leads by this address. */
const EMAIL = 'auto.short.walk@example.com';

/** Every spec §3 field the funnel must ask a visitor with one car and one driver. */
const ASKED_FIELDS = [
  'zipcode',
  'currentlyInsured',
  'currentCompany',
  'homeowner',
  'interestedInHomeInsurance',
  'vehicle1Year',
  'vehicle1Make',
  'vehicle1Model',
  'driver1FirstName',
  'driver1LastName',
  'driver1Gender',
  'driver1MaritalStatus',
  'driver1Dob',
  'driver1Email',
  'driver1Phone',
  'driver1Address',
  'driver1CreditRating',
  'driver1Sr22',
  'driver1MilitaryAffiliation',
] as const;

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.release();
});

type AxeWindow = Window & { axe?: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } };

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function atStep(page: Page, name: string) {
  await page.waitForFunction((expected) => document.querySelector('.funnel-body')?.getAttribute('data-step') === expected, { timeout: 10_000 }, name);
}

/** Taps the answer `option` of the one-tap question `question`. */
async function tap(page: Page, question: string, option: string) {
  await page.locator(`${aria(question, 'group')} ${aria(option, 'button')}`).click();
}

/** Checks the radio `option` of the question `question` (a step of several questions). */
async function choose(page: Page, question: string, option: string) {
  await page.locator(`${aria(question, 'group')} ${aria(option, 'radio')}`).click();
}

async function fill(page: Page, label: string, value: string) {
  await page.locator(aria(label, 'textbox')).fill(value);
}

/** Chooses `value` in the native list labelled `label`. */
async function select(page: Page, label: string, value: string) {
  await page.locator(aria(label, 'combobox')).fill(value);
}

async function press(page: Page, button: string) {
  await page.locator(aria(button, 'button')).click();
}

/** axe on the whole page, light then dark, the page left in light mode. */
async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
    const violations = await page.evaluate(async () => (await (window as AxeWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
    assert.deepEqual(violations, [], `axe on ${where}, ${mode} mode`);
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
}

/** The names of the step form's fields shown on the screen (a date's three parts as one field). */
function askedHere(page: Page): Promise<string[]> {
  return page.$$eval('form [name]:is(input, select, textarea, button[type="submit"])', (elements) => [
    ...new Set(elements.filter((element) => (element as HTMLElement).checkVisibility()).map((element) => element.getAttribute('name')!.replace(/(Dob)(Month|Day|Year)$/, '$1'))),
  ]);
}

describe('the auto funnel for one car and one driver, on a 375x667 phone', () => {
  test('at most twelve question screens ask every spec §3 field, the lead holds them, and axe finds nothing in light and dark', async () => {
    const page = await browser.newVisitor();
    await page.setViewport(PHONE);
    await page.goto(`${server.origin('tqg')}/quiz/auto`, { waitUntil: 'load' });
    await runtimeStarted(page);

    const screens: string[] = [];
    const asked = new Set<string>();
    /** Records the screen the visitor is on, with everything it shows asked, and checks it with axe. */
    const onScreen = async (step: string) => {
      await atStep(page, step);
      if (screens.at(-1) !== step) screens.push(step);
      for (const name of await askedHere(page)) asked.add(name);
      await assertAccessible(page, `the ${step} screen`);
    };

    await onScreen('zip');
    await fill(page, 'ZIP code', '60601');
    await press(page, 'Continue');

    // "Yes" to insured shows the insurer list on the same screen.
    await atStep(page, 'insured');
    await tap(page, 'Do you have car insurance right now?', 'Yes');
    await page.waitForSelector('select[name="currentCompany"]');
    await onScreen('insured');
    await select(page, 'Current insurance company', 'State Farm');
    await press(page, 'Continue');

    // A homeowner is asked about home insurance on the same screen.
    await atStep(page, 'homeowner');
    await tap(page, 'Do you own your home?', 'Yes');
    await page.waitForSelector('[name="interestedInHomeInsurance"]');
    await onScreen('homeowner');
    await choose(page, 'Would you also like a home insurance quote?', 'No');
    await press(page, 'Continue');

    // Year, make and model on one screen: the model list once the make and year are chosen.
    await atStep(page, 'vehicle-1');
    await select(page, 'Model year', '2018');
    await select(page, 'Make', 'Toyota');
    await page.waitForSelector('select[name="vehicle1Model"]', { timeout: 10_000 });
    await onScreen('vehicle-1');
    await select(page, 'Model', 'Camry');
    await press(page, 'Continue');

    await onScreen('has-vehicle-2');
    await tap(page, 'Do you have another vehicle?', 'No');

    await onScreen('driver-1');
    await fill(page, 'First name', 'Opal');
    await fill(page, 'Last name', 'Brennan');
    await select(page, 'Month', '04');
    await fill(page, 'Day', '30');
    await fill(page, 'Year', '1951');
    await press(page, 'Continue');

    await onScreen('driver-1-details');
    await choose(page, 'What is your gender?', 'Female');
    await choose(page, 'What is your marital status?', 'Widowed');
    await press(page, 'Continue');

    await onScreen('driver-1-credit');
    await tap(page, 'How would you rate your credit?', 'Good');

    await onScreen('driver-1-record');
    await choose(page, 'Do you need an SR-22 filing?', 'No');
    await choose(page, 'Have you served in the U.S. military?', 'Yes');
    await press(page, 'Continue');

    await onScreen('has-driver-2');
    await tap(page, 'Does anyone else drive your car?', 'No');

    await onScreen('address');
    await fill(page, 'Street address', '12 Linden Court');
    await press(page, 'Continue');

    await onScreen('contact');
    await fill(page, 'Email address', EMAIL);
    await fill(page, 'Phone number', '3125550171');
    await press(page, 'Get my quotes');
    await atStep(page, 'result');
    await page.waitForFunction(() => document.querySelector('[data-lead-outcome]')?.getAttribute('data-lead-outcome') === 'stored', { timeout: 10_000 });

    assert.deepEqual(screens, ['zip', 'insured', 'homeowner', 'vehicle-1', 'has-vehicle-2', 'driver-1', 'driver-1-details', 'driver-1-credit', 'driver-1-record', 'has-driver-2', 'address', 'contact']);
    assert.ok(screens.length <= MAX_QUESTION_SCREENS, `${screens.length} question screens: ${screens.join(', ')}`);
    const missing = ASKED_FIELDS.filter((field) => !asked.has(field));
    assert.deepEqual(missing, [], `every §3 field asked (asked: ${[...asked].join(', ')})`);

    const leads = (await server.app.store.listLeads({ brandId: 'tqg', limit: 1000 })).filter((lead) => lead.fields.driver1Email === EMAIL);
    assert.equal(leads.length, 1, 'one lead');
    const stored = Object.fromEntries(ASKED_FIELDS.map((field) => [field, leads[0]!.fields[field]]));
    assert.deepEqual(stored, {
      zipcode: '60601',
      currentlyInsured: true,
      currentCompany: 'State Farm',
      homeowner: true,
      interestedInHomeInsurance: false,
      vehicle1Year: '2018',
      vehicle1Make: 'Toyota',
      vehicle1Model: 'Camry',
      driver1FirstName: 'Opal',
      driver1LastName: 'Brennan',
      driver1Gender: 'female',
      driver1MaritalStatus: 'widowed',
      driver1Dob: '1951-04-30',
      driver1Email: EMAIL,
      driver1Phone: '(312) 555-0171',
      driver1Address: '12 Linden Court',
      driver1CreditRating: 'good',
      driver1Sr22: false,
      driver1MilitaryAffiliation: true,
    });
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});
