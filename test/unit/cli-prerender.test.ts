/**
 * The two pure parts of `cobrand prerender`: which addresses a brand's routes are written at
 * (prerender-paths.ts), and the check a payload passes before it is written (prerender-check.ts),
 * each problem naming brand, route and path.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { payloadProblems } from '../../cli/prerender-check.ts';
import { prerenderTargets } from '../../cli/prerender-paths.ts';
import { ROUTES, type RouteDefinition } from '../../routes.ts';
import { funnelById } from '../../src/core/funnels/index.ts';

/** The shipped route named `name`. */
function shipped(name: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.name === name);
  assert.ok(route, name);
  return route;
}

describe('prerenderTargets: the addresses of a brand’s routes', () => {
  const otcSteps = funnelById(shipped('quiz-otc').page.form ?? '')?.steps.map((step) => step.name) ?? [];
  assert.ok(otcSteps.length > 1, 'the OTC quiz has steps');

  const cases: { what: string; routes: string[]; slugs: string[]; paths: string[]; skipped: string[] }[] = [
    { what: 'a page without parameters: its path', routes: ['index', 'carriers'], slugs: [], paths: ['/', '/carriers'], skipped: [] },
    { what: 'a funnel: its bare address, then every step', routes: ['quiz-otc'], slugs: [], paths: ['/quiz/otc', ...otcSteps.map((step) => `/quiz/otc/${step}`)], skipped: [] },
    { what: 'a {step?} route without a funnel: its bare address only', routes: ['tos'], slugs: [], paths: ['/tos'], skipped: [] },
    { what: 'an article route: one address per published article', routes: ['articles-slug'], slugs: ['plain-words', 'part-b'], paths: ['/articles/plain-words', '/articles/part-b'], skipped: [] },
    { what: "ac's review catch-all: its published articles", routes: ['reviews-slug'], slugs: ['mutual-of-omaha'], paths: ['/reviews/mutual-of-omaha'], skipped: [] },
    { what: 'an article route without articles: skipped', routes: ['articles-slug'], slugs: [], paths: [], skipped: ['articles-slug: /articles/{slug}: no published article'] },
    { what: 'a required open-ended parameter: skipped', routes: ['cc-branch'], slugs: [], paths: [], skipped: ['cc-branch: /branches/{branch}: its parameters take any value'] },
  ];
  for (const { what, routes, slugs, paths, skipped } of cases) {
    test(what, () => {
      const result = prerenderTargets(routes.map(shipped), slugs);
      assert.deepEqual(result.targets.map((target) => target.path), paths);
      assert.deepEqual(result.skipped.map((entry) => `${entry.route}: ${entry.reason}`), skipped);
    });
  }

  test('a path whose route rule redirects is skipped (routes.ts ROUTE_RULES sends /otc to /otc-allowance)', () => {
    const atRedirect: RouteDefinition = { ...shipped('otc-allowance'), name: 'old-otc', path: '/otc' };
    const result = prerenderTargets([atRedirect, shipped('otc-allowance')], []);
    assert.deepEqual(result.targets, [{ route: 'otc-allowance', path: '/otc-allowance' }]);
    assert.deepEqual(result.skipped, [{ route: 'old-otc', reason: '/otc: its route rule redirects' }]);
  });
});

describe('payloadProblems: the check before a payload is written', () => {
  const page = { kind: 'page', status: 200, buildId: 'b1', path: '/quiz/otc' };
  const where = { brand: 'ac', route: 'quiz-otc', path: '/quiz/otc' };

  test('a page answered 200 at its own path passes', () => {
    assert.deepEqual(payloadProblems({ ...where, body: JSON.stringify(page) }), []);
  });

  const refused: { what: string; body: string; problem: RegExp }[] = [
    { what: 'bytes that are not JSON', body: '{"kind":', problem: /^ac quiz-otc \/quiz\/otc: the payload is not JSON: / },
    { what: 'no build id (the payload schema)', body: JSON.stringify({ ...page, buildId: undefined }), problem: /^ac quiz-otc \/quiz\/otc: not a page payload$/ },
    { what: 'a status that is not a number (the payload schema)', body: JSON.stringify({ ...page, status: '200' }), problem: /^ac quiz-otc \/quiz\/otc: not a page payload$/ },
    { what: 'an unknown kind (the payload schema)', body: JSON.stringify({ ...page, kind: 'teapot' }), problem: /^ac quiz-otc \/quiz\/otc: not a page payload$/ },
    { what: 'an error page', body: JSON.stringify({ ...page, kind: 'error', status: 404 }), problem: /^ac quiz-otc \/quiz\/otc: the server answers error 404, not a page$/ },
    { what: "a route rule's redirect answer", body: JSON.stringify({ kind: 'redirect', redirect: '/otc-allowance' }), problem: /^ac quiz-otc \/quiz\/otc: not a page payload$/ },
    { what: 'the payload of another path', body: JSON.stringify({ ...page, path: '/quiz/otc/zip' }), problem: /^ac quiz-otc \/quiz\/otc: the payload is of \/quiz\/otc\/zip$/ },
  ];
  for (const { what, body, problem } of refused) {
    test(`refuses ${what}`, () => {
      const problems = payloadProblems({ ...where, body });
      assert.equal(problems.length > 0, true);
      for (const line of problems) assert.match(line, problem);
    });
  }
});
