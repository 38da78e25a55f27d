/**
 * "Do not sell or share my personal information" in Chromium on a 375 × 667 phone:
 * the footer link leads to the page; its one button is on the first screen and one tap opts out
 * (in place, the answer focused), in English and Spanish; after a reload the page says so and the tag manager is no
 * longer requested. Without JavaScript the same tap is a form post that comes back to the page
 * opted out. A browser sending Global Privacy Control never requests the tag manager. axe finds
 * nothing on the page, before and after, in English and Spanish, in light and dark mode, and every
 * target on it is at least 44 px.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { PRIVACY_CHOICES_PATHS, PRIVACY_CHOICES_TEXT } from '../../src/core/content/copy/privacy-choices.ts';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** A touch phone, so the button is tapped, not clicked. */
const PHONE = { width: 375, height: 667, hasTouch: true, isMobile: true };
const MIN_TARGET = 44;
const TAG_MANAGER = 'https://www.googletagmanager.com/';
const BUTTON = '.privacy-choice-button';
const STATUS = '.privacy-choice-status';

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

/** A page of a new visitor (own cookies and storage) on the phone. */
async function newVisitor(options: { javaScript?: boolean; gpc?: boolean; dark?: boolean } = {}): Promise<TestPage> {
  const page = await browser.newVisitor();
  await page.setViewport(PHONE);
  if (options.javaScript === false) await page.setJavaScriptEnabled(false);
  if (options.gpc) await page.setExtraHTTPHeaders({ 'Sec-GPC': '1' });
  if (options.dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  return page;
}

async function open(page: Page, url: string, hydrate = true) {
  await page.goto(url, { waitUntil: 'load' });
  if (hydrate) await runtimeStarted(page);
}

function tagManagerRequests(page: TestPage): string[] {
  return page.thirdPartyRequests.filter((url) => url.startsWith(TAG_MANAGER));
}

/** The one button lies inside the first 375 × 667 screen, under the sticky header, without scrolling. */
async function assertButtonOnFirstScreen(page: Page) {
  const facts = await page.$eval(BUTTON, (element) => ({ top: element.getBoundingClientRect().top, bottom: element.getBoundingClientRect().bottom, scrollY: window.scrollY }));
  assert.equal(facts.scrollY, 0);
  assert.ok(facts.top > 0 && facts.bottom <= PHONE.height, `the button is on the first screen (${Math.round(facts.top)} to ${Math.round(facts.bottom)} px)`);
}

async function statusText(page: Page): Promise<string> {
  return page.$eval(STATUS, (element) => element.textContent ?? '');
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

/** Links and buttons in the page's main part and footer smaller than 44 px either way. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.$$eval('main a, main button, footer a', (elements, min) =>
    elements
      .map((element) => ({ text: (element.textContent ?? '').trim().slice(0, 40), box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < min || box.width < min)
      .map(({ text, box }) => `${text}: ${Math.round(box.width)}×${Math.round(box.height)}`),
  MIN_TARGET);
}

describe('opting out on a phone', () => {
  test('footer link → the page → one tap: opted out in place; after a reload the page says so and the tag manager is not requested', async () => {
    const page = await newVisitor();
    const origin = server.origin('ac');
    await open(page, `${origin}/`);
    assert.ok(tagManagerRequests(page).length > 0, 'before the choice the tag manager loads');

    // The footer link, as a visitor follows it (a client navigation).
    await page.locator(`footer ::-p-text(Do not sell or share my personal information)`).click();
    await page.waitForFunction((path) => location.pathname === path, { timeout: 10_000 }, PRIVACY_CHOICES_PATHS.english);
    await page.waitForSelector(BUTTON);
    assert.equal(await statusText(page), PRIVACY_CHOICES_TEXT.english.notYet);
    await assertButtonOnFirstScreen(page);

    await page.tap(BUTTON);
    await page.waitForFunction((selector) => document.querySelector(selector)?.hasAttribute('data-opted-out'), { timeout: 10_000 }, STATUS);
    assert.match(await statusText(page), /^You opted out on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    assert.equal(await page.$(BUTTON), null, 'the button is gone');
    assert.equal(await page.evaluate((selector) => document.activeElement === document.querySelector(selector), STATUS), true, 'the answer has focus');
    // The tags already running in this tab get nothing more: the data layer takes no new entry.
    const dataLayer = await page.evaluate(() => {
      const layer = (window as Window & { dataLayer?: unknown[] }).dataLayer!;
      const before = layer.length;
      layer.push({ event: 'afterOptOut' });
      return { before, after: layer.length };
    });
    assert.equal(dataLayer.after, dataLayer.before);
    assert.deepEqual(page.consoleErrors, []);

    page.thirdPartyRequests.length = 0;
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector(STATUS);
    assert.match(await statusText(page), /^You opted out on /);
    assert.deepEqual(tagManagerRequests(page), [], 'no tag manager after the reload');
    assert.equal(await page.$('script[src*="googletagmanager"]'), null);

    // Every other page of the site, loaded fresh, leaves it out too.
    await open(page, `${origin}/quiz/otc`);
    assert.deepEqual(tagManagerRequests(page), []);
  });

  test('without JavaScript the tap is a form post that comes back opted out', async () => {
    const page = await newVisitor({ javaScript: false });
    await open(page, `${server.origin('emily')}${PRIVACY_CHOICES_PATHS.spanish}`, false);
    assert.equal(await statusText(page), PRIVACY_CHOICES_TEXT.spanish.notYet);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.tap(BUTTON)]);
    assert.equal(new URL(page.url()).pathname, PRIVACY_CHOICES_PATHS.spanish);
    assert.match(await statusText(page), /^Usted pidió no vender ni compartir su información el \d{1,2} de [a-z]+ de \d{4}\./);
    assert.equal(await page.$(BUTTON), null);
  });

  test('a browser sending Global Privacy Control never requests the tag manager, and the page says the signal is honoured', async () => {
    const page = await newVisitor({ gpc: true });
    await open(page, `${server.origin('tqg')}/`);
    await open(page, `${server.origin('tqg')}${PRIVACY_CHOICES_PATHS.english}`);
    assert.deepEqual(tagManagerRequests(page), []);
    assert.equal(await statusText(page), PRIVACY_CHOICES_TEXT.english.gpcOnly);
  });
});

describe('accessible in both languages and both modes, before and after the choice', () => {
  for (const dark of [false, true]) {
    for (const [language, path] of Object.entries(PRIVACY_CHOICES_PATHS)) {
      test(`${language}, ${dark ? 'dark' : 'light'} mode`, async () => {
        const page = await newVisitor({ dark });
        await open(page, `${server.origin('ac')}${path}`);
        await page.waitForFunction((mode) => document.documentElement.getAttribute('data-color-mode') === mode, {}, dark ? 'dark' : 'light');
        await assertButtonOnFirstScreen(page);
        assert.deepEqual(await axeViolations(page), [], 'before');
        assert.deepEqual(await smallTargets(page), [], 'targets before');
        await page.tap(BUTTON);
        await page.waitForFunction((selector) => document.querySelector(selector)?.hasAttribute('data-opted-out'), { timeout: 10_000 }, STATUS);
        assert.deepEqual(await axeViolations(page), [], 'after');
        assert.deepEqual(await smallTargets(page), [], 'targets after');
      });
    }
  }
});
