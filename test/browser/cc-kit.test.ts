/**
 * The control center's UI kit where spec §9 needs layout (Chromium): the splitter of the branch
 * overview (kit SplitPanels) answers the pointer 15 px wide for a finger (touch emulation) and at
 * least 5 px for a mouse, and the branch switcher's open list (kit Select) keeps 10 px from the viewport's edge.
 * The kit's timings are proven in happy-dom on a fake clock (test/unit/cc-kit-delays.alone.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PANEL_RESIZE_HIT_AREA_PX, SELECT_VIEWPORT_MARGIN_PX } from '../../src/core/control-center/ui-constants.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { addStaff, type StaffAccount } from '../support/staff.ts';

/** An account of this file's own: the shared server's store also holds other files' accounts. */
const ACCOUNT: StaffAccount = { email: 'kit-timing@example.com', name: 'Kit Tester', password: 'kit tester long password' };

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  await addStaff(server.app, ACCOUNT);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.release();
});

/** A page signed in through the real /sign-in form, on ac's overview, with `pointer` emulated before any script runs. */
async function overview(pointerKind: 'coarse' | 'fine'): Promise<TestPage> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  // Headless Chromium has no pointing device, `(pointer: none)`, which the panel library treats as
  // a fine pointer; touch emulation makes it `(pointer: coarse)` (Puppeteer's emulateMediaFeatures
  // refuses `pointer`, and CDP's emulated media ignores it). The library reads the media query once
  // per page load, so it is set before navigating.
  if (pointerKind === 'coarse') await (await page.createCDPSession()).send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await page.goto(`${server.origin('ccc')}/branches/ac/overview`, { waitUntil: 'networkidle0' });
  if (new URL(page.url()).pathname === '/sign-in') {
    await page.type('#sign-in-email', ACCOUNT.email);
    await page.type('#sign-in-password', ACCOUNT.password);
    await page.click('form.cc-sign-in button[type="submit"]');
    await page.waitForFunction(() => location.pathname === '/branches/ac/overview');
  }
  await page.waitForSelector('.cc-splitter[role="separator"]');
  // The overview's data arrives after hydration and may move the splitter (a scroll bar appears):
  // measure once the screen has loaded.
  await page.waitForNetworkIdle();
  await page.waitForFunction(() => !document.body.textContent?.includes('Loading'));
  assert.equal(await page.evaluate(`matchMedia('(pointer: coarse)').matches`), pointerKind === 'coarse', `(pointer: coarse) for a ${pointerKind} pointer`);
  return page;
}

/**
 * The splitter's centre line, rendered width, and a height on it inside the viewport: the middle
 * of its visible part (the splitter is as tall as the overview, which reaches below the first screen,
 * where the mouse cannot go).
 */
async function splitter(page: TestPage): Promise<{ x: number; y: number; width: number }> {
  return page.$eval('.cc-splitter', (element) => {
    const rect = element.getBoundingClientRect();
    const visibleTop = Math.max(rect.top, 0);
    const visibleBottom = Math.min(rect.bottom, innerHeight);
    return { x: rect.left + rect.width / 2, y: (visibleTop + visibleBottom) / 2, width: rect.width };
  });
}

/** Moves the mouse to `x` and waits until the splitter says whether the pointer is over its hit area. */
async function hoverAt(page: TestPage, x: number, y: number, hovered: boolean): Promise<void> {
  await page.mouse.move(x, y);
  await page.waitForFunction((expected) => (document.querySelector('.cc-splitter')?.getAttribute('data-separator') === 'hover') === expected, {}, hovered);
}

