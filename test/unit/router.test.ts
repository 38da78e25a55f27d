import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROUTE_RULES, ROUTES } from '../../routes.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT } from '../../src/core/router/audit.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import { buildPath, compilePattern } from '../../src/core/router/pattern.ts';
import { comparePatterns, tieKey } from '../../src/core/router/priority.ts';
import { redirectStatus, routeRuleFor, ruleRedirect } from '../../src/core/router/rules.ts';

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
});

describe('route priority (comparePatterns)', () => {
  // [first, second, expected order]: '<' tried first, '>' tried second, '=' a tie (table order decides).
  const cases: [string, string, '<' | '>' | '='][] = [
    ['/reviews/aetna', '/reviews/{slug*}', '<'], // static before catch-all
    ['/x/{id}', '/x/{slug*}', '<'], // param before catch-all
    ['/x/{id}', '/x/{step?}', '<'], // param before optional
    ['/x/{step?}', '/x/{rest*}', '<'], // optional before catch-all
    ['/x/y', '/x/{id}', '<'], // static before param
    ['/quiz/otc/{step?}', '/quiz/{kind}/zip', '<'], // the leftmost difference decides
    ['/{a}/b', '/a/{b}', '>'],
    ['/branches/{branch}/pages', '/branches/{branch}', '<'], // longer before shorter
    ['/branches/{branch}/pages/{page}', '/branches/{branch}/pages', '<'],
    ['/x/{step?}', '/x', '='], // an optional tail ties with the pattern it extends
    ['/x', '/x/{rest*}', '<'], // a catch-all tail after the shorter pattern (they never share a path)
    ['/x/{id}', '/x/{slug}', '='], // only kinds count, never names
    ['/a', '/b', '='], // nor static values: such patterns never share a path
    ['/', '/{step?}', '='],
  ];
  for (const [a, b, expected] of cases) {
    test(`${a} ${expected} ${b}`, () => {
      const sign = Math.sign(comparePatterns(compilePattern(a), compilePattern(b)));
      assert.equal(sign, { '<': -1, '>': 1, '=': 0 }[expected]);
      assert.equal(Math.sign(comparePatterns(compilePattern(b), compilePattern(a))), -sign || 0, 'antisymmetric');
    });
  }

  test('the matcher follows it whatever the table order; ties keep table order', () => {
    const table = [
      { name: 'catch-all', path: '/x/{rest*}', brands: ['ac'] },
      { name: 'optional', path: '/x/{step?}', brands: ['ac'] },
      { name: 'param', path: '/x/{id}', brands: ['ac'] },
      { name: 'static', path: '/x/y', brands: ['ac'] },
      { name: 'bare', path: '/x', brands: ['ac'] },
    ];
    const forward = createMatcher(table);
    const backward = createMatcher([...table].reverse());
    for (const matcher of [forward, backward]) {
      assert.equal(matcher.match('ac', '/x/y')?.route.name, 'static');
      assert.equal(matcher.match('ac', '/x/z')?.route.name, 'param');
      assert.equal(matcher.match('ac', '/x/z/w')?.route.name, 'catch-all');
    }
    // '/x' and '/x/{step?}' tie on '/x': the table order decides (and the audit reports the pair).
    assert.equal(forward.match('ac', '/x')?.route.name, 'optional');
    assert.equal(backward.match('ac', '/x')?.route.name, 'bare');
  });

  test('tie keys: shared exactly by patterns that tie and can match one path', () => {
    const key = (pattern: string) => tieKey(compilePattern(pattern));
    assert.equal(key('/x/{id}'), key('/x/{slug}'));
    assert.equal(key('/x'), key('/x/{step?}'));
    assert.notEqual(key('/x/{id}'), key('/x/{step?}'), 'param beats optional: no tie');
    assert.notEqual(key('/x/{id}'), key('/y/{id}'), 'no common path');
    assert.notEqual(key('/x/:'), key('/x/{id}'), 'a static segment named like a param marker is still static');
  });
});

