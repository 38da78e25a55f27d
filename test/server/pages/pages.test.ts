import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { href, ROUTE_RULES, ROUTES } from '../../../routes.ts';
import { buildPath } from '../../../src/core/router/pattern.ts';
import { BOOT_DATA_ID } from '../../../src/ui/boot-data.ts';
import { routesOf } from '../../support/routes.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, signedInCookie } from '../../support/staff.ts';

let app: FastifyInstance;
/** A signed-in staff session: the control center's screens answer only to one; other brands ignore it. */
let staffCookie: string;
before(async () => {
  app = await injectableApp();
  await addStaff(app);
  staffCookie = await signedInCookie(app);
  // The article routes (/reviews/{slug} on ac, /articles/{slug} elsewhere) answer 404 unless the slug has a published article.
  for (const brand of BRAND_IDS.filter((id) => id !== 'ccc')) {
    await app.store.saveContentVersion({ kind: 'article', branch: brand, itemKey: 'mutual-of-omaha', fields: { title: 'Mutual of Omaha', summary: 'A review.', body: 'Text.', author: 'Staff' }, baseVersion: 0, by: 'staff@example.com' });
    await app.store.publishContentVersion('article', brand, 'mutual-of-omaha', 1, 'staff@example.com');
  }
});
after(() => app.close());

/** `app.inject` as a signed-in staff member's browser. */
function inject(options: InjectOptions) {
  return app.inject({ ...options, headers: { cookie: staffCookie, ...options.headers } });
}

/** A concrete path for a route pattern: funnels at their first step, params filled with slugs. */
function samplePath(pattern: string): string {
  return buildPath(pattern, { branch: 'main', page: 'home', image: 'hero', article: 'first-article', lead: 'lead-1', experiment: 'headline-test', run: 'run-1', slug: 'mutual-of-omaha' });
}

function embeddedBoot(html: string): { payload: Record<string, unknown> } {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json"(?: nonce="[^"]*")?>([^<]*)</script>`).exec(html);
  assert.ok(match, 'boot data embedded');
  return JSON.parse(match[1]!);
}

describe('every route on every listed brand', () => {
  for (const route of ROUTES) {
    test(`${route.name} (${route.path}) on ${route.brands.join(', ')}`, async () => {
      const url = samplePath(route.path);
      for (const brand of route.brands) {
        const response = await inject({ url, headers: { host: `${brand}.localhost:3000` } });
        assert.equal(response.statusCode, 200, `${brand} ${url}: ${response.statusCode}`);
        assert.match(response.headers['content-type'] as string, /text\/html/);
        assert.equal(response.body.match(/<title>/g)?.length, 1, 'exactly one <title>');
      }
      const unlisted = BRAND_IDS.filter((brand) => !route.brands.includes(brand));
      for (const brand of unlisted) {
        const response = await inject({ url, headers: { host: `${brand}.localhost` } });
        // Another route of that brand may legitimately own the same path (e.g. '/' on ccc).
        const payload = embeddedBoot(response.body).payload as { kind: string; route?: { name: string } };
        assert.notEqual(payload.route?.name, route.name, `${route.name} must not be served on ${brand}`);
        if (response.statusCode === 404) assert.equal(payload.kind, 'error');
      }
    });
  }
});

describe('errors and special requests', () => {
  const cases = [
    { name: 'unmatched path', host: 'ac.localhost', url: '/no-such-page', status: 404, text: 'Page not found: /no-such-page' },
    { name: 'route validation failure', host: 'ac.localhost', url: '/reviews/Not_A_Slug', status: 404, text: 'Page Not Found: /reviews/Not_A_Slug' },
    { name: 'middleware failure', host: 'ccc.localhost', url: '/branches/BAD_BRANCH', status: 404, text: 'Page Not Found: /branches/BAD_BRANCH' },
    { name: 'control-center root keyed by a bad ?branch=', host: 'ccc.localhost', url: '/?branch=Not%20A%20Slug', status: 404, text: 'Page Not Found: /' },
    { name: 'control center on another brand', host: 'ac.localhost', url: '/branches', status: 404, text: 'Page not found: /branches' },
    { name: 'unknown host', host: 'example.org', url: '/', status: 404, text: 'Unknown site' },
    { name: 'bad percent-encoding, no HTML asked for (bad-url.test.ts has the page)', host: 'ac.localhost', url: '/quiz/otc/%E0%A4%A', status: 400, text: 'its percent-encoding does not decode' },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const response = await inject({ url: c.url, headers: { host: c.host } });
      assert.equal(response.statusCode, c.status);
      assert.ok(response.body.includes(c.text), `body mentions ${c.text}`);
    });
  }

  test('the control-center root is keyed by ?branch=', async () => {
    const response = await inject({ url: '/?branch=spring-sale', headers: { host: 'ccc.localhost' } });
    assert.equal(response.statusCode, 200);
    const { payload } = embeddedBoot(response.body) as { payload: { route: { params: Record<string, string> } } };
    assert.equal(payload.route.params.branch, 'spring-sale');
    assert.ok(response.body.includes('href="/branches/spring-sale/experiments"'));
  });

  test('bare localhost lists every brand in development', async () => {
    const dev = await injectableApp({ NODE_ENV: 'development' });
    const response = await dev.inject({ url: '/', headers: { host: 'localhost:3000' } });
    await dev.close();
    assert.equal(response.statusCode, 200);
    for (const brand of BRAND_IDS) assert.ok(response.body.includes(`http://${brand}.localhost:3000/`), brand);
  });

  test('HEAD answers with headers and no body', async () => {
    const response = await inject({ method: 'HEAD', url: '/', headers: { host: 'emily.localhost' } });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    assert.equal(response.body, '');
  });

  test('the 404 page renders in the brand chrome with status, message and description', async () => {
    const response = await inject({ url: '/nope', headers: { host: 'tqg.localhost' } });
    const { payload } = embeddedBoot(response.body) as { payload: { status: number; statusMessage: string; brand: { id: string } } };
    assert.equal(payload.status, 404);
    assert.equal(payload.statusMessage, 'Page Not Found');
    assert.equal(payload.brand.id, 'tqg');
    assert.ok(response.body.includes('Page Not Found'));
  });
});

