import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { documentTitle, headFacts } from '../../src/core/pages/head.ts';
import { errorPayload, normaliseStatus, notFoundPayload } from '../../src/core/payload/errors.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';

const brand = brandById('ac')!;

function page(overrides: Partial<PagePayload['page']> = {}, language: 'english' | 'spanish' = 'english'): PagePayload {
  return {
    kind: 'page', status: 200, buildId: 'b', path: '/x', brand,
    route: { name: 'x', pattern: '/x', language, params: {} },
    page: { template: 'landing', title: 'Grocery allowance', description: 'Desc', ...overrides },
  };
}

describe('head building', () => {
  test('title is page title - site name, or the site name alone', () => {
    assert.equal(documentTitle('Grocery allowance', 'American Coverage'), 'Grocery allowance - American Coverage');
    assert.equal(documentTitle(undefined, 'American Coverage'), 'American Coverage');
    assert.equal(documentTitle('', 'American Coverage'), 'American Coverage');
  });
  const cases = [
    { name: 'noindex by default', payload: page(), robots: 'noindex, nofollow', lang: 'en' },
    { name: 'indexable pages', payload: page({ indexable: true }), robots: 'index, follow', lang: 'en' },
    { name: 'spanish route', payload: page({}, 'spanish'), robots: 'noindex, nofollow', lang: 'es' },
    { name: 'error page', payload: notFoundPayload(brand, '/x', 'b'), robots: 'noindex, nofollow', lang: 'en' },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const head = headFacts(c.payload);
      assert.equal(head.robots, c.robots);
      assert.equal(head.lang, c.lang);
      assert.equal(head.favicon.href, brand.favicon.src);
    });
  }
  test('forced colour mode comes from page metadata', () => {
    assert.equal(headFacts(page({ colorMode: 'dark' })).forcedColorMode, 'dark');
    assert.equal(headFacts(page()).forcedColorMode, undefined);
  });
});

describe('error payloads', () => {
  const statuses: [unknown, number][] = [[404, 404], [503, 503], [99, 500], [1000, 500], ['500', 500], [undefined, 500], [404.5, 500]];
  for (const [input, expected] of statuses) {
    test(`status ${String(input)} -> ${expected}`, () => assert.equal(normaliseStatus(input), expected));
  }
  test('not found and generic defaults', () => {
    const missing = notFoundPayload(brand, '/nope', 'b');
    assert.equal(missing.statusMessage, 'Page Not Found');
    assert.equal(missing.description, 'Page not found: /nope');
    const generic = errorPayload(brand, '/x', 'b');
    assert.equal(generic.status, 500);
    assert.equal(generic.statusMessage, 'Internal Server Error');
  });
});
