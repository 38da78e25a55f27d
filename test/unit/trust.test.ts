/**
 * Trust signals, as data and words: every site brand names carriers for every product
 * its pages are about; the names are the ones the site's other content uses (the ac reviews, the
 * auto funnel's company list); only a brand serving the review pages links to them; the licence
 * line is an agency's alone; clock times in the hours sentence never break; the review strip
 * quotes the brand's own reviews word for word, and only a brand with reviews has one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import type { Brand, Product } from '../../brands/types.ts';
import { ROUTES } from '../../routes.ts';
import { REVIEW_THEMES } from '../../src/core/content/copy/reviews.ts';
import { REVIEWED_CARRIERS } from '../../src/core/content/themes.ts';
import { reviewQuotes, withReviewQuotes } from '../../src/core/content/review-quotes.ts';
import { trustFacts, trustStripProduct } from '../../src/core/content/trust.ts';
import { funnelById } from '../../src/core/funnels/index.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { CARRIERS } from '../../src/core/leads/carriers.ts';
import type { Language } from '../../src/core/pages/types.ts';
import { keepTimesWhole } from '../../src/ui/trust/keep-times-whole.ts';

const SITE_BRANDS = BRANDS.filter((brand) => ROUTES.some((route) => route.path === '/' && route.page.template === 'home' && route.brands.includes(brand.id)));
const names = (brand: Brand, product: Product): string[] => (brand.carriers?.[product] ?? []).map((carrier) => carrier.name);

/** The products a brand's home and funnel pages are about: its own, and each funnel route's. */
function productsOnPages(brand: Brand): Set<Product> {
  const products = new Set<Product>([brand.defaultProduct]);
  for (const route of ROUTES) if (route.page.form && route.page.product && route.brands.includes(brand.id)) products.add(route.page.product);
  return products;
}

describe('carriers beside each brand', () => {
  test('13 site brands, each naming carriers for every product its pages are about', () => {
    assert.equal(SITE_BRANDS.length, 13);
    for (const brand of SITE_BRANDS) {
      for (const product of productsOnPages(brand)) assert.ok(names(brand, product).length >= 3, `${brand.id} names carriers for ${product}`);
    }
  });

  test('Medicare carriers are the reviewed carriers, named as their reviews name them', () => {
    const reviewed = REVIEWED_CARRIERS.map((slug) => REVIEW_THEMES[`review-${slug}`].copy.english.title.replace(/ Medicare review$/, '')).sort();
    for (const brand of SITE_BRANDS.filter((candidate) => candidate.carriers?.medicare)) assert.deepEqual(names(brand, 'medicare').sort(), reviewed, brand.id);
  });

  test('auto insurers are companies of the auto funnel’s current-company list', () => {
    for (const brand of SITE_BRANDS.filter((candidate) => candidate.carriers?.auto)) {
      for (const name of names(brand, 'auto')) assert.ok((CARRIERS as readonly string[]).includes(name), `${brand.id}: ${name}`);
    }
  });

  test('a carrier links to a review only on a brand that serves that review page, and every such page is linked', () => {
    for (const brand of SITE_BRANDS) {
      const linked = Object.values(brand.carriers ?? {}).flatMap((carriers) => carriers.filter((carrier) => carrier.review).map((carrier) => carrier.review));
      const served = ROUTES.filter((route) => route.path.startsWith('/reviews/') && !route.path.includes('{') && route.brands.includes(brand.id)).map((route) => route.path);
      assert.deepEqual(linked.sort(), served.sort(), brand.id);
    }
    assert.ok(SITE_BRANDS.some((brand) => Object.values(brand.carriers ?? {}).some((carriers) => carriers.some((carrier) => carrier.review))), 'some brand links its reviews');
  });

  test('the review note names sections every carrier review has', () => {
    for (const slug of REVIEWED_CARRIERS) {
      const sections = REVIEW_THEMES[`review-${slug}`].copy.english.sections!.map((section) => section.id);
      for (const id of ['plan-types', 'extras', 'star-ratings', 'pros', 'cons']) assert.ok(sections.includes(id), `${slug} review has ${id}`);
    }
  });
});

