/**
 * The content templates as visitors get them: each page rendered through the real loader and
 * App (server markup), parsed with happy-dom, for every brand listed on every content route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Window } from 'happy-dom';
import { BRANDS } from '../../brands/index.ts';
import type { Brand } from '../../brands/types.ts';
import { ROUTES } from '../../routes.ts';
import { copyForBrand, ctaHref, fillBrandFacts } from '../../src/core/content/brand-view.ts';
import { CONTROL_CENTER_BRAND } from '../../src/core/control-center/paths.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import { buildPath } from '../../src/core/router/pattern.ts';
import { App } from '../../src/ui/App.tsx';
import { loadEveryPart } from '../../src/ui/lazy-part.tsx';

const matcher = createMatcher(ROUTES);
const window = new Window({ url: 'https://ac.localhost/' });
after(() => window.happyDOM.close());
// As the server does before rendering (render.tsx): templates with a chunk of their own render whole.
before(() => loadEveryPart());

const brandById = (id: string): Brand => BRANDS.find((brand) => brand.id === id)!;

function payloadFor(brandId: string, path: string): PagePayload {
  const payload = loadPayload(matcher, { brand: brandById(brandId), path, query: {}, buildId: 'test-build' });
  assert.equal(payload.kind, 'page', `${brandId} ${path} loads a page`);
  return payload;
}

/** Renders the page as the server does and returns its parsed document. */
function render(brandId: string, path: string) {
  const payload = payloadFor(brandId, path);
  const document = window.document;
  document.body.innerHTML = renderToStaticMarkup(createElement(App, { payload }));
  return { payload, document, main: document.querySelector('main')! };
}

const CONTENT_TEMPLATES = new Set(['home', 'landing', 'review', 'legal', 'playground', 'test']);

describe('every content page renders its copy with one h1 and tracked blocks', () => {
  for (const route of ROUTES.filter((r) => CONTENT_TEMPLATES.has(r.page.template))) {
    test(`${route.name} (${route.path})`, () => {
      const path = buildPath(route.path, { slug: 'mutual-of-omaha' });
      // The control center's pages render in its own chrome, a lazy chunk the server renders whole
      // (test/server/control-center/cc-noindex.test.ts opens every one); this synchronous render covers the brand sites.
      for (const id of route.brands.filter((brand) => brand !== CONTROL_CENTER_BRAND)) {
        const { payload, main } = render(id, path);
        const brand = payload.brand;
        const page = copyForBrand(payload.page, brand);
        const headings = [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => h.tagName);
        assert.equal(headings[0], 'H1', `${id}: the first heading is the h1`);
        assert.equal(headings.filter((h) => h === 'H1').length, 1, `${id}: one h1`);
        assert.ok(headings.every((h) => h === 'H1' || h === 'H2'), `${id}: no skipped heading levels`);
        assert.ok(main.querySelector('[data-block-id="hero"]'), 'hero block');
        for (const paragraph of page.body ?? []) assert.ok(main.textContent.includes(fillBrandFacts(paragraph, brand)), `${id}: body paragraph shown`);
        const image = main.querySelector('img.hero-image');
        if (payload.page.template !== 'legal') {
          assert.equal(image?.getAttribute('src'), page.image!.src);
          assert.equal(image?.getAttribute('alt'), page.image!.alt);
          assert.equal(image?.getAttribute('width'), String(page.image!.width));
        }
        const cta = main.querySelector('[data-block-id="hero-cta"]');
        if (['home', 'landing', 'review'].includes(payload.page.template)) {
          assert.equal(cta?.getAttribute('href'), ctaHref(page, brand), `${id}: hero call to action`);
          assert.match(cta?.className ?? '', /\bbutton\b/);
        }
        if (page.benefits?.length && payload.page.template !== 'legal') {
          assert.equal(main.querySelectorAll('[data-block-id="benefits"] li').length, page.benefits.length);
        }
        assert.doesNotMatch(main.textContent, /\{\w+\}/, `${id}: no unfilled brand tokens`);
      }
    });
  }
});

