/**
 * Vehicle year, make and model as choices in Chromium, on a 375×667 phone: native
 * selects from the vehicle data set, all three on one screen; "Other" reveals its text box, with
 * JavaScript and without (the reveal is CSS); the model list appears on the same screen once the
 * make and year are chosen, and follows them (without JavaScript, the post of make and year shows
 * the screen again with it); a make or model not in the lists is typed and kept.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { VEHICLE_CATALOG } from '../../src/core/funnels/vehicles/catalog.ts';
import { modelsOf } from '../../src/core/funnels/vehicles/models-of.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { funnelById } from '../../src/core/funnels/index.ts';
import { stepOfFunnel, walkedCookie } from '../support/no-js-walk.ts';
import { FUNNEL_STEP_PATH } from '../../src/core/contract/funnel-steps.ts';
import { AUTO_LEAD_FIELDS, stepSubmits } from '../../tools/support/auto-lead.ts';

const PHONE = { width: 375, height: 667 };
const OTHER = '_other';

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

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/** A page of a new visitor (own storage and cookies), with or without JavaScript. */
async function newVisitor(javaScript: boolean): Promise<TestPage> {
  const page = await browser.newVisitor();
  await page.setJavaScriptEnabled(javaScript);
  await page.setViewport(PHONE);
  return page;
}

/**
 * Opens tqg's auto funnel at `step` as a visitor who answered every question before it: the
 * earlier steps are recorded as the browser's funnel records them (POST /api/funnel/step from the
 * page), since the server sends a visitor back to the first step it never saw.
 */
async function openWalkedTo(page: Page, step: string): Promise<void> {
  await page.goto(`${server.origin('tqg')}/quiz/auto`, { waitUntil: 'load' });
  const earlier = stepSubmits('quiz-auto', 'auto', AUTO_LEAD_FIELDS);
  const before = earlier.slice(0, earlier.findIndex((submit) => submit.step === step));
  const statuses = await page.evaluate(async (path, submits) => {
    const answered: number[] = [];
    for (const submit of submits) {
      answered.push((await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(submit) })).status);
    }
    return answered;
  }, FUNNEL_STEP_PATH, before);
  assert.deepEqual(statuses, before.map(() => 204), 'every earlier step recorded');
  await page.goto(`${server.origin('tqg')}/quiz/auto/${step}`, { waitUntil: 'load' });
}

async function atStep(page: Page, name: string) {
  await page.waitForFunction((expected) => document.querySelector('.funnel-body')?.getAttribute('data-step') === expected, { timeout: 10_000 }, name);
}

/**
 * Posts the step's form through its Continue button, as the browser does without script, and
 * waits for the next page. The navigation wait starts before the submit; the submit is the
 * button's own activation (requestSubmit), not a mouse click at computed coordinates, which on a
 * loaded machine could land after the page moved and post nothing (the 30 s navigation timeout
 * this test hit once).
 */
async function submitWithoutScript(page: Page) {
  await Promise.all([
    page.waitForNavigation(),
    page.$eval('button.funnel-continue', (button) => button.form!.requestSubmit(button)),
  ]);
}

/** Whether the element `selector` is shown (laid out, not display: none). */
function shown(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => element.checkVisibility());
}

/** The values and labels of the select `name`, its "Choose one" prompt left out. */
function options(page: Page, name: string): Promise<string[]> {
  return page.$$eval(`select[name="${name}"] option:not([value=""])`, (items) => items.map((item) => `${item.value}=${item.textContent}`));
}

function listed(models: string[]): string[] {
  return [...models.map((model) => `${model}=${model}`), `${OTHER}=Other model`];
}

describe('vehicle choices with JavaScript', () => {
  test('year and make from lists, "Other" reveals its box, and the model list follows the make and year', async () => {
    const page = await newVisitor(true);
    await openWalkedTo(page, 'vehicle-1');
    await runtimeStarted(page);

    // Native, large selects; the "Other" boxes stay hidden until "Other" is chosen.
    const make = await page.$eval('#field-vehicle1Make', (element) => ({ tag: element.tagName, height: element.getBoundingClientRect().height, size: getComputedStyle(element).fontSize }));
    assert.equal(make.tag, 'SELECT');
    assert.equal(make.size, '18px');
    assert.ok(make.height >= 44, `a 44 px target: ${make.height}`);
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), false);
    assert.equal(await shown(page, '#field-vehicle1YearOther'), false);

    // A make not in the list: "Other make" reveals the box, and the model is then typed on the same screen.
    await page.locator(aria('Model year', 'combobox')).fill('2018');
    await page.locator(aria('Make', 'combobox')).fill(OTHER);
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), true);
    await page.locator(aria('Not in the list? Type the make', 'textbox')).fill('Zastava');
    await page.locator(aria('Model', 'textbox')).fill('Koral 55');
    assert.equal(await page.$('select[name="vehicle1Model"]'), null, 'no list for a make it does not know');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, 'has-vehicle-2');

    // Back on the first vehicle: the typed make shows under "Other". A listed make and year give its models, on the same screen.
    await page.goto(`${server.origin('tqg')}/quiz/auto/vehicle-1`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#field-vehicle1MakeOther')?.value === 'Zastava');
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), true);
    assert.equal(await page.$eval('#field-vehicle1Make', (element) => (element as HTMLSelectElement).value), OTHER);
    await page.locator(aria('Make', 'combobox')).fill('Toyota');
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), false, 'the box hides again with a listed make');
    await page.waitForSelector('select[name="vehicle1Model"]');
    assert.deepEqual(await options(page, 'vehicle1Model'), listed(modelsOf(VEHICLE_CATALOG, 'Toyota', '2018')));

    // A model not in the list, typed under "Other model", is what the lead keeps.
    await page.locator(aria('Model', 'combobox')).fill(OTHER);
    assert.equal(await shown(page, '#field-vehicle1ModelOther'), true);
    await page.locator(aria('Not in the list? Type the model', 'textbox')).fill('Camry Hybrid XSE');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, 'has-vehicle-2');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cobrand:form-values')!).forms.auto);
    assert.deepEqual([stored.vehicle1Year, stored.vehicle1Make, stored.vehicle1Model], ['2018', 'Toyota', 'Camry Hybrid XSE']);

    // Another year, other models at once: a 1998 Toyota may be a Celica, never a Prius.
    await page.goto(`${server.origin('tqg')}/quiz/auto/vehicle-1`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('#field-vehicle1Make')?.value === 'Toyota');
    await page.locator(aria('Model year', 'combobox')).fill('1998');
    await page.waitForFunction(() => [...document.querySelectorAll('select[name="vehicle1Model"] option')].some((option) => option.textContent === 'Celica'), { timeout: 10_000 });
    const models = await options(page, 'vehicle1Model');
    assert.deepEqual(models, listed(modelsOf(VEHICLE_CATALOG, 'Toyota', '1998')));
    assert.ok(models.includes('Celica=Celica') && !models.includes('Prius=Prius'));
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});

