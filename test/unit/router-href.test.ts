/**
 * `href(name, params)` from the names-and-patterns table (DESIGN.md "One route table"): params
 * typed from the pattern (checked by `tsc`, the `@ts-expect-error` lines below fail the type check
 * if a wrong call were accepted), params percent-encoded, and at run time an unknown name or a
 * missing required param throws. The table routes.ts serves is built from the same names.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { href as tableHref, ROUTES, type RouteName as TableRouteName } from '../../routes.ts';
import { createHref } from '../../src/core/router/href.ts';
import { buildPath, type PathParams } from '../../src/core/router/pattern.ts';
import { href, ROUTE_PATTERNS, type RouteName } from '../../src/core/router/route-patterns.ts';

/** Compile-time equality: `Expect<Equal<A, B>>` only type-checks when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Params are typed from the pattern string.
export type PatternParams = [
  Expect<Equal<PathParams<'/quiz/otc/{step?}'>, { step?: string }>>,
  Expect<Equal<PathParams<'/reviews/{slug*}'>, { slug: string }>>,
  Expect<Equal<PathParams<'/branches/{branch}/pages/{page}'>, { branch: string; page: string }>>,
  // {} is exactly what a pattern without parameters gives: no keys at all.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the type under test
  Expect<Equal<PathParams<'/tos'>, {}>>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the type under test
  Expect<Equal<PathParams<string>, {}>>,
];

// Route names are typed from the table, including the computed ones; routes.ts names the same ones.
export type SameNames = Expect<Equal<TableRouteName, RouteName>>;
export const NAMES: RouteName[] = ['index', 'quiz-otc', 'get-yours-otc-es', 'dental-allowance-24-es-call', 'reviews-aetna', 'reviews-slug', 'cc-index', 'cc-page', 'tos'];

describe('href', () => {
  // [built, expected]
  const cases: [string, string][] = [
    [href('index'), '/'],
    [href('tos'), '/tos'],
    [href('quiz-otc'), '/quiz/otc'],
    [href('quiz-otc', {}), '/quiz/otc'],
    [href('quiz-otc', { step: 'zip' }), '/quiz/otc/zip'],
    [href('get-yours-otc-es', { step: 'zip' }), '/get-yours-otc-es/zip'],
    [href('dental-allowance-24-es-call', { step: 'call' }), '/dental-allowance-24-es/call/call'],
    [href('reviews-aetna'), '/reviews/aetna'],
    [href('reviews-slug', { slug: 'mutual-of-omaha' }), '/reviews/mutual-of-omaha'],
    [href('cc-page', { branch: 'main', page: 'home' }), '/branches/main/pages/home'],
    [href('cc-branch', { branch: 'spring sale' }), '/branches/spring%20sale'],
    [href('cc-sign-in'), '/sign-in'],
    [href('privacy-choices-es'), '/privacy-choices-es'],
    [href('cc-content-factory-run', { branch: 'ac', run: '12' }), '/branches/ac/content-factory/runs/12'],
    // Params are percent-encoded, so a value can never add a segment, a query or a fragment.
    [href('cc-lead', { branch: 'ac', lead: 'a/b?c#d' }), '/branches/ac/leads/a%2Fb%3Fc%23d'],
    [href('cc-page', { branch: 'ac', page: 'späti & co' }), '/branches/ac/pages/sp%C3%A4ti%20%26%20co'],
    [href('articles-slug', { slug: '../x' }), '/articles/..%2Fx'],
    // A catch-all keeps its slashes and encodes each segment.
    [href('reviews-slug', { slug: 'a b/c?d' }), '/reviews/a%20b/c%3Fd'],
    // An empty optional param drops its segment, as an absent one does.
    [href('tos', { step: '' }), '/tos'],
  ];
  for (const [actual, expected] of cases) test(expected, () => assert.equal(actual, expected));

  test('routes.ts serves exactly the routes of ROUTE_PATTERNS, at their patterns', () => {
    assert.deepEqual(
      ROUTES.map((route) => [route.name, route.path]),
      Object.entries(ROUTE_PATTERNS),
    );
  });

  test('routes.ts re-exports the one href', () => {
    assert.equal(tableHref, href);
  });

  test('every route of the table has an href, equal to its pattern built', () => {
    const sample = { branch: 'main', page: 'home', image: 'hero', article: 'a1', lead: 'l1', experiment: 'x', run: 'r1', slug: 's', step: 'zip' };
    for (const route of ROUTES) {
      assert.equal(href(route.name as 'cc-page', sample), buildPath(route.path, sample as never), route.name);
    }
  });

  test('an unknown name throws', () => {
    // @ts-expect-error: not a route name
    assert.throws(() => href('no-such-route'), /no route named 'no-such-route'/);
    // @ts-expect-error: a property of every object is no route name either
    assert.throws(() => href('toString'), /no route named 'toString'/);
  });

  test('a missing required param throws', () => {
    // @ts-expect-error: cc-page needs branch and page
    assert.throws(() => href('cc-page', { branch: 'main' }), /missing param 'page'/);
    // @ts-expect-error: reviews-slug needs its slug
    assert.throws(() => href('reviews-slug'), /missing param 'slug'/);
    // @ts-expect-error: cc-branch needs its branch
    assert.throws(() => href('cc-branch', {}), /missing param 'branch'/);
    // A required param given as '' is missing too (the types cannot tell).
    assert.throws(() => href('cc-lead', { branch: 'ac', lead: '' }), /missing param 'lead'/);
  });

  test('the types refuse unknown params', () => {
    // @ts-expect-error: quiz-otc has no param 'slug'
    assert.equal(href('quiz-otc', { slug: 'x' }), '/quiz/otc');
  });

  test('createHref works over any table', () => {
    const local = createHref({ a: '/a/{id}', b: '/b/{rest*}' });
    assert.equal(local('a', { id: '1' }), '/a/1');
    assert.equal(local('b', { rest: 'x/y' }), '/b/x/y');
    // @ts-expect-error: not in this table
    assert.throws(() => local('c'), /no route named 'c'/);
  });
});
