/**
 * Every brand sells its own product: which product each route's page is about, and
 * which brands list it, agree with the brands' default products and the route table's explicit
 * cross-sell list. Runs over the real route table, so a reassignment is checked the moment it is made.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import type { Brand, Product } from '../../brands/types.ts';
import { CROSS_SELL, ROUTES } from '../../routes.ts';
import { funnelById } from '../../src/core/funnels/index.ts';

const sells = (brand: Brand, product: Product): boolean => brand.defaultProduct === product || (CROSS_SELL[brand.id]?.includes(product) ?? false);
const brandById = (id: string): Brand => BRANDS.find((brand) => brand.id === id)!;
const pathsOf = (id: string): string[] => ROUTES.filter((route) => route.brands.includes(id as Brand['id'])).map((route) => route.path).sort();

describe('every brand sells its own product', () => {
  for (const route of ROUTES.filter((candidate) => candidate.page.product)) {
    test(`${route.path} (${route.page.product}) is listed only on brands selling ${route.page.product}`, () => {
      for (const id of route.brands) assert.ok(sells(brandById(id), route.page.product!), `${id} (${brandById(id).defaultProduct}) does not sell ${route.page.product}`);
    });
  }

  test("a funnel route's funnel asks about the route's product", () => {
    for (const route of ROUTES.filter((candidate) => candidate.page.form)) {
      assert.equal(funnelById(route.page.form!)?.product, route.page.product, route.path);
    }
  });

  test('every site brand runs at least one funnel of its own product', () => {
    for (const brand of BRANDS.filter((candidate) => candidate.id !== 'ccc')) {
      const own = ROUTES.filter((route) => route.brands.includes(brand.id) && route.page.form && funnelById(route.page.form)?.product === brand.defaultProduct);
      assert.ok(own.length > 0, `${brand.id} runs no ${brand.defaultProduct} funnel`);
    }
  });

  test('wc (life) serves its life funnels, its home page and the neutral pages, nothing else', () => {
    assert.equal(brandById('wc').defaultProduct, 'life');
    assert.deepEqual(pathsOf('wc'), ['/', '/articles/{slug}', '/fe-6993/{step?}', '/go-4-life/{step?}', '/privacy-choices', '/privacy-choices-es', '/privacy/{step?}', '/test', '/tos/{step?}']);
  });

  test('bh (health) serves its health funnel, its home page and the neutral pages, nothing else', () => {
    assert.equal(brandById('bh').defaultProduct, 'health');
    assert.deepEqual(pathsOf('bh'), ['/', '/articles/{slug}', '/go-4-health/{step?}', '/privacy-choices', '/privacy-choices-es', '/privacy/{step?}', '/test', '/tos/{step?}']);
  });

  test('the cross-sellers are the general-coverage Medicare brands, adding products that are not their own', () => {
    assert.deepEqual(Object.keys(CROSS_SELL).sort(), ['ac', 'ayb']);
    for (const [id, products] of Object.entries(CROSS_SELL)) {
      const brand = brandById(id);
      assert.equal(brand.defaultProduct, 'medicare', id);
      assert.ok(!products.includes(brand.defaultProduct), id);
    }
  });

  test("the home page links each brand only to offers of products it sells", () => {
    const home = ROUTES.find((route) => route.path === '/' && route.page.template === 'home')!;
    for (const link of home.page.links ?? []) {
      for (const id of home.page.linkBrands?.[link.href] ?? []) assert.ok(link.product && sells(brandById(id), link.product), `${id} links ${link.href} (${link.product})`);
    }
  });
});