describe('legal pages', () => {
  test('a step naming a section marks it, links it as current, and still renders the whole text', () => {
    const { payload, main } = render('tqg', '/tos/consent');
    const selected = main.querySelectorAll('.is-selected');
    assert.equal(selected.length, 1);
    assert.equal(selected[0]!.id, 'consent');
    assert.equal(main.querySelector('a[aria-current="location"]')?.getAttribute('href'), '/tos/consent');
    assert.equal(main.querySelectorAll('section.page-section').length, payload.page.sections!.length);
  });
  test('an unknown step shows the whole document with nothing selected', () => {
    const { main } = render('ac', '/privacy/no-such-section');
    assert.equal(main.querySelectorAll('.is-selected').length, 0);
    assert.equal(main.querySelectorAll('[aria-current]').length, 0);
    assert.ok(main.querySelector('#california'));
  });
  test("the brand's owner and address appear in the contact section", () => {
    const { payload, main } = render('ps', '/privacy');
    const contact = main.querySelector('#contact')!.textContent;
    assert.ok(contact.includes(payload.brand.owner) && contact.includes(payload.brand.address));
  });
});

describe('per-brand pages', () => {
  test('the catch-all review names its carrier from the slug', () => {
    const { payload, main } = render('ac', '/reviews/mutual-of-omaha');
    assert.equal(main.querySelector('h1')?.textContent, 'Mutual Of Omaha Medicare plans review');
    assert.equal(payload.page.title, 'Medicare carrier reviews');
  });
  test('an auto brand’s home shows auto copy and only auto offers', () => {
    const { main } = render('tqg', '/');
    assert.match(main.querySelector('h1')!.textContent, /car insurance/i);
    const offers = [...main.querySelectorAll('[data-block-id="offers"] a')].map((a) => a.getAttribute('href'));
    assert.deepEqual(offers, ['/quiz/auto', '/compare-auto']);
  });
  test('the life brand’s home shows life copy leading to its life funnel, and only life offers', () => {
    const { main } = render('wc', '/');
    assert.match(main.querySelector('h1')!.textContent, /family/);
    assert.equal(main.querySelector('[data-block-id="hero-cta"]')?.getAttribute('href'), '/go-4-life');
    const offers = [...main.querySelectorAll('[data-block-id="offers"] a')].map((a) => a.getAttribute('href'));
    assert.deepEqual(offers, ['/go-4-life']);
    assert.doesNotMatch(main.textContent, /Medicare/);
  });
  test('the health brand’s home shows health copy leading to its health funnel, and only health offers', () => {
    const { main } = render('bh', '/');
    assert.match(main.querySelector('h1')!.textContent, /health/i);
    assert.equal(main.querySelector('[data-block-id="hero-cta"]')?.getAttribute('href'), '/go-4-health');
    const offers = [...main.querySelectorAll('[data-block-id="offers"] a')].map((a) => a.getAttribute('href'));
    assert.deepEqual(offers, ['/go-4-health']);
    assert.doesNotMatch(main.textContent, /Medicare/);
  });
  test('Spanish pages use Spanish template labels', () => {
    const { main } = render('ac', '/chat-ad-es');
    assert.ok(main.textContent.includes('Beneficios que pueden estar disponibles'));
    assert.ok(main.textContent.includes('Información importante'));
    assert.ok(!main.textContent.includes('Benefits that may be available'));
  });
  test('the playground renders the type scale, buttons and colour swatches', () => {
    const { main } = render('m10', '/playground');
    assert.equal(main.querySelectorAll('.type-sample').length, 5);
    assert.ok(main.querySelectorAll('[data-block-id="playground-buttons"] .button').length >= 3);
    assert.equal(main.querySelectorAll('.swatch').length, 10);
  });
  test('the test page shows which brand and route rendered', () => {
    const { main } = render('bh', '/test');
    assert.ok(main.textContent.includes('(bh)'));
    assert.ok(main.textContent.includes('test-build'));
  });
});
