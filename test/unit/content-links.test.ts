/**
 * Every link a page shows resolves on the brand showing it: calls to action, the home page's
 * offers and the legal texts' section links, for every brand listed on every route. A path must
 * match a route listed for that brand (the same matcher the server uses); a tel: link must dial.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import type { Brand } from '../../brands/types.ts';
import { ROUTES } from '../../routes.ts';
import { copyForBrand, ctaHref, fillBrandFacts, linksForBrand, reviewHeadline } from '../../src/core/content/brand-view.ts';
import { withStateName } from '../../src/core/content/state-name.ts';
import { US_STATE_NAMES } from '../../src/core/content/us-states.ts';
import type { PageConfig } from '../../src/core/pages/types.ts';
import { renderedPage } from '../../src/core/payload/rendered-page.ts';
import { createMatcher } from '../../src/core/router/match.ts';

const matcher = createMatcher(ROUTES);
const brandById = (id: string): Brand => BRANDS.find((brand) => brand.id === id)!;

function assertResolves(brand: Brand, href: string, where: string): void {
  if (href.startsWith('tel:')) {
    assert.match(href, /^tel:\+1\d{10}$/, `${where}: ${href}`);
    return;
  }
  assert.ok(matcher.match(brand.id, href), `${where}: ${href} is not served on ${brand.id}`);
}

describe('every link on every brand resolves', () => {
  for (const route of ROUTES) {
    test(`${route.name} (${route.path}) on ${route.brands.join(', ')}`, () => {
      for (const id of route.brands) {
        const brand = brandById(id);
        const page = copyForBrand(route.page, brand);
        const cta = ctaHref(page, brand);
        if (cta) assertResolves(brand, cta, 'call to action');
        for (const link of linksForBrand(route.page, brand)) assertResolves(brand, link.href, `link '${link.label}'`);
        if (page.template === 'legal') {
          const base = route.path.replace('/{step?}', '');
          for (const section of page.sections ?? []) {
            const match = matcher.match(id, `${base}/${section.id}`);
            assert.equal(match?.route.name, route.name, `section link ${base}/${section.id}`);
            assert.equal(match?.params.step, section.id);
          }
        }
      }
    });
  }
});

describe('home page', () => {
  const home = ROUTES.find((route) => route.path === '/' && route.page.template === 'home')!;
  test('every offer link has a brand list and every brand list an offer link', () => {
    const hrefs = (home.page.links ?? []).map((link) => link.href);
    assert.deepEqual(Object.keys(home.page.linkBrands ?? {}).sort(), [...hrefs].sort());
  });
  for (const id of home.brands) {
    test(`${id}: lists offers it serves, its own product first, with copy for its product`, () => {
      const brand = brandById(id);
      const links = linksForBrand(home.page, brand);
      // A brand selling one product with one funnel (bh: /go-4-health) lists that one offer.
      assert.ok(links.length >= 1, `${id} home lists ${links.length} offers`);
      const firstOther = links.findIndex((link) => link.product !== brand.defaultProduct);
      const lastOwn = links.map((link) => link.product).lastIndexOf(brand.defaultProduct);
      if (firstOther >= 0 && lastOwn >= 0) assert.ok(lastOwn < firstOther, 'own product first');
      const page = copyForBrand(home.page, brand);
      assert.ok(page.headline && page.body && page.body.length >= 3);
      assert.ok(page.cta && (page.destination || page.ctaCall));
      if (brand.defaultProduct === 'auto') assert.ok(links.every((link) => link.product === 'auto'), 'auto brands see auto offers only');
    });
  }
});

const FIXTURE_BRAND: Brand = {
  id: 'ac', url: 'https://www.example-coverage.com', name: 'Example Coverage', gtmId: 'GTM-TEST', domains: ['ac.localhost'],
  logo: { src: '/l.svg', alt: 'logo', width: 1, height: 1 }, icon: { src: '/i.svg', alt: 'icon', width: 1, height: 1 }, favicon: { src: '/f.svg', alt: 'favicon', width: 1, height: 1 },
  owner: 'Example Coverage LLC', address: '1 Main St, Phoenix, AZ 85001', state: 'AZ', npn: null, defaultProduct: 'auto', isAgency: false, phone: '8005550199',
};

describe('brand-view functions', () => {
  const fills: Array<[string, string]> = [
    ['{brandName} by {owner}', 'Example Coverage by Example Coverage LLC'],
    ['Write to {address}', 'Write to 1 Main St, Phoenix, AZ 85001'],
    ['Call {phone}', 'Call (800) 555-0199'],
    // The state's name is the payload loader's to fill (state-name.ts): browsers never load the list of states.
    ['Laws of the State of {stateName}', 'Laws of the State of {stateName}'],
    ['Visit {website}, email {privacyEmail}', 'Visit example-coverage.com, email privacy@example-coverage.com'],
    ['Unknown {token} stays', 'Unknown {token} stays'],
  ];
  for (const [text, expected] of fills) {
    test(`fillBrandFacts: ${text}`, () => assert.equal(fillBrandFacts(text, FIXTURE_BRAND), expected));
  }

  const page: PageConfig = {
    template: 'home',
    headline: 'Medicare headline',
    destination: '/go-4-benefits',
    links: [
      { href: '/m', label: 'M', product: 'medicare' },
      { href: '/a', label: 'A', product: 'auto' },
      { href: '/unlisted', label: 'U', product: 'auto' },
      { href: '/m2', label: 'M2', product: 'medicare' },
    ],
    linkBrands: { '/m': ['ac'], '/a': ['ac'], '/m2': ['ac', 'tqg'] },
    byProduct: { auto: { headline: 'Auto headline', ctaCall: true } },
  };
  const links: Array<[id: Brand['id'], product: Brand['defaultProduct'], expected: string[]]> = [
    ['ac', 'auto', ['/a', '/m', '/m2']],
    ['ac', 'medicare', ['/m', '/m2', '/a']],
    ['tqg', 'auto', ['/m2']],
    ['ps', 'auto', []],
  ];
  for (const [id, product, expected] of links) {
    test(`linksForBrand: ${id} (${product}) sees ${expected.join(', ') || 'nothing'}; unlisted paths never`, () => {
      assert.deepEqual(linksForBrand(page, { id, defaultProduct: product }).map((link) => link.href), expected);
    });
  }
  test('copyForBrand swaps in the product copy; ctaHref follows it to the phone', () => {
    const auto = copyForBrand(page, { defaultProduct: 'auto' });
    assert.equal(auto.headline, 'Auto headline');
    assert.equal(ctaHref(auto, FIXTURE_BRAND), 'tel:+18005550199');
    const medicare = copyForBrand(page, { defaultProduct: 'medicare' });
    assert.equal(medicare.headline, 'Medicare headline');
    assert.equal(ctaHref(medicare, FIXTURE_BRAND), '/go-4-benefits');
  });
  const slugs: Array<[string, string]> = [
    ['mutual-of-omaha', 'Mutual Of Omaha Medicare plans review'],
    ['scan', 'Scan Medicare plans review'],
    ['blue-cross-blue-shield', 'Blue Cross Blue Shield Medicare plans review'],
  ];
  for (const [slug, expected] of slugs) {
    test(`reviewHeadline('${slug}')`, () => assert.equal(reviewHeadline(slug), expected));
  }
});

describe('the state of incorporation in legal copy', () => {
  const section = { id: 'law', heading: 'Law of {stateName}', paragraphs: ['The State of {stateName}.'], items: ['{stateName} courts'] };
  const cases: Array<[string, string, string[]]> = [
    ['a state', 'AZ', ['Law of Arizona', 'The State of Arizona.', 'Arizona courts']],
    ['the District of Columbia', 'DC', ['Law of the District of Columbia', 'The State of the District of Columbia.', 'the District of Columbia courts']],
    ['an unknown code stays as it is', 'ZZ', ['Law of ZZ', 'The State of ZZ.', 'ZZ courts']],
  ];
  for (const [name, state, expected] of cases) {
    test(`withStateName: ${name}`, () => {
      const [filled] = withStateName({ template: 'legal', sections: [section] }, state).sections ?? [];
      assert.deepEqual([filled?.heading, ...(filled?.paragraphs ?? []), ...(filled?.items ?? [])], expected);
    });
  }

  test("every brand's terms of service name its state, filled by the payload loader", () => {
    const tos = ROUTES.find((candidate) => candidate.name === 'tos');
    assert.ok(tos);
    for (const brand of BRANDS) {
      const text = JSON.stringify(renderedPage(tos.page, brand).sections);
      assert.ok(!text.includes('{stateName}'), brand.id);
      assert.ok(text.includes(`State of ${US_STATE_NAMES[brand.state] ?? 'unknown'}`), `${brand.id}: ${brand.state}`);
    }
  });
});
