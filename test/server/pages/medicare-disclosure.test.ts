/**
 * Disclosures where the visitor decides, as the server sends them: every step of every
 * Medicare funnel (questions and end screens, the call screens among them) and every Medicare page
 * (the call pages among them) of every brand that serves one carries, in its small print and in
 * the page's language, the CMS TPMO statement with that brand's counts of organizations and
 * products; every step of the auto, life and health funnels carries its own product's small print.
 * That the block is readable in a browser: test/browser/medicare-disclosure.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRANDS } from '../../../brands/index.ts';
import type { Brand } from '../../../brands/types.ts';
import { ROUTES } from '../../../routes.ts';
import { fillBrandFacts } from '../../../src/core/content/brand-view.ts';
import { PRODUCT_DISCLAIMERS, tpmoStatement } from '../../../src/core/content/disclaimers.ts';
import { TPMO_REPRESENTATION } from '../../../src/core/content/tpmo.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';
import { siteScreens, smallPrintText, type SiteScreen } from '../../fixtures/site-screens.ts';
import { injectableApp } from '../../support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** The product a screen is about: its funnel's, else its page's. */
function productOf(screen: SiteScreen): string | undefined {
  return (screen.route.page.form ? funnelById(screen.route.page.form)?.product : undefined) ?? screen.route.page.product;
}

/** The small print of `path` on `brand`'s site, as text. */
async function smallPrint(brand: Brand, path: string): Promise<string> {
  const response = await app.inject({ url: path, headers: { host: `${brand.id}.localhost` } });
  assert.equal(response.statusCode, 200, path);
  return smallPrintText(response.body);
}

const medicareBrands = BRANDS.filter((brand) => ROUTES.some((route) => route.brands.includes(brand.id) && route.page.product === 'medicare'));

describe('the TPMO statement on every Medicare step and page', () => {
  test('every brand serving a Medicare page has its counts (src/core/content/tpmo.ts)', () => {
    assert.ok(medicareBrands.length >= 9);
    for (const brand of medicareBrands) {
      const counts = TPMO_REPRESENTATION[brand.id];
      assert.ok(counts && counts.organizations >= 1 && counts.products >= counts.organizations, brand.id);
    }
  });

  for (const brand of medicareBrands) {
    test(`${brand.id}: every Medicare funnel step, end screens included, and every Medicare page`, async () => {
      const screens = siteScreens(brand.id).filter((screen) => productOf(screen) === 'medicare');
      const missing: string[] = [];
      for (const screen of screens) {
        if (!(await smallPrint(brand, screen.path)).includes(tpmoStatement(brand, screen.language))) missing.push(screen.path);
      }
      assert.deepEqual(missing, []);
      assert.ok(screens.some((screen) => screen.step?.kind === 'call'), 'call screens were among them');
      assert.ok(screens.some((screen) => !screen.step), 'pages were among them');
    });
  }
});

describe('auto, life and health funnel steps show their own product small print', () => {
  const routes = ROUTES.filter((route) => route.page.form && funnelById(route.page.form)!.product !== 'medicare');
  for (const product of ['auto', 'life', 'health'] as const) {
    test(`${product}: every step of every route, for every brand that serves it`, async () => {
      const missing: string[] = [];
      let steps = 0;
      for (const brand of BRANDS) {
        for (const screen of siteScreens(brand.id).filter((candidate) => candidate.step && routes.includes(candidate.route) && productOf(candidate) === product)) {
          steps++;
          const text = await smallPrint(brand, screen.path);
          const expected = PRODUCT_DISCLAIMERS[product][screen.language].map((disclaimer) => fillBrandFacts(disclaimer, brand));
          if (!expected.every((disclaimer) => text.includes(disclaimer))) missing.push(`${brand.id} ${screen.path}`);
          if (/every plan available in your area/.test(text)) missing.push(`${brand.id} ${screen.path}: a Medicare statement`);
        }
      }
      assert.deepEqual(missing, []);
      assert.ok(steps >= 5, `${steps} steps`);
    });
  }
});