describe('the model catalog with JavaScript, outside the payloads', () => {
  test('comes once, as its own file fetched while the make is chosen, so the model list shows at once', async () => {
    const page = await newVisitor(true);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/data/vehicle-models.')) fetched.push(request.url());
    });
    const catalog = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/data/vehicle-models.'), { timeout: 10_000 });
    await openWalkedTo(page, 'vehicle-1');
    assert.equal((await catalog).status(), 200, 'fetched in idle time on the vehicle step');
    await runtimeStarted(page);
    await page.locator(aria('Model year', 'combobox')).fill('2018');
    await page.locator(aria('Make', 'combobox')).fill('Honda');
    // The catalog is already in: the list shows once the make is chosen, with no further fetch (counted below).
    await page.waitForSelector('select[name="vehicle1Model"]', { timeout: 10_000 });
    assert.deepEqual(await options(page, 'vehicle1Model'), listed(modelsOf(VEHICLE_CATALOG, 'Honda', '2018')));
    await page.locator(aria('Model', 'combobox')).fill('Civic');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, 'has-vehicle-2');
    assert.equal(fetched.length, 1, `one fetch for the whole funnel: ${fetched.join(', ')}`);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});

describe('vehicle choices without JavaScript', () => {
  test('"Other" reveals its box by CSS alone; the posted make and year show the screen again with their models', async () => {
    const page = await newVisitor(false);
    // A visitor who answered the questions before the vehicles (the server takes a later step only from one).
    const walked = await walkedCookie(server.app, 'tqg.localhost', '/quiz/auto', '/quiz/auto/vehicle-1', stepOfFunnel(funnelById('auto')!, '/quiz/auto'));
    const [name = '', ...value] = walked.split('=');
    await page.setCookie({ name, value: value.join('='), domain: 'tqg.localhost', path: '/' });
    await page.goto(`${server.origin('tqg')}/quiz/auto/vehicle-1`, { waitUntil: 'load' });
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), false);
    await page.select('#field-vehicle1Make', OTHER);
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), true, 'revealed without any script');
    await page.select('#field-vehicle1Make', 'Honda');
    assert.equal(await shown(page, '#field-vehicle1MakeOther'), false);
    await page.select('#field-vehicle1Year', '2020');
    await submitWithoutScript(page);
    // The no-JavaScript path's one extra screen: the same step again, the answers kept, the models listed.
    assert.equal(new URL(page.url()).pathname, '/quiz/auto/vehicle-1');
    assert.equal(await page.$eval('#field-vehicle1Make', (element) => (element as HTMLSelectElement).value), 'Honda');
    assert.equal(await page.$('.funnel-errors-title'), null, 'no error for a question the page had not shown');
    assert.deepEqual(await options(page, 'vehicle1Model'), listed(modelsOf(VEHICLE_CATALOG, 'Honda', '2020')));

    await page.select('#field-vehicle1Model', OTHER);
    assert.equal(await shown(page, '#field-vehicle1ModelOther'), true);
    await page.type('#field-vehicle1ModelOther', 'Accord Sport 2.0T');
    await submitWithoutScript(page);
    assert.equal(new URL(page.url()).pathname, '/quiz/auto/has-vehicle-2');
    // Coming back, the typed model shows in its box, "Other" chosen.
    await page.goto(`${server.origin('tqg')}/quiz/auto/vehicle-1`, { waitUntil: 'load' });
    assert.equal(await page.$eval('#field-vehicle1Model', (element) => (element as HTMLSelectElement).value), OTHER);
    assert.equal(await page.$eval('#field-vehicle1ModelOther', (element) => (element as HTMLInputElement).value), 'Accord Sport 2.0T');
    assert.equal(await shown(page, '#field-vehicle1ModelOther'), true);
    await page.close();
  });
});
