/**
 * Funnels on a small phone, 375×667: the first screen of every step of every funnel
 * holds the question, its answer control and the primary button at the 18 px base (a step that
 * takes contact details: its consent disclosure and button on one screen, the disclosure first; an end
 * screen: its title and the phone number to call), on every route that runs it; a question asked alone
 * is answered with one tap (with and without JavaScript); a refused step's error summary shows
 * below the sticky header and takes focus; axe-core finds nothing on any step of a Medicare, an
 * auto, a life and a health walk, in light and in dark mode. A brand that is not an agency (emily,
 * tqg) shows no "licensed agent" words on any screen Chromium renders: every screen above opened
 * directly, and every screen of a walk to its end screen.
 *
 * What a route adds to its funnel's steps is its page: the headline and copy of its first step, and
 * its small print below every step's form. So each brand's first route of a funnel is checked at
 * every step, and each other route at its first and last step (the 13 auto routes of tqg would
 * otherwise be 416 page loads, where 56 see every combination that differs).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { COLOR_MODE_ATTRIBUTE, COLOR_MODE_STORAGE_KEY } from '../../src/core/color-mode.ts';
import { funnelById } from '../../src/core/funnels/index.ts';
import type { FunnelDefinition } from '../../src/core/funnels/types.ts';
import { LICENSED_AGENT_CLAIM } from '../fixtures/licensed-agent-claims.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 375, height: 667 };
/** A touch phone of the same size, so answers are tapped, not clicked. */
const TOUCH_PHONE = { ...PHONE, hasTouch: true, isMobile: true };
const BRANDS = ['ac', 'tqg', 'emily', 'wc'] as const;
/** What covers the top of the page while scrolling (src/ui/funnel/scroll.ts STICKY_SELECTOR). */
const STICKY = '.site-header, [data-sticky]';
const QUERY = '?utm_source=test';

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

type TestWindow = Window & { __cobrand?: unknown; axe?: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } };

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/**
 * Shows the step `stepName` at `url` (a path on the page's origin) by a client-side navigation in
 * the hydrated page, as a link the router handles would, and waits until it is shown at the top of
 * the window, where a visitor arriving at it starts.
 */
async function reach(page: Page, url: string, stepName: string) {
  await page.evaluate((href) => (window as unknown as { __cobrand: { navigator: { navigate(href: string): Promise<void> } } }).__cobrand.navigator.navigate(href), url);
  await page.waitForFunction(
    (expected, name) => location.pathname + location.search === expected && document.querySelector('.funnel-body')?.getAttribute('data-step') === name,
    { timeout: 10_000 },
    url,
    stepName,
  );
  assert.equal(await page.evaluate(() => window.scrollY), 0, `${url} shows from the top`);
}

