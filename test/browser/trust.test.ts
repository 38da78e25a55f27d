/**
 * The trust strip on a phone, 375×667: on the home pages of ac (an agency,
 * carriers linked to its reviews) and tqg (an auto publisher, carriers as text) it begins on the
 * first screen, right under the call to action, and every line of it shows whole; on a funnel's
 * first step it sits below the form while the question, its answer and the button still fill the
 * first screen. ac's review strip follows its trust strip on both, within the screen's width, at
 * the 18 px base; the others have none. axe-core finds nothing, in light and in dark mode.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 375, height: 667 };
const MODES = ['light', 'dark'] as const;
/** The strip's parts: heading, carrier names, hours, licence line (agencies only). */
const PARTS = ['h2', '.trust-carriers', '[data-trust="hours"]', '[data-trust="agency"]'];

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

/** A new visitor's page at `url`, hydrated, in `mode`, at `size`. */
async function openPhone(url: string, mode: (typeof MODES)[number], size: { width: number; height: number } = PHONE): Promise<TestPage> {
  const page = await browser.newVisitor();
  await page.setViewport(size);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
  await page.goto(url, { waitUntil: 'load' });
  await runtimeStarted(page);
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), mode);
  return page;
}

async function assertAccessible(page: Page, where: string) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

/** Where the strip and its parts are on the first screen, and each part once the strip is scrolled into view. */
async function measure(page: Page) {
  // No named functions inside (not even a const arrow): the page would need tsx's __name helper.
  return page.evaluate((partSelectors) => {
    const strip = document.querySelector('[data-block-id="trust"]')!;
    // Inside working hours the call to action is two buttons, the phone first: the strip follows the last.
    const cta = [...document.querySelectorAll('[data-block-id="hero"] .cta-button')].at(-1) ?? null;
    const [stripBox, ctaBox, formBox, continueBox] = [strip, cta, document.querySelector('.funnel-form'), document.querySelector('.funnel-form .funnel-continue')].map((element) =>
      element ? element.getBoundingClientRect().toJSON() as DOMRect : null,
    );
    strip.scrollIntoView({ block: 'end' });
    return {
      firstScreen: { strip: stripBox ?? null, cta: ctaBox ?? null, form: formBox ?? null, continue: continueBox ?? null },
      parts: partSelectors.map((selector) => ({ selector, box: (strip.querySelector(selector)?.getBoundingClientRect().toJSON() as DOMRect | undefined) ?? null })),
      chips: [...strip.querySelectorAll('a.trust-carrier')].map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
      hoursFontSize: getComputedStyle(strip.querySelector('[data-trust="hours"]')!).fontSize,
      reviews: (() => {
        const reviews = document.querySelector('[data-block-id="reviews"]');
        if (!reviews) return null;
        const box = reviews.getBoundingClientRect();
        return {
          afterTrust: reviews.previousElementSibling === strip && box.top >= strip.getBoundingClientRect().bottom,
          within: box.left >= 0 && box.right <= window.innerWidth,
          quotes: reviews.querySelectorAll('q').length,
          fontSize: getComputedStyle(reviews.querySelector('q')!).fontSize,
        };
      })(),
      sideways: document.documentElement.scrollWidth - window.innerWidth,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
    };
  }, PARTS);
}

/**
 * What is wrong with the strip's parts once the strip is scrolled into view: each expected part
 * shows, inside the screen's width; with `onOneScreen`, all of them at once, below the sticky header.
 */
function partsProblems(measured: Awaited<ReturnType<typeof measure>>, expected: readonly string[], onOneScreen = true): string[] {
  const problems: string[] = [];
  for (const { selector, box } of measured.parts) {
    if (!expected.includes(selector)) {
      if (box) problems.push(`${selector} is shown`);
      continue;
    }
    if (!box || box.height === 0) problems.push(`${selector} missing`);
    else if (box.left < 0 || box.right > measured.viewport.width) problems.push(`${selector} wider than the screen: ${JSON.stringify(box)}`);
    else if (onOneScreen && (box.top < measured.headerBottom || box.bottom > measured.viewport.height)) problems.push(`${selector} not whole on screen: ${JSON.stringify(box)}`);
  }
  if (measured.sideways > 0) problems.push(`${measured.sideways}px of sideways scrolling`);
  if (measured.hoursFontSize !== '18px') problems.push(`hours at ${measured.hoursFontSize}, not the 18px base`);
  return problems;
}