describe('trustFacts', () => {
  const agency = { isAgency: true, npn: '19843276', carriers: { medicare: [{ name: 'Aetna', review: '/reviews/aetna' }], auto: [{ name: 'GEICO' }] } };
  const publisher = { isAgency: false, npn: null, carriers: { medicare: [{ name: 'Aetna' }] } };
  const cases: Array<{ name: string; brand: Pick<Brand, 'carriers' | 'isAgency' | 'npn'>; product: Product; language: Language; expected: ReturnType<typeof trustFacts> }> = [
    {
      name: 'an agency, reviewed carriers, English',
      brand: agency,
      product: 'medicare',
      language: 'english',
      expected: {
        heading: 'Compare carriers like',
        carriers: agency.carriers.medicare,
        reviewLinkSuffix: ': our review',
        reviewsNote: 'Read our review of each: plan types, extras, star ratings, pros and cons.',
        agencyLine: 'Licensed insurance agency, NPN 19843276',
      },
    },
    {
      name: 'an agency, reviewed carriers, Spanish',
      brand: agency,
      product: 'medicare',
      language: 'spanish',
      expected: {
        heading: 'Compare aseguradoras como',
        carriers: agency.carriers.medicare,
        reviewLinkSuffix: ': nuestra reseña, en inglés',
        reviewsNote: 'Lea nuestra reseña de cada una, en inglés: planes, beneficios, calificaciones, ventajas y desventajas.',
        agencyLine: 'Agencia de seguros autorizada, NPN 19843276',
      },
    },
    {
      name: 'an agency, insurers without reviews',
      brand: agency,
      product: 'auto',
      language: 'english',
      expected: { heading: 'Compare insurers like', carriers: agency.carriers.auto, agencyLine: 'Licensed insurance agency, NPN 19843276' },
    },
    { name: 'an agency, a product it names no carrier for', brand: agency, product: 'life', language: 'english', expected: { heading: 'Compare insurers like', carriers: [], agencyLine: 'Licensed insurance agency, NPN 19843276' } },
    { name: 'a non-agency brand: no licence line', brand: publisher, product: 'medicare', language: 'english', expected: { heading: 'Compare carriers like', carriers: publisher.carriers.medicare } },
    { name: 'a non-agency brand in Spanish', brand: publisher, product: 'medicare', language: 'spanish', expected: { heading: 'Compare aseguradoras como', carriers: publisher.carriers.medicare } },
    { name: 'an agency flag without a licence number claims none', brand: { ...agency, npn: null }, product: 'auto', language: 'english', expected: { heading: 'Compare insurers like', carriers: agency.carriers.auto } },
  ];
  for (const c of cases) {
    test(c.name, () => assert.deepEqual(trustFacts(c.brand, c.product, c.language), c.expected));
  }
});

describe('keepTimesWhole', () => {
  const cases = [
    ['Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3:30 pm.', 'Monday to Friday, 5\u00a0am to 5\u00a0pm, and Saturday, 6\u00a0am to 3:30\u00a0pm.'],
    ['de lunes a viernes, de 5 a. m. a 5 p. m.', 'de lunes a viernes, de 5\u00a0a.\u00a0m. a 5\u00a0p.\u00a0m.'],
    ['Call 2 amigos at 10 am', 'Call 2 amigos at 10\u00a0am'],
    ['No times here.', 'No times here.'],
  ] as const;
  for (const [input, expected] of cases) {
    test(JSON.stringify(input), () => assert.equal(keepTimesWhole(input), expected));
  }
});

describe('the review strip', () => {
  /** A review's section items, by section id. */
  const items = (slug: string, id: string): string[] =>
    REVIEW_THEMES[`review-${slug}` as keyof typeof REVIEW_THEMES].copy.english.sections!.find((section) => section.id === id)!.items!;

  test("ac's Medicare pages quote each reviewed carrier's first pro and first con, word for word, in the strip's order", () => {
    const ac = BRANDS.find((brand) => brand.id === 'ac')!;
    const quotes = reviewQuotes(ac, 'medicare');
    assert.deepEqual(quotes.map((quote) => quote.carrier), names(ac, 'medicare'));
    for (const quote of quotes) {
      const slug = quote.review.replace('/reviews/', '');
      assert.equal(quote.pro, items(slug, 'pros')[0], `${quote.carrier} pro`);
      assert.equal(quote.con, items(slug, 'cons')[0], `${quote.carrier} con`);
    }
    assert.equal(quotes[0]!.pro, 'Wide choice of PPO plans with some coverage outside the network');
  });

  test('a brand with no reviews of its own, or a product its reviews are not about, has no strip', () => {
    for (const brand of SITE_BRANDS) {
      const reviewed = Object.values(brand.carriers ?? {}).some((carriers) => carriers.some((carrier) => carrier.review));
      for (const product of productsOnPages(brand)) {
        const quoted = reviewQuotes(brand, product).length > 0;
        assert.equal(quoted, reviewed && product === 'medicare', `${brand.id} ${product}`);
      }
    }
    assert.deepEqual(reviewQuotes({ carriers: { medicare: [{ name: 'Aetna', review: '/reviews/not-a-review' }] } }, 'medicare'), [], 'a link to no known review quotes nothing');
  });

  test('the payload carries the quotes of the trust strip’s product: home and funnel pages only', () => {
    const ac = BRANDS.find((brand) => brand.id === 'ac')!;
    const payload = (template: string, form?: string, product?: Product) =>
      ({ kind: 'page', brand: ac, page: { template, ...(product ? { product } : {}) }, ...(form ? { funnel: funnelById(form) } : {}) }) as unknown as PagePayload;
    const cases: Array<[string, PagePayload, Product | undefined, number]> = [
      ['home', payload('home'), 'medicare', 5],
      ['a Medicare funnel', payload('funnel', 'medicare'), 'medicare', 5],
      ['a life funnel', payload('funnel', 'life', 'life'), 'life', 0],
      ['a content page', payload('content'), undefined, 0],
    ];
    for (const [name, page, product, count] of cases) {
      assert.equal(trustStripProduct(page), product, name);
      assert.equal(withReviewQuotes(page).reviews?.length ?? 0, count, name);
    }
  });
});