describe('the shipped route table', () => {
  test('passes the audit: no two routes of one brand overlap with equal priority', () => {
    assert.deepEqual(auditRoutes(ROUTES, SHIPPED_AUDIT_CONTEXT), []);
  });

  test('a route that ties with an earlier one of the same brand is reported', () => {
    const table = [...ROUTES, { ...ROUTES.find((route) => route.name === 'tos')!, name: 'tos-copy', path: '/tos/{page}', brands: ['ac' as const] }];
    const withOverlap = [...table, { ...ROUTES.find((route) => route.name === 'tos')!, name: 'terms', path: '/tos', brands: ['ac' as const] }];
    assert.deepEqual(auditRoutes(table, SHIPPED_AUDIT_CONTEXT), [], "'/tos/{page}' outranks '/tos/{step?}': no tie");
    assert.deepEqual(
      auditRoutes(withOverlap, SHIPPED_AUDIT_CONTEXT).map((problem) => problem.route + ': ' + problem.message),
      [`terms: path '/tos' matches the same paths as route 'tos' ('/tos/{step?}') for brands ac`],
    );
  });
});

describe('route rules', () => {
  const rules = { '/otc': { redirect: '/otc-allowance' }, '/away': { redirect: 'https://example.org/' }, '/loop': { redirect: '/loop' }, '/bad': { redirect: 'javascript:alert(1)' }, '/quiz/otc': { appMiddleware: false } };
  const from = (path: string) => new URL(path, 'http://ac.localhost');

  test('a path finds its rule with or without a trailing slash, and nothing else does', () => {
    assert.deepEqual(routeRuleFor(rules, '/otc'), { redirect: '/otc-allowance' });
    assert.deepEqual(routeRuleFor(rules, '/otc/'), { redirect: '/otc-allowance' });
    assert.equal(routeRuleFor(rules, '/otc-allowance'), undefined);
    assert.equal(routeRuleFor(rules, '/toString'), undefined, 'own entries only');
  });

  const redirects: [string, string | undefined, string | undefined][] = [
    ['/otc', 'internal', 'http://ac.localhost/otc-allowance'],
    ['/otc?gclid=abc&utm_campaign=x', 'internal', 'http://ac.localhost/otc-allowance?gclid=abc&utm_campaign=x'],
    ['/otc#faq', 'internal', 'http://ac.localhost/otc-allowance#faq'],
    ['/away?gclid=abc', 'external', 'https://example.org/'],
    ['/loop', undefined, undefined],
    ['/bad', undefined, undefined],
    ['/quiz/otc', undefined, undefined],
  ];
  for (const [path, kind, target] of redirects) {
    test(`${path} -> ${target ?? 'no redirect'}`, () => {
      const redirect = ruleRedirect(routeRuleFor(rules, from(path).pathname), from(path));
      assert.equal(redirect?.kind, kind);
      assert.equal(redirect?.url.href, target);
    });
  }

  test('301 for GET and HEAD, 308 for every other method', () => {
    assert.deepEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map(redirectStatus), [301, 301, 308, 308, 308, 308]);
  });

  test('every shipped redirect rule names a path no route serves, and a target that is a page or another site', () => {
    const matcher = createMatcher(ROUTES);
    for (const [path, rule] of Object.entries(ROUTE_RULES)) {
      if (!rule.redirect) continue;
      const redirect = ruleRedirect(rule, from(path));
      assert.ok(redirect, path);
      assert.ok(ROUTES.every((route) => !createMatcher([route]).match(route.brands[0]!, path)), `${path} is not a route`);
      if (redirect.kind === 'internal') assert.ok(matcher.entries.some(({ route }) => createMatcher([route]).match(route.brands[0]!, redirect.url.pathname)), `${path}: ${redirect.url.pathname} is a route`);
    }
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