/** The review strip: after the trust strip, within the width, a pro and a con per reviewed carrier at the 18 px base; or none. */
function assertReviews(reviews: Awaited<ReturnType<typeof measure>>['reviews'], quotes: number) {
  if (quotes === 0) {
    assert.equal(reviews, null, 'no review strip');
    return;
  }
  assert.deepEqual(reviews, { afterTrust: true, within: true, quotes, fontSize: '18px' });
}

const ALL_PARTS = PARTS;
const NO_AGENCY = PARTS.filter((selector) => selector !== '[data-trust="agency"]');

describe('the home page', () => {
  const cases = [
    { brand: 'ac', parts: ALL_PARTS, links: 5, quotes: 10 },
    { brand: 'tqg', parts: NO_AGENCY, links: 0, quotes: 0 },
  ];
  for (const c of cases) {
    for (const mode of MODES) {
      test(`${c.brand}, ${mode} mode: the strip begins on the first screen, under the call to action, and shows whole`, async () => {
        const page = await openPhone(`${server.origin(c.brand)}/`, mode);
        await assertAccessible(page, `${c.brand} home (${mode})`);
        const measured = await measure(page);
        const { strip, cta } = measured.firstScreen;
        assert.ok(strip && cta, 'strip and call to action');
        assert.ok(strip.top < PHONE.height, `the strip begins on the first screen: top ${Math.round(strip.top)}`);
        assert.ok(strip.top >= cta.bottom, 'below the call to action');
        assert.deepEqual(partsProblems(measured, c.parts), []);
        assert.equal(measured.chips.length, c.links, 'carriers linked to reviews');
        for (const chip of measured.chips) assert.ok(chip.height >= 44, `a linked carrier is a 44 px target: ${chip.height}`);
        assertReviews(measured.reviews, c.quotes);
        assert.deepEqual(page.consoleErrors, []);
        await page.close();
      });
    }
  }

  test('ac at 320 px: no sideways scrolling, every part within the width', async () => {
    const page = await openPhone(`${server.origin('ac')}/`, 'light', { width: 320, height: 568 });
    assert.deepEqual(partsProblems(await measure(page), ALL_PARTS, false), []);
    await page.close();
  });
});

describe('a funnel step', () => {
  const cases = [
    { brand: 'ac', path: '/quiz/otc', parts: ALL_PARTS, quotes: 10 },
    { brand: 'emily', path: '/get-yours-otc-es', parts: NO_AGENCY, quotes: 0 },
  ];
  for (const c of cases) {
    for (const mode of MODES) {
      test(`${c.brand}${c.path}, ${mode} mode: the strip sits below the form, which still fills the first screen`, async () => {
        const page = await openPhone(`${server.origin(c.brand)}${c.path}`, mode);
        await assertAccessible(page, `${c.brand}${c.path} (${mode})`);
        const measured = await measure(page);
        const { strip, form, continue: button } = measured.firstScreen;
        assert.ok(strip && form && button, 'strip, form and button');
        assert.ok(button.bottom <= PHONE.height, `the button is on the first screen: bottom ${Math.round(button.bottom)}`);
        assert.ok(strip.top >= form.bottom, `below the form: strip top ${Math.round(strip.top)}, form bottom ${Math.round(form.bottom)}`);
        assert.deepEqual(partsProblems(measured, c.parts), []);
        assertReviews(measured.reviews, c.quotes);
        assert.deepEqual(page.consoleErrors, []);
        await page.close();
      });
    }
  }
});
