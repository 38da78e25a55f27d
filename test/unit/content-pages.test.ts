/**
 * Every route's page copy is complete, in the route's language, with its product's small print
 * and an illustration that exists. Runs over the real route table, so a new route or theme is
 * checked the moment it is added.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { ROUTES } from '../../routes.ts';
import { BRANDS } from '../../brands/index.ts';
import { benefitLabel } from '../../src/core/content/benefits.ts';
import { copyForBrand, fillBrandFacts } from '../../src/core/content/brand-view.ts';
import { THEME_CONTENT } from '../../src/core/content/catalog.ts';
import { pageConfig } from '../../src/core/content/index.ts';
import { IMAGE_SIZE } from '../../src/core/content/images.ts';
import { THEMES } from '../../src/core/content/themes.ts';
import type { PageConfig } from '../../src/core/pages/types.ts';

const STATIC_ROOT = fileURLToPath(new URL('../../static/', import.meta.url));

/** Every string a visitor reads on the page (the home page's product variants included). */
function visibleText(page: PageConfig): string[] {
  const variants = Object.values(page.byProduct ?? {});
  return [
    page.title, page.description, page.headline, page.subheadline, page.cta, page.image?.alt,
    ...(page.body ?? []), ...(page.disclaimers ?? []),
    ...(page.sections ?? []).flatMap((section) => [section.heading, ...section.paragraphs, ...(section.items ?? [])]),
    ...(page.links ?? []).flatMap((link) => [link.label, link.description]),
    ...variants.flatMap((variant) => [variant.headline, variant.subheadline, variant.cta, variant.image?.alt, ...(variant.body ?? []), ...(variant.disclaimers ?? [])]),
  ].filter((text): text is string => typeof text === 'string');
}

const MEDICARE_NOTICE = { english: 'Not affiliated with or endorsed by the U.S. government or the federal Medicare program', spanish: 'No está afiliado ni respaldado por el gobierno de los EE. UU. ni por el programa federal de Medicare' };

describe('every route has complete page copy', () => {
  for (const route of ROUTES) {
    test(`${route.name} (${route.path})`, () => {
      const { page } = route;
      const language = route.language ?? 'english';
      assert.ok(page.title && page.title.length <= 40, `short title: ${page.title}`);
      assert.ok(page.description && page.description.length >= 70 && page.description.length <= 170, `meta description of ~150 characters (${page.description?.length})`);
      // The head shows title and description as they are: brand tokens would leak as '{brandName}'.
      assert.doesNotMatch(`${page.title} ${page.description}`, /\{\w+\}/);
      assert.ok(page.headline, 'headline');
      assert.ok(page.subheadline, 'subheadline');
      assert.ok(page.body && page.body.length >= 3 && page.body.length <= 6, `3-6 body paragraphs, got ${page.body?.length}`);
      for (const paragraph of page.body) assert.ok(paragraph.length >= 40, `a real paragraph: ${paragraph}`);

      assert.ok(page.image, 'image');
      assert.match(page.image.src, /^\/static\/images\/[a-z-]+\.svg$/);
      assert.ok(existsSync(STATIC_ROOT + page.image.src.slice('/static/'.length)), `${page.image.src} exists`);
      assert.equal(page.image.width, IMAGE_SIZE.width);
      assert.equal(page.image.height, IMAGE_SIZE.height);
      assert.ok(page.image.alt.length >= 20, 'meaningful alt text');

      if (page.template === 'landing' || page.template === 'home' || page.template === 'review') {
        assert.ok(page.cta, 'call-to-action text');
        assert.ok(page.destination || page.ctaCall, 'a destination or the phone');
      }
      if (page.product === 'medicare') {
        assert.ok(page.disclaimers?.some((text) => text.startsWith(MEDICARE_NOTICE[language])), 'Medicare non-affiliation notice');
        // The TPMO statement names the brand's own counts, so the page carries its token (filled per brand, disclaimers.ts).
        assert.ok(page.disclaimers?.includes(language === 'english' ? '{tpmo}' : '{tpmoEs}'), 'TPMO statement');
      }
      if (page.product) assert.ok(page.benefits?.length && page.planTypes?.length, 'benefits and plan types');
    });
  }
});

// Words that never appear in Spanish copy, and short words almost every Spanish sentence has.
const ENGLISH_WORDS = /\b(the|and|your|you|with|for|are|is|this|that|of|to|or|can|may|will|plans)\b/i;
const SPANISH_WORDS = /\b(de|del|al|el|la|los|las|su|sus|mi|mis|que|para|por|sin|y|en|es|se|usted|un|una|con)\b/i;

