import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMatcher } from '../../src/core/router/match.ts';
import { buildPath, compilePattern } from '../../src/core/router/pattern.ts';

const TABLE = [
  { name: 'home', path: '/', brands: ['ac', 'tqg'] },
  { name: 'otc', path: '/quiz/otc/{step?}', brands: ['ac'] },
  { name: 'auto', path: '/quiz/auto/{step?}', brands: ['tqg'] },
  { name: 'review-aetna', path: '/reviews/aetna', brands: ['ac'] },
  { name: 'review-slug', path: '/reviews/{slug*}', brands: ['ac'] },
  { name: 'branch', path: '/branches/{branch}', brands: ['ccc'] },
  { name: 'branch-page', path: '/branches/{branch}/pages/{page}', brands: ['ccc'] },
  { name: 'cc-home', path: '/', brands: ['ccc'] },
];
const matcher = createMatcher(TABLE);

describe('route matcher', () => {
  const cases: { brand: string; path: string; route?: string; params?: Record<string, string> }[] = [
    { brand: 'ac', path: '/', route: 'home', params: {} },
    { brand: 'ccc', path: '/', route: 'cc-home', params: {} },
    { brand: 'ac', path: '/quiz/otc', route: 'otc', params: {} },
    { brand: 'ac', path: '/quiz/otc/', route: 'otc', params: {} },
    { brand: 'ac', path: '/quiz/otc/zip', route: 'otc', params: { step: 'zip' } },
    { brand: 'ac', path: '/quiz/otc/zip/', route: 'otc', params: { step: 'zip' } },
    { brand: 'ac', path: '/quiz/otc/zip?utm_source=x#top', route: 'otc', params: { step: 'zip' } },
    { brand: 'ac', path: '/quiz/otc/zip/extra' },
    { brand: 'ac', path: '/quiz/auto' },
    { brand: 'tqg', path: '/quiz/auto/drivers', route: 'auto', params: { step: 'drivers' } },
    { brand: 'ac', path: '/reviews/aetna', route: 'review-aetna', params: {} },
    { brand: 'ac', path: '/reviews/mutual-of-omaha', route: 'review-slug', params: { slug: 'mutual-of-omaha' } },
    { brand: 'ac', path: '/reviews/a/b/c', route: 'review-slug', params: { slug: 'a/b/c' } },
    { brand: 'ac', path: '/reviews' },
    { brand: 'ac', path: '/reviews/caf%C3%A9', route: 'review-slug', params: { slug: 'café' } },
    { brand: 'ccc', path: '/branches/main%20line', route: 'branch', params: { branch: 'main line' } },
    { brand: 'ccc', path: '/branches/main/pages/home', route: 'branch-page', params: { branch: 'main', page: 'home' } },
    { brand: 'ccc', path: '/branches/%E0%A4%A' },
    { brand: 'ac', path: '/branches/main' },
    { brand: 'ac', path: '//quiz//otc', route: 'otc', params: {} },
  ];
  for (const c of cases) {
    test(`${c.brand} ${c.path} -> ${c.route ?? 'no match'}`, () => {
      const match = matcher.match(c.brand, c.path);
      assert.equal(match?.route.name, c.route);
      if (c.params) assert.deepEqual(match?.params, c.params);
    });
  }
});

describe('pattern compiler', () => {
  const bad = ['quiz', '/a/{step?}/b', '/a/{slug*}/b', '/a/{bad-name}', '/a//b'];
  for (const pattern of bad) {
    test(`rejects ${pattern}`, () => assert.throws(() => compilePattern(pattern)));
  }
  test('shape erases param names so overlaps can be found', () => {
    assert.equal(compilePattern('/a/{x}').shape, compilePattern('/a/{y}').shape);
    assert.notEqual(compilePattern('/a/{x?}').shape, compilePattern('/a/{x}').shape);
  });
});

describe('buildPath', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['/quiz/otc/{step?}', {}, '/quiz/otc'],
    ['/quiz/otc/{step?}', { step: 'zip' }, '/quiz/otc/zip'],
    ['/reviews/{slug*}', { slug: 'a b/c' }, '/reviews/a%20b/c'],
    ['/branches/{branch}/pages/{page}', { branch: 'main', page: 'home' }, '/branches/main/pages/home'],
  ];
  for (const [pattern, params, expected] of cases) {
    test(`${pattern} ${JSON.stringify(params)}`, () => assert.equal(buildPath(pattern, params as never), expected));
  }
  test('a missing required param throws', () => assert.throws(() => buildPath('/branches/{branch}', {} as never), /branch/));
});
