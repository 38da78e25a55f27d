/**
 * The header and the brand themes in Chromium: on every brand's home page and a funnel
 * page (and a Spanish one), at 320, 360, 375 and 414 px, in light and dark mode, the logo and the
 * phone link never overlap and both lie fully inside the viewport, tap targets are 44 px, the
 * number stays on one line, the logo has no plate; axe finds nothing on any home page in either
 * mode; choosing Dark in the footer survives a reload with no light first paint; a page that
 * forces a mode disables the choice and says why.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { ROUTES } from '../../routes.ts';
import { BRANDS, brandById } from '../../brands/index.ts';
import { launchBrowser, type TestBrowser, RUNTIME_STARTED, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [320, 360, 375, 414] as const;
const MODES = ['light', 'dark'] as const;
const MIN_TARGET = 44;

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

/** The first stepped funnel page a brand serves (ccc has none: its control-center root instead). */
function funnelPath(brandId: string): string {
  const route = ROUTES.find((candidate) => candidate.brands.includes(brandId as never) && candidate.page.form && candidate.language !== 'spanish' && /^\/[^{]*\/\{step\??\}$/.test(candidate.path));
  return route ? route.path.replace(/\/\{step\??\}$/, '') : '/';
}

/** The brands with the consumer header: every one but the control center, which has its own chrome. */
const SITE_BRANDS = BRANDS.filter((brand) => brand.id !== 'ccc');

/** Pages to measure: every site brand's home and a funnel page, plus a Spanish funnel page. */
const PAGES: Array<{ brand: string; path: string }> = [
  ...SITE_BRANDS.flatMap((brand) => [{ brand: brand.id, path: '/' }, ...(funnelPath(brand.id) === '/' ? [] : [{ brand: brand.id, path: funnelPath(brand.id) }])]),
  { brand: 'ac', path: '/get-yours-otc-es' },
];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

interface HeaderFacts {
  viewport: { width: number; height: number };
  logo: Box;
  phone: Box;
  label: Box;
  number: Box;
  numberLines: number;
  numberWhiteSpace: string;
  logoImages: number;
  logoBackgrounds: string[];
  markFill: string | null;
  mode: string | null;
}

/** The header's boxes and styles, read in the page (a string, so no compiled helper leaks into the page). */
const MEASURE = `(() => {
  const box = (element) => { const r = element.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
  const logo = document.querySelector('.site-header a.brand-logo');
  const phone = document.querySelector('.site-header a.header-phone');
  const number = phone.querySelector('.header-phone-number');
  const mark = logo.querySelector('.brand-mark-primary');
  return {
    viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
    logo: box(logo), phone: box(phone), label: box(phone.querySelector('.header-phone-label')), number: box(number),
    numberLines: number.getClientRects().length,
    numberWhiteSpace: getComputedStyle(number).whiteSpace,
    logoImages: logo.querySelectorAll('img').length,
    logoBackgrounds: [logo, ...logo.querySelectorAll('*')].map((element) => getComputedStyle(element).backgroundColor),
    markFill: mark ? getComputedStyle(mark).fill : null,
    mode: document.documentElement.getAttribute('data-color-mode'),
  };
})()`;

function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function inside(inner: Box, outer: { left: number; top: number; right: number; bottom: number }): boolean {
  const slack = 0.5;
  return inner.left >= outer.left - slack && inner.top >= outer.top - slack && inner.right <= outer.right + slack && inner.bottom <= outer.bottom + slack;
}

/** `#rrggbb` as Chromium's computed `rgb(r, g, b)`. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

// Pages load with `waitUntil: 'load'` (stylesheets and fonts in) and then wait for the runtime
// (runtimeStarted), not for network idle: what is measured here (header, theme, colour mode, axe)
// is the hydrated page; the after-paint chunk (tracking, marketplace) changes none of it and only
// loads once the browser is idle, which `networkidle0` waited out on every load (500 ms at least,
// up to 2 s).

async function setMode(page: Page, mode: 'light' | 'dark') {
  // The OS setting: the default preference ('system') follows it live.
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
  await page.waitForFunction((expected) => document.documentElement.getAttribute('data-color-mode') === expected, {}, mode);
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

describe('header: logo and phone never overlap', () => {
  for (const { brand: brandId, path } of PAGES) {
    test(`${brandId} ${path}: ${WIDTHS.join(', ')} px × light, dark`, async () => {
      const brand = brandById(brandId)!;
      const page = await browser.newPage();
      try {
        await page.setViewport({ width: WIDTHS[0], height: 640 });
        await page.goto(server.origin(brandId) + path, { waitUntil: 'load' });
        await runtimeStarted(page);
        const problems: string[] = [];
        for (const mode of MODES) {
          // A page that forces a mode (the control center) stays in it.
          const forced = await page.evaluate(`document.documentElement.getAttribute('data-forced-color-mode')`);
          if (!forced) await setMode(page, mode);
          for (const width of WIDTHS) {
            await page.setViewport({ width, height: 640 });
            const facts = (await page.evaluate(MEASURE)) as HeaderFacts;
            const where = `${mode} ${width}px`;
            const viewport = { left: 0, top: 0, right: facts.viewport.width, bottom: facts.viewport.height };
            if (facts.viewport.width !== width) problems.push(`${where}: page is ${facts.viewport.width} px wide (horizontal overflow)`);
            if (intersects(facts.logo, facts.phone)) problems.push(`${where}: logo ${JSON.stringify(facts.logo)} overlaps phone ${JSON.stringify(facts.phone)}`);
            if (!inside(facts.logo, viewport)) problems.push(`${where}: logo outside the viewport ${JSON.stringify(facts.logo)}`);
            if (!inside(facts.phone, viewport)) problems.push(`${where}: phone outside the viewport ${JSON.stringify(facts.phone)}`);
            if (!inside(facts.label, facts.phone) || !inside(facts.number, facts.phone)) problems.push(`${where}: label or number runs out of the phone link`);
            for (const [name, target] of [['logo', facts.logo], ['phone', facts.phone]] as const) {
              if (target.width < MIN_TARGET || target.height < MIN_TARGET) problems.push(`${where}: ${name} target ${target.width}×${target.height} < 44`);
            }
            if (facts.numberLines !== 1 || facts.numberWhiteSpace !== 'nowrap') problems.push(`${where}: number on ${facts.numberLines} lines (${facts.numberWhiteSpace})`);
            if (facts.logoImages !== 0) problems.push(`${where}: the logo is an image, not the inline mark`);
            const plates = facts.logoBackgrounds.filter((background) => background !== 'rgba(0, 0, 0, 0)');
            if (plates.length) problems.push(`${where}: logo has a background ${plates.join(', ')}`);
            const applied = (forced as 'light' | 'dark' | null) ?? mode;
            if (facts.mode !== applied) problems.push(`${where}: data-color-mode ${facts.mode}`);
            if (facts.markFill !== rgb(brand.theme![applied].primary)) problems.push(`${where}: mark fill ${facts.markFill}, expected the ${applied} primary ${brand.theme![applied].primary}`);
          }
        }
        assert.deepEqual(problems, []);
        assert.deepEqual(page.consoleErrors, []);
      } finally {
        await page.close();
      }
    });
  }

  test('the pages measured include every site brand and a Spanish funnel page', () => {
    assert.deepEqual(new Set(PAGES.map((entry) => entry.brand)), new Set(SITE_BRANDS.map((brand) => brand.id)));
    assert.ok(PAGES.filter((entry) => entry.path !== '/').length >= SITE_BRANDS.length, 'a funnel page for every site brand');
    assert.ok(PAGES.some((entry) => entry.path.endsWith('-es')));
  });
});

describe('brand themes in the browser', () => {
  test('each brand paints its own palette: the body background and primary button follow the mode', async () => {
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 375, height: 667 });
      const seen = new Set<string>();
      for (const brand of BRANDS.filter((candidate) => candidate.id !== 'ccc')) {
        await page.goto(server.origin(brand.id) + '/', { waitUntil: 'load' });
        await runtimeStarted(page);
        for (const mode of MODES) {
          await setMode(page, mode);
          const colours = (await page.evaluate(`({ body: getComputedStyle(document.body).backgroundColor, accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(), rule: getComputedStyle(document.querySelector('.site-header')).borderTopColor })`)) as { body: string; accent: string; rule: string };
          assert.equal(colours.body, rgb(brand.theme![mode].background), `${brand.id} ${mode} background`);
          assert.equal(colours.accent, brand.theme![mode].primary, `${brand.id} ${mode} --accent`);
          assert.equal(colours.rule, rgb(brand.theme![mode].accent), `${brand.id} ${mode} header rule`);
          seen.add(colours.accent);
        }
      }
      assert.equal(seen.size, (BRANDS.length - 1) * 2, 'no two brands share a primary colour');
    } finally {
      await page.close();
    }
  });
});

describe('axe: no violations on any home page in either mode', () => {
  for (const brand of BRANDS) {
    test(`${brand.id} home, light and dark`, async () => {
      const page = await browser.newPage();
      try {
        await page.setViewport({ width: 375, height: 667 });
        await page.goto(server.origin(brand.id) + '/', { waitUntil: 'load' });
        await runtimeStarted(page);
        for (const mode of MODES) {
          const forced = (await page.evaluate(`document.documentElement.getAttribute('data-forced-color-mode')`)) as string | null;
          if (!forced) await setMode(page, mode);
          assert.deepEqual(await axeViolations(page), [], `axe on ${brand.id} / in ${forced ?? mode} mode`);
        }
      } finally {
        await page.close();
      }
    });
  }
});

describe('colour-mode choice in the footer', () => {
  const radio = (name: string) => `::-p-aria([name=${JSON.stringify(name)}][role="radio"])`;

  test('choosing Dark persists across a reload, with the first paint already dark', async () => {
    const context = await browser.browser.createBrowserContext();
    const page = await browser.newPage(context);
    try {
      await page.setViewport({ width: 375, height: 667 });
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
      const ac = brandById('ac')!;
      await page.goto(server.origin('ac') + '/', { waitUntil: 'load' });
      await runtimeStarted(page);
      assert.equal(await page.evaluate(`document.documentElement.getAttribute('data-color-mode')`), 'light');
      assert.equal(await page.evaluate(`document.querySelector('input[name="color-mode"]:checked')?.value`), 'system');

      await page.locator(radio('Dark')).click();
      assert.equal(await page.evaluate(`document.documentElement.getAttribute('data-color-mode')`), 'dark');
      assert.equal(await page.evaluate(`localStorage.getItem('cobrand-color-mode')`), 'dark');

      // First frame after the reload: record the mode and the body's background at the first
      // animation frame, before anything is painted.
      await page.evaluateOnNewDocument(`requestAnimationFrame(() => { window.__firstFrame = { mode: document.documentElement.getAttribute('data-color-mode'), background: document.body ? getComputedStyle(document.body).backgroundColor : getComputedStyle(document.documentElement).colorScheme }; })`);
      await page.reload({ waitUntil: 'load' });
      await runtimeStarted(page);
      const firstFrame = (await page.evaluate('window.__firstFrame')) as { mode: string; background: string };
      assert.equal(firstFrame.mode, 'dark');
      assert.ok(firstFrame.background === rgb(ac.theme!.dark.background) || firstFrame.background === 'dark', `first frame painted ${firstFrame.background}`);
      assert.equal(await page.evaluate(`document.querySelector('input[name="color-mode"]:checked')?.value`), 'dark', 'the choice shows Dark after the reload');

      // Without the client bundle at all, only the server HTML and the pre-paint script: still dark.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.setBlockedURLs', { urls: ['*/assets/*.js'] });
      await page.reload({ waitUntil: 'load' });
      const prePaint = (await page.evaluate(`({ bundle: ${RUNTIME_STARTED}, mode: document.documentElement.getAttribute('data-color-mode'), background: getComputedStyle(document.body).backgroundColor })`)) as { bundle: boolean; mode: string; background: string };
      assert.deepEqual(prePaint, { bundle: false, mode: 'dark', background: rgb(ac.theme!.dark.background) });
      await cdp.send('Network.setBlockedURLs', { urls: [] });
    } finally {
      await page.close();
      await context.close();
    }
  });

  test('a page that forces a mode is shown in it whatever the device prefers, before first paint', async () => {
    // The control center forces light mode (routes.ts); it has no colour control of its own.
    // The disabled control and its note on a forced page are held by test/unit/color-mode-control.test.ts.
    const page = await browser.newPage();
    try {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
      await page.goto(server.origin('ccc') + '/sign-in', { waitUntil: 'domcontentloaded' });
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), 'light');
    } finally {
      await page.close();
    }
  });

  test('the options are 44 px targets, labelled in the page language', async () => {
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 320, height: 640 });
      await page.goto(server.origin('ac') + '/get-yours-otc-es', { waitUntil: 'load' });
      await runtimeStarted(page);
      const options = (await page.evaluate(`[...document.querySelectorAll('.color-mode-option')].map((label) => ({ text: label.textContent, height: label.getBoundingClientRect().height, right: label.getBoundingClientRect().right }))`)) as Array<{ text: string; height: number; right: number }>;
      assert.deepEqual(options.map((option) => option.text), ['Claro', 'Oscuro', 'Igual que mi dispositivo']);
      for (const option of options) {
        assert.ok(option.height >= MIN_TARGET, `${option.text}: ${option.height} px`);
        assert.ok(option.right <= 320, `${option.text} fits the screen`);
      }
      assert.equal(await page.evaluate(`document.querySelector('.color-mode-legend').textContent`), 'Modo de color');
    } finally {
      await page.close();
    }
  });
});
