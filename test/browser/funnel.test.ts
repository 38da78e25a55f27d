/**
 * Walks the funnels in Chromium as a visitor would: by labels and buttons, checking the URL,
 * the progress text, that the page is never recreated, that answers survive a reload, Back,
 * errors, Spanish, accessibility (axe-core) on every step, and the no-JavaScript form post.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { launchBrowser, type TestBrowser, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** A small phone: forms are longer than the screen, so scrolling to the form top is visible. */
const PHONE_VIEWPORT = { width: 390, height: 700 };
const QUERY = '?utm_source=test&gclid=walk';

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

type TestWindow = Window & { __cobrand?: unknown; __marker?: number; axe?: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } };

async function openFunnel(url: string): Promise<Page & { consoleErrors: string[] }> {
  const page = await browser.newPage();
  await page.setViewport(PHONE_VIEWPORT);
  await page.goto(url, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

/** Marks the window and the funnel's root element; both survive only if the page is not reloaded or recreated. */
async function mark(page: Page) {
  await page.evaluate(() => {
    (window as TestWindow).__marker = 1;
    document.querySelector('article.funnel')!.setAttribute('data-test-marker', 'kept');
  });
}

async function assertNotRecreated(page: Page) {
  const state = await page.evaluate(() => ({ marker: (window as TestWindow).__marker, root: document.querySelector('article.funnel')?.getAttribute('data-test-marker') }));
  assert.deepEqual(state, { marker: 1, root: 'kept' }, 'same page, same funnel element');
}

/** axe-core on the current state of the page; no violations of any kind, colour contrast included. */
async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as TestWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

async function fill(page: Page, label: string, value: string) {
  await page.locator(aria(label, 'textbox')).fill(value);
}

/** Answers a question asked alone on its step: one tap on the answer's button submits the step. */
async function answer(page: Page, question: string, option: string) {
  await page.locator(`${aria(question, 'group')} ${aria(option, 'button')}`).click();
}

/** Checks the radio `option` of `question`, one of several questions on its step (answered, then Continue). */
async function choose(page: Page, question: string, option: string) {
  await page.locator(`${aria(question, 'group')} ${aria(option, 'radio')}`).click();
}

async function select(page: Page, label: string, value: string) {
  await page.locator(aria(label, 'combobox')).fill(value);
}

async function press(page: Page, button: string) {
  await page.locator(aria(button, 'button')).click();
}

/** Waits for the step to render at its URL (keeping the query string) and checks the progress text. */
async function atStep(page: Page, path: string, progress: string) {
  await page.waitForFunction(
    (expected, text) => location.pathname + location.search === expected && document.querySelector('.funnel-progress-text')?.textContent === text,
    { timeout: 10_000 },
    path,
    progress,
  );
  assert.equal(await page.$eval('.funnel-progress-text', (element) => element.textContent), progress);
}

async function inputValue(page: Page, label: string): Promise<string> {
  return page.$eval(`${aria(label, 'textbox')}`, (element) => (element as HTMLInputElement).value);
}

describe('funnels in Chromium', () => {
  test('a Medicare funnel, first to last step', async () => {
    const base = `${server.origin('ac')}/quiz/otc`;
    const page = await openFunnel(`${base}${QUERY}`);
    await mark(page);
    await atStep(page, `/quiz/otc${QUERY}`, 'Step 1 of 4');
    await assertAccessible(page, 'zip');

    // A bad ZIP: the error shows next to the field, is announced, and the step does not change.
    await fill(page, 'ZIP code', '123');
    await press(page, 'Continue');
    await page.waitForSelector('#field-zipcode-error');
    assert.equal(await page.$eval('#field-zipcode-error', (element) => element.textContent), 'Error: Enter a 5-digit ZIP code.');
    assert.match(await page.$eval('[role="alert"]', (element) => element.textContent ?? ''), /Enter a 5-digit ZIP code/);
    assert.equal(await page.$eval('#field-zipcode', (element) => element.getAttribute('aria-invalid')), 'true');
    assert.match(await page.$eval('#field-zipcode', (element) => element.getAttribute('aria-describedby') ?? ''), /field-zipcode-error/);
    // The error summary takes focus; its link leads to the refused field.
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('funnel-errors')), true, 'focus goes to the error summary');
    assert.equal(await page.$eval('.funnel-errors a', (element) => element.getAttribute('href')), '#field-zipcode');
    assert.equal(await page.evaluate(() => location.pathname), '/quiz/otc');
    await assertAccessible(page, 'zip with an error');

    await fill(page, 'ZIP code', '33101');
    await press(page, 'Continue');
    await atStep(page, `/quiz/otc/medicare${QUERY}`, 'Step 2 of 4');
    await assertNotRecreated(page);
    await assertAccessible(page, 'medicare');

    // Values survive a reload; Back after the reload shows the ZIP again.
    await page.reload({ waitUntil: 'networkidle0' });
    await runtimeStarted(page);
    await atStep(page, `/quiz/otc/medicare${QUERY}`, 'Step 2 of 4');
    await page.goBack();
    await atStep(page, `/quiz/otc${QUERY}`, 'Step 1 of 4');
    await page.waitForFunction(() => (document.getElementById('field-zipcode') as HTMLInputElement | null)?.value === '33101');
    assert.equal(await inputValue(page, 'ZIP code'), '33101', 'the ZIP is pre-filled');

    await mark(page);
    await press(page, 'Continue');
    await atStep(page, `/quiz/otc/medicare${QUERY}`, 'Step 2 of 4');
    await answer(page, 'Do you have Medicare Part A and Part B?', 'Yes');
    await atStep(page, `/quiz/otc/medicaid${QUERY}`, 'Step 3 of 4');
    await assertAccessible(page, 'medicaid');

    // Back goes to the previous step, with the answer still chosen.
    await page.goBack();
    await atStep(page, `/quiz/otc/medicare${QUERY}`, 'Step 2 of 4');
    await page.waitForSelector('#field-haveMedicare-yes[aria-pressed="true"]');
    assert.equal(await page.$eval('#field-haveMedicare-no', (element) => element.getAttribute('aria-pressed')), 'false');
    await page.goForward();
    await atStep(page, `/quiz/otc/medicaid${QUERY}`, 'Step 3 of 4');

    await answer(page, 'Do you also have Medicaid?', 'No');
    await atStep(page, `/quiz/otc/call${QUERY}`, 'Step 4 of 4');
    await assertNotRecreated(page);
    const phone = await page.$eval('a.funnel-phone', (element) => ({ href: element.getAttribute('href'), text: element.textContent }));
    const header = await page.$eval('a.header-phone', (element) => element.getAttribute('href'));
    assert.equal(phone.href, header, 'the call screen and the header show the same number');
    assert.match(phone.href!, /^tel:\+1\d{10}$/);
    assert.match(phone.text, /^\(\d{3}\) \d{3}-\d{4}$/);
    await assertAccessible(page, 'call');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cobrand:form-values')!));
    assert.deepEqual(stored.forms.medicare, { zipcode: '33101', haveMedicare: true, haveMedicaid: false });
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('an auto funnel with two drivers and two vehicles, first to last step', async () => {
    const page = await openFunnel(`${server.origin('tqg')}/quiz/auto${QUERY}`);
    await mark(page);
    // Every screen this visitor walks, with its M: the steps their answers so far lead through,
    // growing at the answer that adds some (a second vehicle, a second driver). The insurer and the
    // home-insurance question appear on the screen of the answer they follow, adding no screen.
    const screens: Array<[step: string, total: number]> = [
      ['zip', 13], ['insured', 13], ['homeowner', 13], ['vehicle-1', 13], ['has-vehicle-2', 13], ['vehicle-2', 15], ['has-vehicle-3', 15],
      ['driver-1', 15], ['driver-1-details', 15], ['driver-1-credit', 15], ['driver-1-record', 15], ['has-driver-2', 15],
      ['driver-2', 20], ['driver-2-details', 20], ['driver-2-credit', 20], ['driver-2-record', 20], ['has-driver-3', 20],
      ['address', 20], ['contact', 20], ['result', 20],
    ];
    const next = async (path: string) => {
      const number = screens.findIndex(([step]) => step === path) + 1;
      await atStep(page, `/quiz/auto/${path}${QUERY}`, `Step ${number} of ${screens[number - 1]![1]}`);
      await assertNotRecreated(page);
      await assertAccessible(page, path);
    };
    await atStep(page, `/quiz/auto${QUERY}`, 'Step 1 of 13');
    await assertAccessible(page, 'zip');

    await fill(page, 'ZIP code', '60601');
    await press(page, 'Continue');
    await next('insured');
    await answer(page, 'Do you have car insurance right now?', 'Yes');
    await select(page, 'Current insurance company', 'State Farm');
    await assertAccessible(page, 'insured, with the insurer list');
    await press(page, 'Continue');
    await next('homeowner');
    await answer(page, 'Do you own your home?', 'Yes');
    await choose(page, 'Would you also like a home insurance quote?', 'No');
    await assertAccessible(page, 'homeowner, with the home-insurance question');
    await press(page, 'Continue');

    for (const [index, vehicle] of [['Toyota', 'Camry', '2018'], ['Honda', 'Civic', '2021']].entries()) {
      await next(`vehicle-${index + 1}`);
      await select(page, 'Model year', vehicle[2]!);
      await select(page, 'Make', vehicle[0]!);
      await select(page, 'Model', vehicle[1]!);
      await assertAccessible(page, `vehicle-${index + 1}, with the model list`);
      await press(page, 'Continue');
      await next(`has-vehicle-${index + 2}`);
      await answer(page, index === 0 ? 'Do you have another vehicle?' : 'Do you have a third vehicle?', index === 0 ? 'Yes' : 'No');
    }

    await next('driver-1');
    await fill(page, 'First name', 'Ana');
    await fill(page, 'Last name', 'Ruiz');
    await select(page, 'Month', '04');
    await fill(page, 'Day', '30');
    await fill(page, 'Year', '1956');
    await press(page, 'Continue');
    await next('driver-1-details');
    await choose(page, 'What is your gender?', 'Female');
    await choose(page, 'What is your marital status?', 'Married');
    await press(page, 'Continue');
    await next('driver-1-credit');
    await answer(page, 'How would you rate your credit?', 'Good');
    await next('driver-1-record');
    await choose(page, 'Do you need an SR-22 filing?', 'No');
    await choose(page, 'Have you served in the U.S. military?', 'No');
    await press(page, 'Continue');
    await next('has-driver-2');
    await answer(page, 'Does anyone else drive your car?', 'Yes');

    await next('driver-2');
    await fill(page, 'First name', 'Luis');
    await fill(page, 'Last name', 'Ruiz');
    await select(page, 'Month', '04');
    await fill(page, 'Day', '30');
    await fill(page, 'Year', '1954');
    await press(page, 'Continue');
    await next('driver-2-details');
    await choose(page, "The second driver's gender", 'Male');
    await choose(page, "The second driver's marital status", 'Married');
    await press(page, 'Continue');
    await next('driver-2-credit');
    await answer(page, "How would you rate the second driver's credit?", 'Excellent');
    await next('driver-2-record');
    await choose(page, 'Does the second driver need an SR-22 filing?', 'Yes');
    await choose(page, 'Has the second driver served in the U.S. military?', 'No');
    await press(page, 'Continue');
    // After a submit the next step's form top shows just below the sticky header.
    await next('has-driver-3');
    await page.waitForFunction(() => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect().height;
      return Math.abs(document.querySelector('.funnel-steps')!.getBoundingClientRect().top - (header + 24)) < 2;
    }, { timeout: 5_000 });
    await answer(page, 'Is there a third driver?', 'No');

    await next('address');
    await fill(page, 'Street address', '100 Main Street');
    await press(page, 'Continue');
    await next('contact');
    await fill(page, 'Email address', 'ana.ruiz@example.com');
    await fill(page, 'Phone number', '2015550123');
    await press(page, 'Get my quotes');
    await next('result');
    assert.match(await page.$eval('a.funnel-phone', (element) => element.getAttribute('href') ?? ''), /^tel:\+1\d{10}$/);

    // Once the lead is stored its personal answers leave storage; the page keeps them in memory for its end screen.
    await page.waitForFunction(() => document.querySelector('[data-lead-outcome]')?.getAttribute('data-lead-outcome') === 'stored', { timeout: 10_000 });
    await page.waitForFunction(() => !JSON.stringify(JSON.parse(localStorage.getItem('cobrand:form-values')!).forms.auto).includes('driver1Phone'), { timeout: 10_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cobrand:form-values')!).forms.auto);
    assert.deepEqual([stored.vehicle2Year, stored.vehicle2Make, stored.vehicle2Model], ['2021', 'Honda', 'Civic']);
    assert.equal(stored.driver2Gender, 'male');
    assert.deepEqual([stored.driver1Sr22, stored.driver2Sr22], [false, true], "every driver's SR-22 filing");
    assert.deepEqual([stored.driver2CreditRating, stored.driver2MilitaryAffiliation], ['excellent', false]);
    assert.deepEqual([stored.driver2Dob, stored.driver1Phone, stored.driver1Email, stored.driver1Address], [undefined, undefined, undefined, undefined], 'no personal answer stored');
    assert.equal(stored.vehicle3Year, undefined);
    assert.equal(stored.driver3FirstName, undefined);
    const remembered = await page.evaluate(
      () => (window as unknown as { __cobrand: { visitor: { forms: { getSnapshot(): { forms: Record<string, Record<string, unknown>> } } } } }).__cobrand.visitor.forms.getSnapshot().forms.auto!,
    );
    assert.deepEqual([remembered.driver2Dob, remembered.driver1Phone], ['1954-04-30', '(201) 555-0123'], 'the page still holds them');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('an auto visitor with one driver and one vehicle reads "Step N of M" with M the screens they walk', async () => {
    // A new visitor: no answers remembered from the other walks of this file.
    const page = await browser.newVisitor();
    await page.setViewport(PHONE_VIEWPORT);
    await page.goto(`${server.origin('tqg')}/quiz/auto${QUERY}`, { waitUntil: 'networkidle0' });
    await runtimeStarted(page);
    const seen: string[] = [];
    /** Waits for `step` to show at its address and records its progress text. */
    const screen = async (step: string) => {
      await page.waitForFunction(
        (name, path) => location.pathname === path && document.querySelector('.funnel-body')?.getAttribute('data-step') === name,
        { timeout: 10_000 },
        step,
        step === 'zip' ? '/quiz/auto' : `/quiz/auto/${step}`,
      );
      seen.push(await page.$eval('.funnel-progress-text', (element) => element.textContent ?? ''));
    };

    await screen('zip');
    await fill(page, 'ZIP code', '60601');
    await press(page, 'Continue');
    await screen('insured');
    await answer(page, 'Do you have car insurance right now?', 'No');
    await screen('homeowner');
    await answer(page, 'Do you own your home?', 'No');
    await screen('vehicle-1');
    await select(page, 'Model year', '2018');
    await select(page, 'Make', 'Toyota');
    await select(page, 'Model', 'Camry');
    await press(page, 'Continue');
    await screen('has-vehicle-2');
    await answer(page, 'Do you have another vehicle?', 'No');
    await screen('driver-1');
    await fill(page, 'First name', 'Ana');
    await fill(page, 'Last name', 'Ruiz');
    await select(page, 'Month', '04');
    await fill(page, 'Day', '30');
    await fill(page, 'Year', '1956');
    await press(page, 'Continue');
    await screen('driver-1-details');
    await choose(page, 'What is your gender?', 'Female');
    await choose(page, 'What is your marital status?', 'Single');
    await press(page, 'Continue');
    await screen('driver-1-credit');
    await answer(page, 'How would you rate your credit?', 'Good');
    await screen('driver-1-record');
    await choose(page, 'Do you need an SR-22 filing?', 'No');
    await choose(page, 'Have you served in the U.S. military?', 'No');
    await press(page, 'Continue');
    await screen('has-driver-2');
    await answer(page, 'Does anyone else drive your car?', 'No');
    await screen('address');
    await fill(page, 'Street address', '100 Main Street');
    await press(page, 'Continue');
    await screen('contact');
    await fill(page, 'Email address', 'ana.ruiz@example.com');
    await fill(page, 'Phone number', '2015550123');
    await press(page, 'Get my quotes');
    await screen('result');

    // N is 1, 2, 3 … with none skipped, and M is the number of screens walked on every one of them.
    assert.deepEqual(
      seen,
      seen.map((_, i) => `Step ${i + 1} of ${seen.length}`),
    );
    // Twelve question screens and the result.
    assert.equal(seen.length, 13);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('the Spanish variant speaks Spanish', async () => {
    const page = await openFunnel(`${server.origin('ac')}/get-yours-otc-es`);
    await atStep(page, '/get-yours-otc-es', 'Paso 1 de 4');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    await assertAccessible(page, 'zip (es)');
    await fill(page, 'Código postal', '12');
    await press(page, 'Continuar');
    await page.waitForSelector('#field-zipcode-error');
    assert.match(await page.$eval('#field-zipcode-error', (element) => element.textContent ?? ''), /Ingrese un código postal de 5 dígitos/);
    await fill(page, 'Código postal', '33101');
    await press(page, 'Continuar');
    await atStep(page, '/get-yours-otc-es/medicare', 'Paso 2 de 4');
    await assertAccessible(page, 'medicare (es)');
    await answer(page, '¿Tiene Medicare Parte A y Parte B?', 'Sí');
    await atStep(page, '/get-yours-otc-es/medicaid', 'Paso 3 de 4');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('without JavaScript the step is a form post that advances', async () => {
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(`${server.origin('ac')}/quiz/otc/zip${QUERY}`, { waitUntil: 'load' });
    await page.type('#field-zipcode', '123');
    await Promise.all([page.waitForNavigation(), page.click('button.funnel-continue')]);
    assert.equal(new URL(page.url()).pathname, '/quiz/otc/zip');
    assert.match(await page.$eval('#field-zipcode-error', (element) => element.textContent ?? ''), /Enter a 5-digit ZIP code/);
    await page.$eval('#field-zipcode', (element) => ((element as HTMLInputElement).value = ''));
    await page.type('#field-zipcode', '33101');
    await Promise.all([page.waitForNavigation(), page.click('button.funnel-continue')]);
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, `/quiz/otc/medicare${QUERY}`);
    assert.equal(await page.$eval('.funnel-progress-text', (element) => element.textContent), 'Step 2 of 4');
    // Another funnel of the same visitor starts with the ZIP filled in (form cookie).
    await page.goto(`${server.origin('ac')}/quiz/grocery`, { waitUntil: 'load' });
    assert.equal(await page.$eval('#field-zipcode', (element) => (element as HTMLInputElement).value), '33101');
    await page.close();
  });
});
