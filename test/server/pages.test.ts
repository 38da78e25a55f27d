import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRAND_IDS } from '../../brands/ids.ts';
import { ROUTES } from '../../routes.ts';
import { buildPath } from '../../src/core/router/pattern.ts';
import { BOOT_DATA_ID } from '../../src/ui/boot-data.ts';
import { injectableApp } from '../support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** A concrete path for a route pattern: funnels at their first step, params filled with slugs. */
function samplePath(pattern: string): string {
  return buildPath(pattern, { branch: 'main', page: 'home', image: 'hero', experiment: 'headline-test', run: 'run-1', slug: 'mutual-of-omaha' } as never);
}

function embeddedBoot(html: string): { payload: Record<string, unknown> } {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">([^<]*)</script>`).exec(html);
  assert.ok(match, 'boot data embedded');
  return JSON.parse(match[1]!);
}

describe('every route on every listed brand', () => {
  for (const route of ROUTES) {
    test(`${route.name} (${route.path}) on ${route.brands.join(', ')}`, async () => {
      const url = samplePath(route.path);
      for (const brand of route.brands) {
        const response = await app.inject({ url, headers: { host: `${brand}.localhost:3000` } });
        assert.equal(response.statusCode, 200, `${brand} ${url}: ${response.statusCode}`);
        assert.match(response.headers['content-type'] as string, /text\/html/);
        assert.equal(response.body.match(/<title>/g)?.length, 1, 'exactly one <title>');
      }
      const unlisted = BRAND_IDS.filter((brand) => !route.brands.includes(brand));
      for (const brand of unlisted) {
        const response = await app.inject({ url, headers: { host: `${brand}.localhost` } });
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
    { name: 'bad percent-encoding', host: 'ac.localhost', url: '/quiz/otc/%E0%A4%A', status: 400, text: 'not a valid url component' },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const response = await app.inject({ url: c.url, headers: { host: c.host } });
      assert.equal(response.statusCode, c.status);
      assert.ok(response.body.includes(c.text), `body mentions ${c.text}`);
    });
  }

  test('the control-center root is keyed by ?branch=', async () => {
    const response = await app.inject({ url: '/?branch=spring-sale', headers: { host: 'ccc.localhost' } });
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
    const response = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'emily.localhost' } });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    assert.equal(response.body, '');
  });

  test('the 404 page renders in the brand chrome with status, message and description', async () => {
    const response = await app.inject({ url: '/nope', headers: { host: 'tqg.localhost' } });
    const { payload } = embeddedBoot(response.body) as { payload: { status: number; statusMessage: string; brand: { id: string } } };
    assert.equal(payload.status, 404);
    assert.equal(payload.statusMessage, 'Page Not Found');
    assert.equal(payload.brand.id, 'tqg');
    assert.ok(response.body.includes('Page Not Found'));
  });
});

describe('payload twin', () => {
  const cases = [
    { host: 'ac.localhost', path: '/' },
    { host: 'ac.localhost', path: '/quiz/otc/medicare' },
    { host: 'tqg.localhost', path: '/quiz/auto' },
    { host: 'ac.localhost', path: '/reviews/aetna' },
    { host: 'ccc.localhost', path: '/branches/main/pages/home' },
    { host: 'ac.localhost', path: '/missing' },
  ];
  for (const c of cases) {
    test(`${c.host}${c.path}/_payload.json equals the embedded payload`, async () => {
      const html = await app.inject({ url: c.path, headers: { host: c.host } });
      const json = await app.inject({ url: `${c.path === '/' ? '' : c.path}/_payload.json`, headers: { host: c.host } });
      assert.equal(json.statusCode, html.statusCode);
      assert.deepEqual(json.json(), embeddedBoot(html.body).payload);
    });
  }

  test('a route of another brand answers 404 JSON', async () => {
    const response = await app.inject({ url: '/quiz/auto/_payload.json', headers: { host: 'ac.localhost' } });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().kind, 'error');
  });
});

describe('build files', () => {
  test('latest.json names a manifest with route rules; assets are immutable', async () => {
    const latest = await app.inject({ url: '/builds/latest.json', headers: { host: 'ac.localhost' } });
    assert.equal(latest.statusCode, 200);
    const { id } = latest.json() as { id: string };
    const manifest = await app.inject({ url: `/builds/meta/${id}.json` });
    assert.equal(manifest.statusCode, 200);
    const body = manifest.json() as { routeRules: Record<string, unknown>; assets: { entry: string } };
    assert.ok(Object.keys(body.routeRules).length > 0);
    const asset = await app.inject({ url: body.assets.entry });
    assert.equal(asset.statusCode, 200);
    assert.match(asset.headers['cache-control'] as string, /immutable/);
  });
});
