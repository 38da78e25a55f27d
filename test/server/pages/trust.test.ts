/**
 * The trust strip as the server renders it, for every site brand: its home page
 * and its first funnel route name the carriers of the page's product, say when calls are answered
 * in the working-hours sentence, and carry the licence line exactly when the brand is an agency;
 * on a funnel page the strip comes after the step form. Also Spanish, and the review links ac's
 * strip holds lead to its reviews; the review strip that follows ac's strip quotes those reviews.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Window as HappyWindow } from 'happy-dom';
import { BRANDS } from '../../../brands/index.ts';
import type { Brand, Product } from '../../../brands/types.ts';
import { ROUTES } from '../../../routes.ts';
import { reviewQuotes } from '../../../src/core/content/review-quotes.ts';
import type { LeadLanguage } from '../../../src/core/leads/localized.ts';
import { agentHoursSentence } from '../../../src/ui/funnel/agent-hours.ts';
import { injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

const happy = new HappyWindow({ url: 'http://ac.localhost/' });
after(() => happy.happyDOM.close());

async function page(brand: string, url: string): Promise<Document> {
  const response = await app.inject({ url, headers: { host: `${brand}.localhost` } });
  assert.equal(response.statusCode, 200, `${brand} ${url}`);
  return new happy.DOMParser().parseFromString(response.body, 'text/html') as unknown as Document;
}

/** Text as a reader gets it: no-break spaces (kept inside clock times) read as spaces. */
const text = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\u00a0/g, ' ').trim();

/** What a page's trust strip says. */
function strip(document: Document) {
  const section = document.querySelector('[data-block-id="trust"]');
  assert.ok(section, 'the page has a trust strip');
  return {
    section,
    heading: text(section.querySelector('h2')),
    // A linked name carries a visually hidden suffix for screen readers; the name is its first text.
    carriers: [...section.querySelectorAll('.trust-carrier')].map((carrier) => (carrier.firstChild?.textContent ?? '').trim()),
    links: [...section.querySelectorAll('a.trust-carrier')].map((link) => link.getAttribute('href')),
    hours: text(section.querySelector('[data-trust="hours"]')),
    agency: section.querySelector('[data-trust="agency"]') ? text(section.querySelector('[data-trust="agency"]')) : undefined,
    all: text(section),
  };
}

const SITE_BRANDS = BRANDS.filter((brand) => ROUTES.some((route) => route.page.template === 'home' && route.brands.includes(brand.id)));

/** The brand's first funnel route (routes.ts order), at its first step, and the product it is about. */
function firstFunnel(brand: Brand): { path: string; product: Product } {
  const route = ROUTES.find((candidate) => candidate.page.form && candidate.language !== 'spanish' && candidate.brands.includes(brand.id));
  assert.ok(route?.page.product, `${brand.id} runs a funnel`);
  return { path: route.path.replace(/\/\{step\?\}$/, ''), product: route.page.product };
}

/** What every strip of `brand` must say on a page about `product` in `language`. */
function assertStrip(found: ReturnType<typeof strip>, brand: Brand, product: Product, language: LeadLanguage, where: string) {
  assert.deepEqual(found.carriers, (brand.carriers?.[product] ?? []).map((carrier) => carrier.name), `${where}: the ${product} carriers`);
  assert.ok(found.carriers.length >= 3, `${where}: names carriers`);
  assert.equal(found.hours, agentHoursSentence(language, brand), `${where}: the hours sentence`);
  if (brand.isAgency) {
    assert.equal(found.agency, language === 'es' ? `Agencia de seguros autorizada, NPN ${brand.npn}` : `Licensed insurance agency, NPN ${brand.npn}`, `${where}: the licence line`);
  } else {
    assert.equal(found.agency, undefined, `${where}: no licence line`);
    assert.doesNotMatch(found.all, /licensed (insurance )?agents?\b|NPN|agentes? (de seguros )?autorizados?/i, `${where}: claims no licensed agents`);
  }
}

