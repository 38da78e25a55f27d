/**
 * The Medicare TPMO statement as a visitor on a 375×667 phone meets it, on a funnel's
 * question step and on a call screen, in light and dark mode: in the page's small print, below the
 * step, with the brand's counts; shown (not hidden, not covered by the sticky header once scrolled
 * to), at 16 px or more, its text at AA contrast against what it sits on; axe finds nothing. On
 * every Medicare step and page of every brand, as server HTML: test/server/pages/medicare-disclosure.test.ts.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { brandById } from '../../brands/index.ts';
import { tpmoStatement } from '../../src/core/content/disclaimers.ts';
import { launchBrowser, type TestBrowser, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 375, height: 667 };

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

/** WCAG relative luminance of an `rgb(…)`/`rgba(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The paragraph of the small print holding `statement`, scrolled into view, as the visitor sees it. */
async function statementAsShown(page: Page, statement: string) {
  return page.$$eval(
    '.small-print p',
    (paragraphs, expected) => {
      const paragraph = paragraphs.find((candidate) => candidate.textContent === expected);
      if (!paragraph) return null;
      paragraph.scrollIntoView({ block: 'center' });
      const rect = paragraph.getBoundingClientRect();
      const style = getComputedStyle(paragraph);
      // What the text sits on: the nearest ancestor with a background colour.
      let surface: Element | null = paragraph;
      while (surface && getComputedStyle(surface).backgroundColor === 'rgba(0, 0, 0, 0)') surface = surface.parentElement;
      const atCenter = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return {
        visible: paragraph.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        inView: rect.top >= 0 && rect.bottom <= innerHeight && rect.width > 0,
        uncovered: atCenter === paragraph || paragraph.contains(atCenter),
        underHeading: paragraph.closest('aside')?.querySelector('h2')?.textContent ?? null,
        fontSize: parseFloat(style.fontSize),
        color: style.color,
        background: surface ? getComputedStyle(surface).backgroundColor : 'rgb(255, 255, 255)',
      };
    },
    statement,
  );
}

async function assertAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => Boolean((window as TestWindow).axe)))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => (await (window as TestWindow).axe!.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`));
  assert.deepEqual(violations, [], `axe on ${where}`);
}

describe('the Medicare TPMO statement, readable', () => {
  const screens: Array<[string, string, string, 'english' | 'spanish']> = [
    ['a question step (emily, ZIP code)', 'emily', '/quiz/otc', 'english'],
    ['a call screen (emily)', 'emily', '/additional-social-security-call-now/call', 'english'],
    ['a Spanish call screen (ac)', 'ac', '/dental-allowance-24-es/call/call', 'spanish'],
  ];
  for (const [label, id, path, language] of screens) {
    for (const dark of [false, true]) {
      test(`${label}, ${dark ? 'dark' : 'light'} mode`, async () => {
        const brand = brandById(id)!;
        const page = await browser.newVisitor();
        await page.setViewport(PHONE);
        if (dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
        await page.goto(`${server.origin(id)}${path}`, { waitUntil: 'load' });
        await runtimeStarted(page);

        const statement = tpmoStatement(brand, language);
        const shown = await statementAsShown(page, statement);
        assert.ok(shown, `the statement with ${brand.id}'s counts is in the small print: ${statement}`);
        assert.ok(shown.visible && shown.inView && shown.uncovered, JSON.stringify(shown));
        assert.equal(shown.underHeading, language === 'english' ? 'Important information' : 'Información importante');
        assert.ok(shown.fontSize >= 16, `${shown.fontSize} px`);
        const ratio = contrast(shown.color, shown.background);
        assert.ok(ratio >= 4.5, `contrast ${ratio.toFixed(2)} (${shown.color} on ${shown.background})`);
        await assertAccessible(page, `${path} on ${id}, ${dark ? 'dark' : 'light'}`);
        await page.close();
      });
    }
  }
});