async function openPhone(url: string, options: { dark?: boolean; touch?: boolean } = {}): Promise<TestPage> {
  const page = await browser.newVisitor();
  await page.setViewport(options.touch ? TOUCH_PHONE : PHONE);
  if (options.dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await page.goto(url, { waitUntil: 'load' });
  await runtimeStarted(page);
  return page;
}

/** Waits for the step at `path` (query string included) with `progress` as its progress text. */
async function atStep(page: Page, path: string, progress: string) {
  await page.waitForFunction(
    (expected, text) => location.pathname + location.search === expected && document.querySelector('.funnel-progress-text')?.textContent === text,
    { timeout: 10_000 },
    path,
    progress,
  );
}

async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as TestWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

/**
 * Fails when the rendered page (innerText: what a visitor reads, hidden text left out) claims a
 * licensed agent; for a brand that is not an agency. The words an end screen shows only after a
 * call answers (no ads, a lead stored or failed) are checked for every brand in
 * test/unit/honest-copy.test.ts; the walks below also read the auto result once its lead is sent.
 */
async function assertNoLicensedAgent(page: Page, where: string) {
  const text = await page.evaluate(() => document.body.innerText);
  const claim = LICENSED_AGENT_CLAIM.exec(text);
  assert.equal(claim, null, claim ? `${where}: "…${text.slice(Math.max(0, claim.index - 60), claim.index + 60)}…"` : '');
}

/** What a walk checks on each screen it reaches. */
type ScreenCheck = (page: Page, where: string) => Promise<void>;

/** The funnel routes a brand runs (routes.ts: page.form set, brand listed): each path without its step, and its funnel. */
function funnelRoutes(brand: string): Array<{ path: string; funnel: FunnelDefinition }> {
  return ROUTES.filter((route) => route.page.form && route.brands.includes(brand as never)).map((route) => {
    const path = route.path.replace(/\/\{step\?\}$/, '');
    assert.ok(!path.includes('{'), `${route.path}: a funnel path has no parameter but its step`);
    return { path, funnel: funnelById(route.page.form!)! };
  });
}

/**
 * The vehicles a visitor has answered by the time a model step shows, kept where the browser keeps
 * answers (local storage), so each model step lists the models of its make as in a walk.
 */
const VEHICLES_ANSWERED = { vehicle1Year: '2018', vehicle1Make: 'Toyota', vehicle2Year: '2021', vehicle2Make: 'Honda', vehicle3Year: '2015', vehicle3Make: 'Ford' };

/** Where the first screen's parts are, in viewport pixels. */
interface FirstScreen {
  step: string | null;
  /** An end screen: its title is the question, the phone number to call the control and the primary action. */
  end: boolean;
  viewport: number;
  stickyBottom: number;
  question: { top: number; bottom: number } | null;
  control: { top: number; bottom: number } | null;
  primary: { top: number; bottom: number; label: string } | null;
  /** A step that takes contact details: the consent disclosure right above its button. */
  consent: { top: number; bottom: number } | null;
  bodyFontSize: string;
  controlFontSize: string;
  scrollX: number;
}

async function firstScreen(page: Page): Promise<FirstScreen> {
  // No named functions inside: the page would need tsx's __name helper.
  return page.evaluate((sticky) => {
    const form = document.querySelector('.funnel-form');
    const phone = form ? null : document.querySelector('.funnel-body a.funnel-phone');
    // A radio's own box keeps the browser's size: its label is what reads.
    const control = form?.querySelector('input:not([type="hidden"]):not([type="radio"]), select, button.answer, .choice') ?? phone;
    const answers = form ? [...form.querySelectorAll('button.answer')] : [];
    const primary = form?.querySelector('button.funnel-continue') ?? answers.at(-1) ?? phone;
    const question = form?.querySelector('.field-label') ?? document.querySelector('.funnel-body .funnel-step-title');
    const consent = form?.querySelector('[data-consent]') ?? null;
    const [questionBox, controlBox, primaryBox, consentBox] = [question, control, primary, consent].map((element) =>
      element ? { top: element.getBoundingClientRect().top, bottom: element.getBoundingClientRect().bottom } : null,
    );
    return {
      step: document.querySelector('.funnel-body')?.getAttribute('data-step') ?? null,
      end: !form,
      viewport: window.innerHeight,
      stickyBottom: Math.max(0, ...[...document.querySelectorAll(sticky)].map((bar) => bar.getBoundingClientRect().bottom)),
      question: questionBox ?? null,
      control: controlBox ?? null,
      primary: primary && primaryBox ? { ...primaryBox, label: primary.textContent ?? '' } : null,
      consent: consentBox ?? null,
      bodyFontSize: getComputedStyle(document.body).fontSize,
      controlFontSize: control ? getComputedStyle(control).fontSize : '',
      scrollX: document.documentElement.scrollWidth - window.innerWidth,
    };
  }, STICKY);
}

/** What is wrong with a first screen, '' when the question, its control and the primary button all show. */
function firstScreenProblem(screen: FirstScreen): string {
  const problems: string[] = [];
  if (!screen.question || !screen.control || !screen.primary) return `question ${Boolean(screen.question)}, control ${Boolean(screen.control)}, primary ${Boolean(screen.primary)}`;
  // A button that gives consent comes after the disclosure it names, which is read first: the
  // two fit one screen under the header (the visitor scrolls to them), not the first screen.
  if (screen.consent) {
    const both = screen.primary.bottom - screen.consent.top;
    if (both > screen.viewport - screen.stickyBottom) problems.push(`consent and "${screen.primary.label}" take ${Math.round(both)}px > ${Math.round(screen.viewport - screen.stickyBottom)}`);
  } else if (screen.primary.bottom > screen.viewport) problems.push(`"${screen.primary.label}" bottom ${Math.round(screen.primary.bottom)} > ${screen.viewport}`);
  if (screen.control.bottom > screen.viewport) problems.push(`control bottom ${Math.round(screen.control.bottom)} > ${screen.viewport}`);
  if (screen.question.top < screen.stickyBottom) problems.push(`question top ${Math.round(screen.question.top)} under the header (${Math.round(screen.stickyBottom)})`);
  // Never smaller than the 18 px base to fit: answer buttons and the phone number are larger on purpose.
  if (screen.bodyFontSize !== '18px' || !(parseFloat(screen.controlFontSize) >= 18)) problems.push(`type ${screen.bodyFontSize}/${screen.controlFontSize}, under 18px`);
  if (screen.scrollX > 0) problems.push(`${screen.scrollX}px of sideways scrolling`);
  return problems.join('; ');
}

describe('the first screen at 375×667', () => {
  for (const brand of BRANDS) {
    test(`every step of every funnel of ${brand}, and the first and last step of each of its routes: question, answer control and primary button without scrolling`, async () => {
      const routes = funnelRoutes(brand);
      assert.ok(routes.length > 0, `${brand} runs funnels`);
      const agency = brandById(brand)!.isAgency;
      const page = await browser.newVisitor();
      await page.setViewport(PHONE);
      await page.evaluateOnNewDocument((answered) => localStorage.setItem('cobrand:form-values', JSON.stringify({ forms: {}, shared: answered, storedAt: Date.now() })), VEHICLES_ANSWERED);
      const problems: string[] = [];
      let screens = 0;
      const seen = new Set<string>();
      for (const { path, funnel } of routes) {
        const everyStep = !seen.has(funnel.id);
        seen.add(funnel.id);
        for (const [index, step] of funnel.steps.entries()) {
          if (!everyStep && index !== 0 && index !== funnel.steps.length - 1) continue;
          // The first step as the ad's visitor lands on it: the route's own path, a full load. Later
          // steps as a visitor reaches them, rendered by the client in the same page, not a full
          // load and hydration each (most of this file's time before).
          const url = index === 0 ? path : `${path}/${step.name}`;
          if (index === 0) {
            await page.goto(server.origin(brand) + url, { waitUntil: 'load' });
            await runtimeStarted(page);
          } else {
            await reach(page, url, step.name);
          }
          const models = step.fields.find((field) => field.modelsOf);
          if (models) await page.waitForSelector(`select[name="${models.name}"]`);
          const screen = await firstScreen(page);
          assert.equal(screen.step, step.name, `${brand}${url} shows its step`);
          const problem = firstScreenProblem(screen);
          if (problem) problems.push(`${brand}${url}: ${problem}`);
          if (!agency) await assertNoLicensedAgent(page, `${brand}${url}`);
          screens += 1;
        }
      }
      assert.deepEqual(problems, [], `${problems.length} of ${screens} ${brand} funnel steps:\n${problems.join('\n')}`);
      // End screens ask the marketplace relays (demand check, phone lease, ads), which this test
      // server has no upstream for: they answer 503 by design, and Chromium logs each answer.
      assert.deepEqual(
        page.consoleErrors.filter((text) => text !== 'Failed to load resource: the server responded with a status of 503 (Service Unavailable)'),
        [],
      );
      await page.close();
    });
  }

  test('the page headline is a compact line on the first step only, and the h1 on every step', async () => {
    const page = await openPhone(`${server.origin('ac')}/quiz/otc`);
    const headline = await page.$eval('h1', (element) => ({ text: element.textContent, visible: element.getBoundingClientRect().height > 1, size: parseFloat(getComputedStyle(element).fontSize) }));
    assert.equal(headline.text, 'Your Medicare plan could help pay for everyday health items');
    assert.ok(headline.visible, 'shown on the first step');
    assert.ok(headline.size >= 18 && headline.size < 24, `compact: ${headline.size}px`);
    assert.equal(await page.$$eval('.funnel img, .hero-image', (images) => images.length), 0, 'no hero above the question');
    await page.goto(`${server.origin('ac')}/quiz/otc/medicare`, { waitUntil: 'load' });
    await runtimeStarted(page);
    assert.deepEqual(
      await page.$eval('h1', (element) => ({ text: element.textContent, height: element.getBoundingClientRect().height })),
      { text: 'Your Medicare plan could help pay for everyday health items', height: 1 },
      'still the h1 for screen readers, visually hidden on later steps',
    );
    await page.close();
  });
});

describe('one tap per answer', () => {
  test('a yes/no question alone on its step is two large buttons: one tap answers and advances', async () => {
    const page = await openPhone(`${server.origin('ac')}/quiz/otc${QUERY}`, { touch: true });
    await page.locator(aria('ZIP code', 'textbox')).fill('33101');
    await page.locator(aria('Continue', 'button')).click();
    await atStep(page, `/quiz/otc/medicare${QUERY}`, 'Step 2 of 4');

    const answers = await page.$$eval('fieldset button.answer', (buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        const group = button.closest('fieldset')!.getBoundingClientRect();
        return { type: button.getAttribute('type'), name: button.getAttribute('name'), value: button.getAttribute('value'), height: box.height, fullWidth: Math.abs(box.width - group.width) < 1, bottom: box.bottom };
      }),
    );
    assert.deepEqual(answers.map(({ type, name, value }) => ({ type, name, value })), [
      { type: 'submit', name: 'haveMedicare', value: 'yes' },
      { type: 'submit', name: 'haveMedicare', value: 'no' },
    ]);
    for (const answer of answers) {
      assert.ok(answer.height >= 48, `at least 48 px tall: ${answer.height}`);
      assert.ok(answer.fullWidth, 'full width on a phone');
      assert.ok(answer.bottom <= PHONE.height, 'on the first screen');
    }
    assert.equal(await page.$('.funnel-form .funnel-continue'), null, 'no Continue to press after answering');

    // One tap, named by the question's group: the step is submitted and the next one shows.
    const yes = await page.waitForSelector(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`);
    await yes!.tap();
    await atStep(page, `/quiz/otc/medicaid${QUERY}`, 'Step 3 of 4');

    // The skip action stays on a one-tap step; Back shows the answer given, pressed.
    assert.ok(await page.$(`${aria("I'm not sure", 'button')}`));
    await (await page.waitForSelector('a.funnel-back'))!.tap();
    await atStep(page, `/quiz/otc/medicare${QUERY}`, 'Step 2 of 4');
    await page.waitForSelector('#field-haveMedicare-yes[aria-pressed="true"]');
    assert.equal(await page.$eval('#field-haveMedicare-no', (element) => element.getAttribute('aria-pressed')), 'false');

    // From the keyboard: each answer takes focus with a visible ring.
    let focused: { className: string; visible: boolean; outline: string } | undefined;
    for (let presses = 0; presses < 30 && !focused?.className.includes('answer'); presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { className: element.className, visible: element.matches(':focus-visible'), outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
    }
    assert.ok(focused?.className.includes('answer'), 'an answer button is reached with Tab');
    assert.equal(focused!.visible, true);
    assert.match(focused!.outline, /^solid [3-9]px$/, 'a focus ring of 3 px or more');

    // Enter on the focused answer submits it too.
    await page.keyboard.press('Enter');
    await atStep(page, `/quiz/otc/medicaid${QUERY}`, 'Step 3 of 4');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cobrand:form-values')!).forms.medicare);
    assert.equal(stored.haveMedicare, true);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('without JavaScript a one-tap answer is a form post that advances', async () => {
    const page = await browser.newVisitor();
    await page.setJavaScriptEnabled(false);
    await page.setViewport(PHONE);
    // The first question first: a later step's post is taken only from a visitor who walked to it.
    const answerZip = async (origin: string, path: string) => {
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      await page.type('#field-zipcode', '33101');
      await Promise.all([page.waitForNavigation(), page.click('.funnel-continue')]);
    };
    await answerZip(server.origin('ac'), `/quiz/otc${QUERY}`);
    assert.equal(new URL(page.url()).pathname, '/quiz/otc/medicare');
    await Promise.all([page.waitForNavigation(), page.click('#field-haveMedicare-no')]);
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, `/quiz/otc/medicaid${QUERY}`);
    assert.equal(await page.$eval('.funnel-progress-text', (element) => element.textContent), 'Step 3 of 4');
    // The answer is kept (form cookie): coming back shows it pressed.
    await page.goto(`${server.origin('ac')}/quiz/otc/medicare`, { waitUntil: 'load' });
    assert.equal(await page.$eval('#field-haveMedicare-no', (element) => element.getAttribute('aria-pressed')), 'true');
    // A radio list of up to six answers, too (life: age range).
    await answerZip(server.origin('wc'), '/go-4-life');
    assert.equal(new URL(page.url()).pathname, '/go-4-life/age');
    await Promise.all([page.waitForNavigation(), page.click('#field-ageRange-60-69')]);
    assert.equal(new URL(page.url()).pathname, '/go-4-life/coverage');
    await page.close();
  });
});

describe('the error summary', () => {
  test('shows below the sticky header and takes focus after a refused submit', async () => {
    const page = await openPhone(`${server.origin('ac')}/quiz/otc`);
    // The visitor has scrolled down to the button, as on a phone where it sat below the fold.
    await page.evaluate(() => {
      const button = document.querySelector('.funnel-continue')!;
      window.scrollTo(0, button.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 200);
    });
    await page.locator(aria('Continue', 'button')).click();
    await page.waitForSelector('.funnel-errors-title');
    // Smooth scrolling ends with the summary 24 px below the sticky bars (spec §2).
    await page.waitForFunction(
      (sticky) => {
        const bars = [...document.querySelectorAll(sticky)].reduce((sum, bar) => sum + bar.getBoundingClientRect().height, 0);
        return Math.abs(document.querySelector('.funnel-errors')!.getBoundingClientRect().top - (bars + 24)) < 2;
      },
      { timeout: 5_000 },
      STICKY,
    );
    const state = await page.evaluate((sticky) => ({
      focused: document.activeElement?.classList.contains('funnel-errors'),
      titleTop: document.querySelector('.funnel-errors-title')!.getBoundingClientRect().top,
      stickyBottom: Math.max(...[...document.querySelectorAll(sticky)].map((bar) => bar.getBoundingClientRect().bottom)),
      title: document.querySelector('.funnel-errors-title')!.textContent,
      link: document.querySelector('.funnel-errors a')!.getAttribute('href'),
    }), STICKY);
    assert.equal(state.focused, true, 'the summary has focus');
    assert.ok(state.titleTop >= state.stickyBottom + 20, `the title (${state.titleTop}) is below the header (${state.stickyBottom})`);
    assert.equal(state.title, 'There is a problem with 1 answer:');
    assert.equal(state.link, '#field-zipcode');
    await assertAccessible(page, 'zip with the error summary');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});

/** Walks the Medicare funnel of /quiz/otc, running `check` (axe by default) on every screen, the ZIP error included. */
async function walkMedicare(page: Page, where: string, check: ScreenCheck = assertAccessible) {
  await atStep(page, '/quiz/otc', 'Step 1 of 4');
  await check(page, `${where} zip`);
  await page.locator(aria('Continue', 'button')).click();
  await page.waitForSelector('.funnel-errors-title');
  await check(page, `${where} zip with an error`);
  await page.locator(aria('ZIP code', 'textbox')).fill('33101');
  await page.locator(aria('Continue', 'button')).click();
  await atStep(page, '/quiz/otc/medicare', 'Step 2 of 4');
  await check(page, `${where} medicare`);
  await page.locator(`${aria('Do you have Medicare Part A and Part B?', 'group')} ${aria('Yes', 'button')}`).click();
  await atStep(page, '/quiz/otc/medicaid', 'Step 3 of 4');
  await check(page, `${where} medicaid`);
  await page.locator(`${aria('Do you also have Medicaid?', 'group')} ${aria('No', 'button')}`).click();
  await atStep(page, '/quiz/otc/call', 'Step 4 of 4');
  await check(page, `${where} call`);
}

/**
 * Walks the auto funnel (one vehicle, one driver), running `check` on every step shown, and on
 * the make list with its "Other" text box revealed; the result screen once the lead is sent.
 */
async function walkAuto(page: Page, where: string, check: ScreenCheck) {
  // "Step N of M" on this visitor's path (core/funnels/visitor-path.ts): the insurer and the
  // home-insurance question show on the screen of the answer they follow, so M stays at the 13
  // screens this walk shows (12 questions and the result).
  const total = 13;
  const at = async (path: string, number: number) => {
    await atStep(page, `/quiz/auto${path}`, `Step ${number} of ${total}`);
    await check(page, `${where} ${path || '/zip'}`);
  };
  const fill = (label: string, value: string) => page.locator(aria(label, 'textbox')).fill(value);
  const select = (label: string, value: string) => page.locator(aria(label, 'combobox')).fill(value);
  const press = (label: string) => page.locator(aria(label, 'button')).click();
  const tap = (question: string, option: string) => page.locator(`${aria(question, 'group')} ${aria(option, 'button')}`).click();
  const choose = (question: string, option: string) => page.locator(`${aria(question, 'group')} ${aria(option, 'radio')}`).click();

  await at('', 1);
  await fill('ZIP code', '60601');
  await press('Continue');
  await at('/insured', 2);
  await tap('Do you have car insurance right now?', 'Yes');
  await select('Current insurance company', 'State Farm');
  await check(page, `${where} /insured with the insurer list`);
  await press('Continue');
  await at('/homeowner', 3);
  await tap('Do you own your home?', 'Yes');
  await choose('Would you also like a home insurance quote?', 'No');
  await check(page, `${where} /homeowner with the home-insurance question`);
  await press('Continue');
  await at('/vehicle-1', 4);
  await select('Model year', '2018');
  await select('Make', '_other');
  await page.waitForSelector('#field-vehicle1MakeOther', { visible: true });
  await check(page, `${where} /vehicle-1 with "Other make"`);
  await select('Make', 'Toyota');
  await select('Model', 'Camry');
  await check(page, `${where} /vehicle-1 with the model list`);
  await press('Continue');
  await at('/has-vehicle-2', 5);
  await tap('Do you have another vehicle?', 'No');
  await at('/driver-1', 6);
  await fill('First name', 'Ana');
  await fill('Last name', 'Ruiz');
  await select('Month', '04');
  await fill('Day', '30');
  await fill('Year', '1956');
  await press('Continue');
  await at('/driver-1-details', 7);
  await choose('What is your gender?', 'Female');
  await choose('What is your marital status?', 'Domestic partner');
  await press('Continue');
  await at('/driver-1-credit', 8);
  await tap('How would you rate your credit?', 'Good');
  await at('/driver-1-record', 9);
  await choose('Do you need an SR-22 filing?', 'No');
  await choose('Have you served in the U.S. military?', 'No');
  await press('Continue');
  await at('/has-driver-2', 10);
  await tap('Does anyone else drive your car?', 'No');
  await at('/address', 11);
  await fill('Street address', '100 Main Street');
  await press('Continue');
  await at('/contact', 12);
  await fill('Email address', 'ana.ruiz@example.com');
  await fill('Phone number', '2015550123');
  await press('Get my quotes');
  await atStep(page, '/quiz/auto/result', `Step ${total} of ${total}`);
  // The result screen's words once the lead is stored (or failed to be), not its neutral ones.
  await page.waitForFunction(() => document.querySelector('.funnel-body .funnel-step-title')?.textContent !== 'Compare your quotes with an agent', { timeout: 10_000 });
  await check(page, `${where} /result`);
}

/** What a walk types, by field name: the life and health funnels' text boxes. */
const TYPED: Readonly<Record<string, string>> = {
  zipcode: '33101',
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana.ruiz@example.com',
  phone: '2015550123',
};

/**
 * Walks every step of `funnel` from `path` to its end screen, running `check` on each: a one-tap
 * step by its first answer, a radio list by its first choice, text boxes from {@link TYPED}. For
 * funnels whose steps all show (life, health).
 */
async function walkEveryStep(page: Page, where: string, path: string, funnel: FunnelDefinition, check: ScreenCheck) {
  const total = funnel.steps.length;
  for (const [index, step] of funnel.steps.entries()) {
    await atStep(page, index === 0 ? path : `${path}/${step.name}`, `Step ${index + 1} of ${total}`);
    await check(page, `${where} ${step.name}`);
    if (step.kind !== 'form') break;
    const oneTap = await page.$('.funnel-form button.answer');
    if (oneTap) {
      await oneTap.click();
      continue;
    }
    for (const field of step.fields) {
      const radio = await page.$(`.funnel-form input[type="radio"][name="${field.name}"]`);
      if (radio) await radio.click();
      else await page.locator(`.funnel-form [name="${field.name}"]`).fill(TYPED[field.name]!);
    }
    await page.locator('.funnel-form button.funnel-continue').click();
  }
}

/** Axe-core, and the rendered text of a brand that is not an agency. */
const accessibleAndHonest: ScreenCheck = async (page, where) => {
  await assertAccessible(page, where);
  await assertNoLicensedAgent(page, where);
};

describe('axe-core on every step of a Medicare, an auto, a life and a health walk', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`Medicare, ${mode} mode`, async () => {
      const page = await openPhone(`${server.origin('ac')}/quiz/otc`, { dark: mode === 'dark' });
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), mode);
      await walkMedicare(page, `Medicare (${mode})`);
      assert.deepEqual(page.consoleErrors, []);
      await page.close();
    });

    test(`auto on tqg (not an agency: no licensed agent on any screen either), ${mode} mode`, async () => {
      const page = await openPhone(`${server.origin('tqg')}/quiz/auto`, { dark: mode === 'dark' });
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), mode);
      await walkAuto(page, `auto (${mode})`, accessibleAndHonest);
      assert.deepEqual(page.consoleErrors, []);
      await page.close();
    });
  }

  // One page each: a light walk, then the stored colour-mode preference set to dark and a dark walk.
  const walks = [
    { product: 'life', brand: 'wc', path: '/go-4-life' },
    { product: 'health', brand: 'bh', path: '/go-4-health' },
  ] as const;
  for (const walk of walks) {
    test(`${walk.product} on ${walk.brand}, every step in light and in dark mode`, async () => {
      const funnel = funnelRoutes(walk.brand).find((route) => route.path === walk.path)!.funnel;
      assert.equal(funnel.product, walk.product);
      const page = await openPhone(`${server.origin(walk.brand)}${walk.path}`);
      for (const mode of ['light', 'dark'] as const) {
        if (mode === 'dark') {
          await page.evaluate((key) => localStorage.setItem(key, 'dark'), COLOR_MODE_STORAGE_KEY);
          await page.goto(`${server.origin(walk.brand)}${walk.path}`, { waitUntil: 'load' });
          await runtimeStarted(page);
        }
        assert.equal(await page.evaluate((attribute) => document.documentElement.getAttribute(attribute), COLOR_MODE_ATTRIBUTE), mode);
        await walkEveryStep(page, `${walk.product} (${mode})`, walk.path, funnel, assertAccessible);
      }
      assert.deepEqual(page.consoleErrors.filter((text) => !text.includes('503 (Service Unavailable)')), []);
      await page.close();
    });
  }
});

describe('a brand that is not an agency in Chromium', () => {
  test('emily: no licensed agent on any screen of a Medicare walk, its call screen included', async () => {
    assert.equal(brandById('emily')!.isAgency, false);
    const page = await openPhone(`${server.origin('emily')}/quiz/otc`);
    await walkMedicare(page, 'emily Medicare', assertNoLicensedAgent);
    // The call screen's words are there to be read: the check read a real screen.
    assert.match(await page.evaluate(() => document.body.innerText), /a licensed insurance agency we work with/i);
    assert.deepEqual(page.consoleErrors.filter((text) => !text.includes('503 (Service Unavailable)')), []);
    await page.close();
  });
});