describe('the trust strip of every site brand', () => {
  test('13 site brands', () => assert.equal(SITE_BRANDS.length, 13));

  for (const brand of SITE_BRANDS) {
    test(`${brand.id}: home page, right after the main call to action`, async () => {
      const document = await page(brand.id, '/');
      const found = strip(document);
      assertStrip(found, brand, brand.defaultProduct, 'en', `${brand.id} /`);
      assert.equal(found.section.closest('[data-block-id="hero"]') !== null, true, 'in the hero');
      const cta = document.querySelector('[data-block-id="hero"] .cta-button');
      assert.ok(cta, 'the hero has its call to action');
      assert.ok(cta.compareDocumentPosition(found.section) & happy.Node.DOCUMENT_POSITION_FOLLOWING, 'after the call to action');
    });

    const funnel = firstFunnel(brand);
    test(`${brand.id}: funnel ${funnel.path}, below the step form`, async () => {
      const document = await page(brand.id, funnel.path);
      const found = strip(document);
      assertStrip(found, brand, funnel.product, 'en', `${brand.id} ${funnel.path}`);
      const form = document.querySelector('.funnel-form');
      assert.ok(form, 'the first step is a form');
      assert.ok(form.compareDocumentPosition(found.section) & happy.Node.DOCUMENT_POSITION_FOLLOWING, 'after the form');
      assert.equal(form.contains(found.section), false, 'not inside the form');
    });
  }

  test('a brand cross-selling life names life insurers on its life funnel', async () => {
    const ac = BRANDS.find((brand) => brand.id === 'ac')!;
    assertStrip(strip(await page('ac', '/go-4-life')), ac, 'life', 'en', 'ac /go-4-life');
  });

  test('Spanish funnel pages: Spanish words, the same carriers, the Spanish hours sentence', async () => {
    for (const brandId of ['ac', 'emily']) {
      const brand = BRANDS.find((candidate) => candidate.id === brandId)!;
      const found = strip(await page(brandId, '/get-yours-otc-es'));
      assert.equal(found.heading, 'Compare aseguradoras como');
      assertStrip(found, brand, 'medicare', 'es', `${brandId} /get-yours-otc-es`);
    }
  });
});

describe('review links', () => {
  test("ac's carriers link to its reviews, and each review is that carrier's", async () => {
    const found = strip(await page('ac', '/'));
    assert.deepEqual(found.links, ['/reviews/aetna', '/reviews/cigna', '/reviews/humana', '/reviews/unitedhealthcare', '/reviews/wellcare']);
    for (const [index, href] of found.links.entries()) {
      const review = await page('ac', href);
      assert.equal(text(review.querySelector('h1')), `${found.carriers[index]} Medicare Advantage review`, href);
    }
  });

  test('brands without review pages name their carriers as plain text', async () => {
    assert.deepEqual(strip(await page('emily', '/')).links, []);
  });
});

describe('the review strip', () => {
  /** The review strip's heading and, per carrier, its name and quoted lines (label, quote, the quote's lang and cite). */
  function reviewStrip(document: Document) {
    const section = document.querySelector('[data-block-id="reviews"]');
    if (!section) return undefined;
    return {
      section,
      heading: text(section.querySelector('h2')),
      carriers: [...section.querySelectorAll('li')].map((item) => ({
        name: text(item.querySelector('.review-carrier')),
        lines: [...item.querySelectorAll('.review-line')].map((line) => ({
          label: text(line.querySelector('.review-label')),
          quote: text(line.querySelector('q')),
          lang: line.querySelector('q')?.getAttribute('lang') ?? null,
          cite: line.querySelector('q')?.getAttribute('cite') ?? null,
        })),
      })),
    };
  }

  const ac = BRANDS.find((brand) => brand.id === 'ac')!;
  const expected = (language: 'english' | 'spanish') =>
    reviewQuotes(ac, 'medicare').map((quote) => ({
      name: quote.carrier,
      lines: [
        { label: language === 'english' ? 'Pro:' : 'A favor:', quote: quote.pro, lang: language === 'english' ? null : 'en', cite: quote.review },
        { label: language === 'english' ? 'Con:' : 'En contra:', quote: quote.con, lang: language === 'english' ? null : 'en', cite: quote.review },
      ],
    }));

  const cases = [
    { name: 'ac home page', path: '/', language: 'english', heading: 'From our carrier reviews' },
    { name: 'ac Medicare funnel', path: '/quiz/otc', language: 'english', heading: 'From our carrier reviews' },
    { name: 'ac Medicare funnel in Spanish', path: '/get-yours-otc-es', language: 'spanish', heading: 'De nuestras reseñas de aseguradoras (en inglés)' },
  ] as const;
  for (const c of cases) {
    test(`${c.name}: right after the trust strip, quoting each review's first pro and con`, async () => {
      const document = await page('ac', c.path);
      const found = reviewStrip(document);
      assert.ok(found, 'the page has a review strip');
      assert.equal(found.heading, c.heading);
      assert.deepEqual(found.carriers, expected(c.language));
      assert.equal(found.section.previousElementSibling?.getAttribute('data-block-id'), 'trust', 'it follows the trust strip');
      assert.doesNotMatch(text(found.section), /★|\b[1-5](\.\d)? (out of 5|stars?)\b/i, 'no star rating made up');
    });
  }

  test('no strip where the brand has no review of its own to quote: publishers, and ac on its life funnel', async () => {
    for (const [brand, path] of [['emily', '/'], ['tqg', '/'], ['wc', '/go-4-life'], ['ac', '/go-4-life'], ['emily', '/quiz/otc']] as const) {
      assert.equal(reviewStrip(await page(brand, path)), undefined, `${brand} ${path}`);
    }
  });

  test("a client navigation's payload carries the same quotes", async () => {
    const response = await app.inject({ url: '/quiz/otc/_payload.json', headers: { host: 'ac.localhost' } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().reviews, reviewQuotes(ac, 'medicare'));
  });
});