describe('the splitter hit area (spec §9: 15 px coarse, 5 px fine)', () => {
  test(`fine pointer: the splitter answers ${PANEL_RESIZE_HIT_AREA_PX.fine} px wide, centred (half a pixel inside each edge yes, half outside no)`, async () => {
    const minimum = PANEL_RESIZE_HIT_AREA_PX.fine;
    const page = await overview('fine');
    const drawn = await splitter(page);
    // The area is the drawn splitter widened to the minimum; narrower drawn is the case to prove.
    assert.ok(drawn.width < minimum, `the drawn splitter (${drawn.width} px) is narrower than ${minimum} px`);
    const half = minimum / 2;
    for (const side of [1, -1]) {
      await hoverAt(page, drawn.x + side * (half + 0.5), drawn.y, false);
      await hoverAt(page, drawn.x + side * (half - 0.5), drawn.y, true);
      await hoverAt(page, drawn.x + side * (half + 0.5), drawn.y, false);
    }
    await page.close();
  });

  // Under touch emulation the mouse no longer hovers the splitter, so a finger proves it: a touch
  // that lands inside the hit area drags the splitter (its value moves), one outside does not.
  test(`coarse pointer: a finger ${PANEL_RESIZE_HIT_AREA_PX.coarse / 2 - 0.5} px from the splitter's centre drags it, ${PANEL_RESIZE_HIT_AREA_PX.coarse / 2 + 0.5} px does not`, async () => {
    const minimum = PANEL_RESIZE_HIT_AREA_PX.coarse;
    const page = await overview('coarse');
    const half = minimum / 2;
    assert.ok((await splitter(page)).width < minimum, 'the drawn splitter is narrower than the coarse hit area');
    for (const side of [1, -1]) {
      for (const [offset, drags] of [[half + 0.5, false], [half - 0.5, true]] as const) {
        const drawn = await splitter(page);
        const before = await valueNow(page);
        await page.touchscreen.touchStart(drawn.x + side * offset, drawn.y);
        await page.touchscreen.touchMove(drawn.x + side * offset - side * 60, drawn.y);
        await page.touchscreen.touchEnd();
        // Settled: the splitter is no longer being dragged, whatever happened.
        await page.waitForFunction(() => document.querySelector('.cc-splitter')?.getAttribute('data-separator') !== 'active');
        const after = await valueNow(page);
        assert.equal(after !== before, drags, `${side > 0 ? 'right' : 'left'} of centre by ${offset} px: ${before} -> ${after}`);
      }
    }
    await page.close();
  });
});

/** The splitter's current position, as it tells assistive technology (percent of the group). */
function valueNow(page: TestPage): Promise<string | null> {
  return page.$eval('.cc-splitter', (element) => element.getAttribute('aria-valuenow'));
}

describe('the select list keeps 10 px from the viewport edge (spec §9)', () => {
  test('the branch switcher\'s open list may grow only to 10 px above the viewport\'s bottom', async () => {
    const page = await overview('fine');
    await page.click('.cc-select-trigger');
    await page.waitForSelector('.cc-select-content');
    await page.waitForFunction(() => document.querySelector('.cc-select-content')?.closest<HTMLElement>('[data-radix-popper-content-wrapper]')?.style.getPropertyValue('--radix-popper-available-height'));
    const measured = await page.$eval('.cc-select-content', (content) => {
      const wrapper = content.closest<HTMLElement>('[data-radix-popper-content-wrapper]')!;
      return {
        available: parseFloat(wrapper.style.getPropertyValue('--radix-popper-available-height')),
        listTop: content.getBoundingClientRect().top,
        listBottom: content.getBoundingClientRect().bottom,
        viewportBottom: document.documentElement.clientHeight,
      };
    });
    // Room from the list's top to the viewport's bottom, less the margin.
    assert.ok(Math.abs(measured.available - (measured.viewportBottom - SELECT_VIEWPORT_MARGIN_PX - measured.listTop)) < 1, JSON.stringify(measured));
    assert.ok(measured.listBottom <= measured.viewportBottom - SELECT_VIEWPORT_MARGIN_PX + 0.5, JSON.stringify(measured));
    await page.close();
  });
});