describe('Spanish routes are fully Spanish', () => {
  const spanishRoutes = ROUTES.filter((route) => route.language === 'spanish');
  test('the Spanish routes exist (the -es funnels and /chat-ad-es)', () => {
    assert.ok(spanishRoutes.some((route) => route.path === '/chat-ad-es'));
    assert.ok(spanishRoutes.length >= 10);
  });
  for (const route of spanishRoutes) {
    test(`${route.name} (${route.path})`, () => {
      const texts = [...visibleText(route.page), ...(route.page.benefits ?? []).map((id) => benefitLabel(id, 'spanish'))];
      for (const text of texts) {
        assert.doesNotMatch(text, ENGLISH_WORDS, `English word in: ${text}`);
        if (text.split(' ').length >= 5) assert.match(text, SPANISH_WORDS, `not Spanish: ${text}`);
      }
      assert.ok(route.page.body!.join(' ').includes('usted') || route.page.body!.join(' ').includes(' su '), 'formal usted register');
    });
  }
  test('English copy reads as English (the detector is not vacuous)', () => {
    const english = pageConfig({ theme: 'chat', template: 'landing', language: 'english' });
    assert.match(english.body!.join(' '), ENGLISH_WORDS);
  });
});

describe('themes', () => {
  test('every theme has English copy and the route table uses every theme but the catch-alls it does not need', () => {
    for (const theme of THEMES) assert.ok(THEME_CONTENT[theme].copy.english.title, theme);
  });
  test('a language a theme lacks fails when the route table loads, with a clear message', () => {
    assert.throws(() => pageConfig({ theme: 'home', template: 'home', language: 'spanish' }), /content theme 'home' has no spanish copy/);
  });
  test('route overrides win over theme copy', () => {
    const page = pageConfig({ theme: 'benefits', template: 'landing', language: 'english', overrides: { destination: '/ac-v1' } });
    assert.equal(page.destination, '/ac-v1');
  });
  test('funnel pages keep their form', () => {
    assert.equal(pageConfig({ theme: 'otc', template: 'funnel', language: 'english', form: 'medicare' }).form, 'medicare');
  });
  test('each review page reviews its own carrier', () => {
    for (const carrier of ['aetna', 'cigna', 'humana', 'wellcare', 'unitedhealthcare']) {
      const route = ROUTES.find((r) => r.path === `/reviews/${carrier}`)!;
      assert.match(route.page.title!.toLowerCase(), new RegExp(carrier));
      const ids = route.page.sections!.map((section) => section.id);
      assert.deepEqual(ids, ['plan-types', 'extras', 'star-ratings', 'pros', 'cons', 'who-it-suits']);
      const pros = route.page.sections!.find((section) => section.id === 'pros')!;
      const cons = route.page.sections!.find((section) => section.id === 'cons')!;
      assert.ok(pros.items!.length >= 3 && cons.items!.length >= 3, 'balanced pros and cons');
    }
  });
  test('the catch-all review keeps a generic title', () => {
    assert.equal(ROUTES.find((r) => r.name === 'reviews-slug')!.page.title, 'Medicare carrier reviews');
  });
});

describe('brand facts in copy', () => {
  const siteRoutes = ROUTES.filter((route) => !route.brands.includes('ccc'));
  test('every token in every page resolves for every brand that serves it', () => {
    for (const route of siteRoutes) {
      for (const id of route.brands) {
        const brand = BRANDS.find((b) => b.id === id)!;
        for (const text of visibleText(copyForBrand(route.page, brand))) {
          assert.doesNotMatch(fillBrandFacts(text, brand), /\{\w+\}/, `${route.name} on ${id}: ${text}`);
        }
      }
    }
  });
});

describe('legal texts', () => {
  for (const path of ['/tos/{step?}', '/privacy/{step?}']) {
    test(`${path}: sections with unique, link-safe ids, naming the brand's owner and address`, () => {
      const page = ROUTES.find((route) => route.path === path)!.page;
      const ids = page.sections!.map((section) => section.id);
      assert.ok(ids.length >= 10);
      assert.equal(new Set(ids).size, ids.length, 'unique ids');
      for (const id of ids) assert.match(id, /^[a-z]+(?:-[a-z]+)*$/);
      const text = visibleText(page).join(' ');
      for (const token of ['{owner}', '{address}', '{phone}']) assert.ok(text.includes(token), token);
    });
  }
  test('the terms carry the TCPA consent and how to withdraw it; the privacy policy the state rights and cookies', () => {
    const tos = ROUTES.find((route) => route.path === '/tos/{step?}')!.page;
    const privacy = ROUTES.find((route) => route.path === '/privacy/{step?}')!.page;
    const consent = tos.sections!.find((section) => section.id === 'consent')!.paragraphs.join(' ');
    assert.match(consent, /prior express written consent/);
    assert.match(consent, /not a condition of buying/);
    assert.ok(tos.sections!.some((section) => section.id === 'withdraw-consent'));
    for (const id of ['sharing', 'cookies', 'california', 'state-rights', 'contact']) assert.ok(privacy.sections!.some((section) => section.id === id), id);
  });
});

describe('illustrations', () => {
  test('every SVG is a 640 x 360 image with a title', () => {
    const images = new Set(ROUTES.map((route) => route.page.image!.src));
    for (const src of images) {
      const svg = readFileSync(STATIC_ROOT + src.slice('/static/'.length), 'utf8');
      assert.match(svg, /<svg [^>]*width="640" height="360" viewBox="0 0 640 360"/);
      assert.match(svg, /<title id="title">[^<]{10,}<\/title>/);
    }
  });
});