describe('payload twin', () => {
  const cases = [
    { host: 'ac.localhost', path: href('index') },
    { host: 'ac.localhost', path: href('quiz-otc', { step: 'medicare' }) },
    { host: 'tqg.localhost', path: href('quiz-auto') },
    { host: 'ac.localhost', path: href('reviews-aetna') },
    { host: 'ccc.localhost', path: href('cc-page', { branch: 'main', page: 'home' }) },
    { host: 'ac.localhost', path: '/missing' },
  ];
  for (const c of cases) {
    test(`${c.host}${c.path}/_payload.json equals the embedded payload`, async () => {
      const html = await inject({ url: c.path, headers: { host: c.host } });
      const json = await inject({ url: `${c.path === '/' ? '' : c.path}/_payload.json`, headers: { host: c.host } });
      assert.equal(json.statusCode, html.statusCode);
      assert.deepEqual(json.json(), embeddedBoot(html.body).payload);
    });
  }

  test('a route of another brand answers 404 JSON', async () => {
    const response = await inject({ url: `${href('quiz-auto')}/_payload.json`, headers: { host: 'ac.localhost' } });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().kind, 'error');
  });
});

describe('build files', () => {
  test('latest.json names a manifest with route rules; assets are immutable', async () => {
    const latest = await inject({ url: '/builds/latest.json', headers: { host: 'ac.localhost' } });
    assert.equal(latest.statusCode, 200);
    const { id } = latest.json<{ id: string }>();
    const manifest = await inject({ url: `/builds/meta/${id}.json` });
    assert.equal(manifest.statusCode, 200);
    const body = manifest.json<{ routeRules: Record<string, unknown>; assets: { entry: string } }>();
    assert.ok(Object.keys(body.routeRules).length > 0);
    const asset = await inject({ url: body.assets.entry });
    assert.equal(asset.statusCode, 200);
    assert.match(asset.headers['cache-control'] as string, /immutable/);
  });
});

