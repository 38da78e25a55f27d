/**
 * `href(name, params)` from the route table (DESIGN.md "One route table"): params typed from the
 * pattern (checked by `tsc`, the `@ts-expect-error` lines below fail the type check if a wrong
 * call were accepted), and at run time an unknown name or a missing required param throws.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { href, ROUTES, type RouteName } from '../../routes.ts';
import { createHref } from '../../src/core/router/href.ts';
import { buildPath, type PathParams } from '../../src/core/router/pattern.ts';

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

// Route names are typed from the table, including the computed ones.
export const NAMES: RouteName[] = ['index', 'quiz-otc', 'get-yours-otc-es', 'dental-allowance-24-es-call', 'reviews-aetna', 'reviews-slug', 'cc-index', 'cc-page', 'tos'];

describe('href', () => {
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
  ];
  for (const [actual, expected] of cases) test(expected, () => assert.equal(actual, expected));

  test('every route of the table has an href, equal to its pattern built', () => {
    const sample = { branch: 'main', page: 'home', image: 'hero', article: 'a1', lead: 'l1', experiment: 'x', run: 'r1', slug: 's', step: 'zip' };
    for (const route of ROUTES) {
      assert.equal(href(route.name as 'cc-page', sample), buildPath(route.path, sample as never), route.name);
    }
  });

  test('an unknown name throws', () => {
    // @ts-expect-error: not a route name
    assert.throws(() => href('no-such-route'), /no route named 'no-such-route'/);
  });

  test('a missing required param throws', () => {
    // @ts-expect-error: cc-page needs branch and page
    assert.throws(() => href('cc-page', { branch: 'main' }), /missing param 'page'/);
    // @ts-expect-error: reviews-slug needs its slug
    assert.throws(() => href('reviews-slug'), /missing param 'slug'/);
  });

  test('the types refuse unknown params', () => {
    // @ts-expect-error: quiz-otc has no param 'slug'
    assert.equal(href('quiz-otc', { slug: 'x' }), '/quiz/otc');
  });

  test('createHref works over any table', () => {
    const table = [
      { name: 'a', path: '/a/{id}' },
      { name: 'b', path: '/b/{rest*}' },
    ] as const;
    const local = createHref<(typeof table)[number]>(table);
    assert.equal(local('a', { id: '1' }), '/a/1');
    assert.equal(local('b', { rest: 'x/y' }), '/b/x/y');
  });
});