describe('route rules on a direct load (the table the manifest carries, answered by the server)', () => {
  const host = 'ac.localhost';
  const cases: { method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE'; url: string; status: number; location: string }[] = [
    { method: 'GET', url: '/otc', status: 301, location: '/otc-allowance' },
    { method: 'HEAD', url: '/otc', status: 301, location: '/otc-allowance' },
    { method: 'GET', url: '/otc/', status: 301, location: '/otc-allowance' },
    { method: 'GET', url: '/otc?gclid=abc&utm_campaign=spring', status: 301, location: '/otc-allowance?gclid=abc&utm_campaign=spring' },
    { method: 'GET', url: '/dental', status: 301, location: '/dental-vision' },
    { method: 'GET', url: '/medicare-gov?gclid=abc', status: 301, location: 'https://www.medicare.gov/' },
    { method: 'POST', url: '/otc', status: 308, location: '/otc-allowance' },
    { method: 'PUT', url: '/otc', status: 308, location: '/otc-allowance' },
    { method: 'DELETE', url: '/dental', status: 308, location: '/dental-vision' },
  ];
  for (const c of cases) {
    test(`${c.method} ${c.url} -> ${c.status} ${c.location}`, async () => {
      const response = await inject({
        method: c.method,
        url: c.url,
        headers: { host, ...(c.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(c.method === 'POST' ? { payload: 'zipcode=33101' } : {}),
      });
      assert.equal(response.statusCode, c.status);
      assert.equal(response.headers.location, c.location);
    });
  }

  test('every redirect rule of the table is answered, on every brand', async () => {
    for (const [path, rule] of Object.entries(ROUTE_RULES)) {
      if (!rule.redirect) continue;
      for (const brand of ['ac', 'tqg', 'ccc']) {
        const response = await inject({ url: path, headers: { host: `${brand}.localhost` } });
        assert.equal(response.statusCode, 301, `${brand} ${path}`);
        assert.equal(response.headers.location, rule.redirect, `${brand} ${path}`);
      }
    }
  });

  test('the payload twin answers the rule itself, as the navigator reads it from the manifest', async () => {
    for (const [path, rule] of Object.entries(ROUTE_RULES)) {
      if (!rule.redirect) continue;
      const response = await inject({ url: `${path}/_payload.json`, headers: { host } });
      assert.equal(response.statusCode, 200, path);
      assert.equal(response.headers.location, undefined, 'no Location: fetch would follow it on its own');
      assert.deepEqual(response.json(), { ...rule, kind: 'redirect' }, path);
    }
  });

  test('a rule without a redirect leaves the page alone; paths without a rule are untouched', async () => {
    assert.equal(ROUTE_RULES['/quiz/otc']?.redirect, undefined);
    for (const url of [href('quiz-otc'), href('otc-allowance'), '/otc-allowance/_payload.json']) {
      const response = await inject({ url, headers: { host } });
      assert.equal(response.statusCode, 200, url);
    }
    const put = await inject({ method: 'PUT', url: href('otc-allowance'), headers: { host, 'content-type': 'text/plain' }, payload: 'x' });
    assert.equal(put.statusCode, 404, 'other methods on a page are not found, as before');
  });
});

/** Every (method, path) pair the app routes, read from `printRoutes` (one line per path: `path (GET, HEAD, POST)`). */
describe('route registrations', () => {
  test('pages and funnel posts are one catch-all route each, not one per funnel step path', () => {
    const routes = routesOf(app);
    // Before: a GET and a POST for every funnel step path of every funnel route (438 paths, 876
    // routes, 1349 method registrations with HEAD). Now the catch-all GET serves every page with
    // its form state and one catch-all POST takes every step's form post.
    // Health, readiness and metrics are operators' routes beside the pages.
    // Files (assets, builds, static, uploaded media, the vehicle catalog's data file) and the JSON API (the control center's too) are theirs.
    const pageRoutes = routes.filter((route) => !/ \/(api|assets|builds|static|media|data)\//.test(route) && !/ \/(healthz|readyz|metrics)$/.test(route));
    assert.deepEqual(pageRoutes.sort(), ['DELETE *', 'GET *', 'PATCH *', 'POST *', 'PUT *']);
  });

  test('a post to a page without a form is refused with 405; to an unknown API path or a payload twin, 404', async () => {
    const host = 'ac.localhost';
    const headers = { host, 'content-type': 'application/x-www-form-urlencoded' };
    const page = await inject({ method: 'POST', url: href('otc-allowance'), headers, payload: 'zipcode=33101' });
    assert.equal(page.statusCode, 405);
    assert.equal(page.headers.allow, 'GET, HEAD');
    assert.match(page.headers['content-type'] as string, /text\/html/);
    const api = await inject({ method: 'POST', url: '/api/no-such-endpoint', headers: { host, 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(api.statusCode, 404);
    assert.match(api.headers['content-type'] as string, /application\/json/);
    const twin = await inject({ method: 'POST', url: `${href('quiz-otc', { step: 'zip' })}/_payload.json`, headers, payload: 'zipcode=33101' });
    assert.equal(twin.statusCode, 404);
  });

  test('a funnel page at an address no step path covered (trailing slash, unknown step) gets its form state too', async () => {
    const host = 'ac.localhost';
    const posted = await inject({ method: 'POST', url: href('quiz-otc', { step: 'zip' }), headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'zipcode=60601' });
    const cookie = [posted.headers['set-cookie'] ?? []].flat().find((header) => header.startsWith('cobrand_form='))!.split(';')[0]!;
    for (const url of [`${href('quiz-otc', { step: 'zip' })}/`, href('quiz-otc', { step: 'no-such-step' })]) {
      const response = await inject({ url, headers: { host, cookie } });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<input[^>]*name="zipcode"[^>]*value="60601"/, url);
    }
  });
});
