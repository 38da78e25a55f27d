/**
 * The security headers (src/server/platform/http/security.ts) on every kind of answer, through
 * app.inject: pages, JSON (payload twins, API answers, errors), hashed assets, build files, brand
 * images and 404s; the control center unframeable, other brands frameable by themselves; HSTS
 * and upgrade-insecure-requests only in production; a fresh nonce per request, on every inline
 * script of the HTML; and source maps not served in production.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEFAULT_DIST_DIR } from '../../../src/server/app.ts';
import { readBuildManifest } from '../../../src/server/platform/build-info.ts';
import { API_CONTENT_SECURITY_POLICY } from '../../../src/server/platform/http/api-headers.ts';
import { ANALYTICS_ORIGINS, AD_SERVE_ORIGIN, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, TAG_MANAGER_ORIGIN } from '../../../src/server/platform/http/security.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const SESSION_KEY = 'a1'.repeat(32);
/** The plain-http sandbox marketplace a development server is pointed at. */
const SANDBOX_ADS_URL = 'http://127.0.0.1:4010/ads';

let development: FastifyInstance;
let production: FastifyInstance;
let entry: string;
let css: string;

before(async () => {
  development = await injectableApp({ MEDIAALPHA_ADS_URL: SANDBOX_ADS_URL });
  // Load shedding and rate limits (on in production) would answer 503/429 on a busy test machine.
  production = await injectableApp({ NODE_ENV: 'production', SESSION_KEY, MEDIAALPHA_ADS_URL: SANDBOX_ADS_URL, LOAD_SHEDDING: 'off', RATE_LIMITS: 'off' });
  const manifest = await readBuildManifest(DEFAULT_DIST_DIR);
  entry = manifest.assets.entry;
  css = manifest.assets.css[0]!;
});
after(async () => {
  await development?.close();
  await production?.close();
});

const get = (app: FastifyInstance, host: string, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host, ...headers } });

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  assert.equal(typeof header, 'string', `${response.statusCode} answer has a Content-Security-Policy`);
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The nonce of the policy's script-src. */
function policyNonce(response: LightMyRequestResponse): string {
  const scriptSrc = directives(response).get('script-src')!;
  const nonces = scriptSrc.filter((value) => value.startsWith("'nonce-")).map((value) => value.slice("'nonce-".length, -1));
  assert.equal(nonces.length, 1, 'one nonce in script-src');
  return nonces[0]!;
}

/** Every header this plugin promises, for a brand that may be framed by itself (`frame`) or not at all. */
function assertSecurityHeaders(response: LightMyRequestResponse, expected: { frame: 'self' | 'none'; production: boolean }, what: string) {
  const csp = directives(response);
  assert.deepEqual(csp.get('default-src'), ["'self'"], `${what}: default-src`);
  assert.deepEqual(csp.get('object-src'), ["'none'"], `${what}: object-src`);
  assert.deepEqual(csp.get('base-uri'), ["'none'"], `${what}: base-uri`);
  assert.deepEqual(csp.get('script-src')!.slice(1), ["'strict-dynamic'", "'self'", TAG_MANAGER_ORIGIN, AD_SERVE_ORIGIN], `${what}: script-src`);
  assert.match(csp.get('script-src')![0]!, /^'nonce-[A-Za-z0-9+/]{22}=='$/, `${what}: a 128-bit base64 nonce`);
  assert.deepEqual(csp.get('script-src-attr'), ["'none'"], `${what}: no inline event handlers`);
  assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"], `${what}: style-src`);
  assert.deepEqual(csp.get('connect-src'), ["'self'", ...ANALYTICS_ORIGINS, TAG_MANAGER_ORIGIN, AD_SERVE_ORIGIN], `${what}: connect-src`);
  assert.deepEqual(csp.get('img-src'), expected.production ? ["'self'", 'https:'] : ["'self'", 'https:', 'http://127.0.0.1:4010'], `${what}: img-src (the sandbox's images outside production)`);
  assert.deepEqual(csp.get('frame-src'), [TAG_MANAGER_ORIGIN], `${what}: frame-src`);
  assert.deepEqual(csp.get('form-action'), ["'self'"], `${what}: form-action`);
  assert.deepEqual(csp.get('frame-ancestors'), [`'${expected.frame}'`], `${what}: frame-ancestors`);
  assert.equal(csp.has('upgrade-insecure-requests'), expected.production, `${what}: upgrade-insecure-requests only in production`);
  assert.ok(!csp.has('report-uri') && ![...csp.values()].flat().some((value) => /unsafe-eval|unsafe-hashes/.test(value)), `${what}: no eval`);
  assert.equal(response.headers['x-frame-options'], expected.frame === 'none' ? 'DENY' : 'SAMEORIGIN', `${what}: X-Frame-Options`);
  assert.equal(response.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${what}: Referrer-Policy`);
  assert.equal(response.headers['permissions-policy'], PERMISSIONS_POLICY, `${what}: Permissions-Policy`);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    assert.ok(response.headers['permissions-policy'].split(', ').includes(`${feature}=()`), `${what}: ${feature} denied`);
  }
  assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', `${what}: COOP`);
  if (expected.production) {
    assert.equal(response.headers['strict-transport-security'], `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`, `${what}: HSTS in production`);
    assert.ok(HSTS_MAX_AGE_SECONDS >= 365 * 24 * 3600, 'HSTS for at least a year');
  } else {
    assert.equal(response.headers['strict-transport-security'], undefined, `${what}: no HSTS outside production`);
  }
}

/**
 * The headers of a JSON API answer that is never a page (api-headers.ts: the event intake): a
 * policy that runs and frames nothing, nosniff, the isolation headers, HSTS in production; and
 * none of a page's policy (no nonce, no Permissions-Policy).
 */
function assertApiHeaders(response: LightMyRequestResponse, expected: { production: boolean }, what: string) {
  assert.equal(response.headers['content-security-policy'], API_CONTENT_SECURITY_POLICY, `${what}: the API policy`);
  assert.deepEqual(directives(response).get('default-src'), ["'none'"], `${what}: default-src 'none'`);
  assert.deepEqual(directives(response).get('frame-ancestors'), ["'none'"], `${what}: frame-ancestors 'none'`);
  assert.equal(response.headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
  assert.equal(response.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${what}: Referrer-Policy`);
  assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', `${what}: COOP`);
  assert.equal(response.headers['cross-origin-resource-policy'], 'same-origin', `${what}: CORP`);
  assert.equal(response.headers['permissions-policy'], undefined, `${what}: no page Permissions-Policy`);
  assert.equal(response.headers['strict-transport-security'], expected.production ? `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` : undefined, `${what}: HSTS in production only`);
  assert.equal(response.headers['set-cookie'], undefined, `${what}: no cookie`);
}

/** Every opening `<script …>` tag of an HTML document, with its attributes. */
function scriptTags(html: string): Array<{ tag: string; src?: string; nonce?: string; inline: boolean }> {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => {
    const attributes = match[1]!;
    const src = /\ssrc="([^"]*)"/.exec(attributes)?.[1];
    const nonce = /\snonce="([^"]*)"/.exec(attributes)?.[1];
    return { tag: match[0], inline: src === undefined, ...(src !== undefined ? { src } : {}), ...(nonce !== undefined ? { nonce } : {}) };
  });
}

describe('security headers on every answer', () => {
  for (const [mode, app, isProduction] of [['development', () => development, false], ['production', () => production, true]] as const) {
    describe(mode, () => {
      test('a page (HTML), on a site brand and on the control center', async () => {
        const page = await get(app(), 'ac.localhost', '/quiz/otc');
        assert.equal(page.statusCode, 200);
        assert.match(page.headers['content-type'] as string, /^text\/html/);
        assertSecurityHeaders(page, { frame: 'self', production: isProduction }, 'ac page');
        // The sign-in page: every other control-center page sends a signed-out visitor there.
        const controlCenter = await get(app(), 'ccc.localhost', '/sign-in');
        assert.equal(controlCenter.statusCode, 200);
        assertSecurityHeaders(controlCenter, { frame: 'none', production: isProduction }, 'control-center page');
        // The brand's real domain and a wildcard of it are the control center too.
        for (const host of ['CCC.localhost:3000']) {
          assertSecurityHeaders(await get(app(), host, '/sign-in'), { frame: 'none', production: isProduction }, `control center as ${host}`);
        }
      });

      test('JSON: a payload twin and an API 404', async () => {
        const twin = await get(app(), 'tqg.localhost', '/quiz/auto/_payload.json');
        assert.equal(twin.statusCode, 200);
        assert.match(twin.headers['content-type'] as string, /^application\/json/);
        assertSecurityHeaders(twin, { frame: 'self', production: isProduction }, 'payload twin');
        const unknownHost = await get(app(), 'nobody.example', '/api/user/get');
        assert.equal(unknownHost.statusCode, 404);
        assertSecurityHeaders(unknownHost, { frame: 'self', production: isProduction }, 'unknown host API 404');
      });

      test('the event intake: API headers only, on every answer (stored, malformed, refused cross-site)', async () => {
        const post = (host: string, payload: string, headers: Record<string, string> = {}) =>
          app().inject({ method: 'POST', url: '/api/event/create', headers: { host, 'content-type': 'application/json', ...headers }, payload });
        const event = { type: 'track', event: 'pageView', timestamp: new Date().toISOString(), sessionId: 's-headers', anonymousId: 'a-headers', properties: { eventId: `headers-${mode}` } };
        const answers = [
          ['stored', await post('ac.localhost', JSON.stringify(event)), 201],
          ['API 400', await post('ac.localhost', '{}'), 400],
          ['control-center API 400', await post('ccc.localhost', '{}'), 400],
          // The control center refuses a change another site started, event intake included (control-center/access.ts).
          ['control-center cross-site 403', await post('ccc.localhost', JSON.stringify(event), { origin: 'https://evil.example' }), 403],
          ['unknown host 404', await post('nobody.example', JSON.stringify(event)), 404],
        ] as const;
        for (const [what, answer, status] of answers) {
          assert.equal(answer.statusCode, status, `${what}: ${answer.body}`);
          assert.match(answer.headers['content-type'] as string, /^application\/json/, what);
          assertApiHeaders(answer, { production: isProduction }, what);
        }
      });

      test('files: hashed assets, build files, brand images, and a 404', async () => {
        for (const [url, type] of [[entry, /javascript/], [css, /text\/css/], ['/builds/latest.json', /json/]] as const) {
          const file = await get(app(), 'ac.localhost', url);
          assert.equal(file.statusCode, 200, url);
          assert.match(file.headers['content-type'] as string, type, url);
          assertSecurityHeaders(file, { frame: 'self', production: isProduction }, url);
        }
        const image = (await readdir(path.join(DEFAULT_DIST_DIR, '../static'), { recursive: true })).find((name) => /\.(svg|png)$/.test(name))!;
        const brandImage = await get(app(), 'wc.localhost', `/static/${image}`);
        assert.equal(brandImage.statusCode, 200, image);
        assertSecurityHeaders(brandImage, { frame: 'self', production: isProduction }, 'brand image');
        assertSecurityHeaders(await get(app(), 'ccc.localhost', entry), { frame: 'none', production: isProduction }, 'asset on the control center host');
        const missing = await get(app(), 'ac.localhost', '/assets/no-such-file.js');
        assert.equal(missing.statusCode, 404);
        assertSecurityHeaders(missing, { frame: 'self', production: isProduction }, 'asset 404');
      });
    });
  }

  test('a fresh nonce per request, on every inline script of the HTML, on our bootstrap module, nowhere else', async () => {
    const seen = new Set<string>();
    const cases = [
      ['ac.localhost', '/quiz/otc', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36'],
      ['ac.localhost', '/quiz/otc', 'Googlebot/2.1 (+http://www.google.com/bot.html)'],
      ['emily.localhost', '/ads/ads', 'Mozilla/5.0 (iPhone) Safari/604.1'],
      ['ccc.localhost', '/sign-in', 'Mozilla/5.0'],
      ['wc.localhost', '/', 'Mozilla/5.0'],
      ['ac.localhost', '/no-such-page', 'Mozilla/5.0'],
    ] as const;
    for (const [host, url, userAgent] of cases) {
      const page = await get(production, host, url, { 'user-agent': userAgent });
      assert.match(page.headers['content-type'] as string, /^text\/html/, `${host}${url}`);
      const nonce = policyNonce(page);
      assert.ok(!seen.has(nonce), 'never the same nonce twice');
      seen.add(nonce);
      const scripts = scriptTags(page.body);
      const inline = scripts.filter((script) => script.inline);
      // The colour-mode pre-paint script, the tag-manager snippet (not on the internal control center) and the boot data, at least.
      assert.ok(inline.length >= (host.startsWith('ccc.') ? 2 : 3), `${host}${url}: the inline scripts are there`);
      for (const script of inline) assert.equal(script.nonce, nonce, `${host}${url}: ${script.tag} carries the nonce`);
      // External scripts: only our own bootstrap module is in the markup, and 'strict-dynamic'
      // needs it nonce'd (the host list is ignored then); every third-party script (gtm.js, the
      // ads' serve script) is added later by a nonce'd script, never written into the HTML.
      const external = scripts.filter((script) => !script.inline);
      assert.deepEqual(external.map((script) => script.src), [entry], `${host}${url}: the only external script is our entry`);
      for (const script of external) assert.equal(script.nonce, nonce, `${host}${url}: the bootstrap module carries the nonce`);
      assert.ok(!/<script\b[^>]*\ssrc="https?:/i.test(page.body), `${host}${url}: no third-party script tag in the HTML`);
      // Written only in nonce attributes: not in the boot data or anywhere a page script could echo it.
      assert.equal(page.body.split(nonce).length, page.body.split(`nonce="${nonce}"`).length, `${host}${url}: the nonce appears only in nonce attributes`);
      assert.ok(!page.body.includes(`"nonce"`), `${host}${url}: the nonce is not in the boot data`);
    }
    // The same page twice: two nonces.
    const [first, second] = [await get(development, 'ac.localhost', '/'), await get(development, 'ac.localhost', '/')];
    assert.notEqual(policyNonce(first), policyNonce(second));
    assert.ok(first.body.includes(`nonce="${policyNonce(first)}"`) && !first.body.includes(policyNonce(second)));
  });

  test('the tag-manager snippet hands its nonce to gtm.js', async () => {
    const page = await get(development, 'ac.localhost', '/');
    const snippet = [...page.body.matchAll(/<script nonce="[^"]+">([^<]*)<\/script>/g)].map((match) => match[1]!).find((text) => text.includes('gtm.js'));
    assert.ok(snippet, 'the tag-manager snippet');
    assert.match(snippet, /d\.currentScript&&d\.currentScript\.nonce;n&&j\.setAttribute\('nonce',n\)/);
  });
});

describe('source maps', () => {
  test('the build writes them; development serves them; production answers 404, however the path is spelled', async () => {
    const map = `${entry}.map`;
    assert.equal((await get(development, 'ac.localhost', map)).statusCode, 200, 'the map is there and served in development');
    for (const spelling of [map, `${map}?v=1`, map.replace(/\.map$/, '%2Emap'), map.replace(/\.map$/, '.%6Dap'), map.replace('/assets/', '/assets//'), map.replace('/assets/', '/assets/./'), map.toUpperCase().replace('/ASSETS/', '/assets/')]) {
      const answer = await get(production, 'ac.localhost', spelling);
      // The plain path and its encodings are 404; a path with '//' is refused as malformed (403) before the map check.
      assert.equal(answer.statusCode, spelling.includes('//') ? 403 : 404, `${spelling} in production`);
      assert.ok(!answer.body.includes('"mappings"'), `${spelling}: no map content`);
    }
    assert.equal((await production.inject({ method: 'HEAD', url: map, headers: { host: 'ac.localhost' } })).statusCode, 404, 'HEAD too');
    assert.equal((await get(production, 'ac.localhost', entry)).statusCode, 200, 'the code itself is served');
  });

  test('no sourceMappingURL comment in any served file names a path production serves', async () => {
    const assetsDir = path.join(DEFAULT_DIST_DIR, 'assets');
    const files = (await readdir(assetsDir)).filter((name) => /\.(js|css)$/.test(name));
    assert.ok(files.length > 0);
    let comments = 0;
    for (const name of files) {
      const served = await get(production, 'ac.localhost', `/assets/${name}`);
      assert.equal(served.statusCode, 200, name);
      assert.equal(served.body, await readFile(path.join(assetsDir, name), 'utf8'));
      for (const match of served.body.matchAll(/[#@]\s*sourceMappingURL=([^\s*]+)/g)) {
        comments += 1;
        const target = new URL(match[1]!, `http://ac.localhost/assets/${name}`);
        assert.equal(target.origin, 'http://ac.localhost', `${name}: a relative map path`);
        assert.equal((await get(production, 'ac.localhost', target.pathname + target.search)).statusCode, 404, `${name}: ${target.pathname} is not served`);
      }
    }
    assert.ok(comments > 0, 'the build links its maps (so this test checks something)');
  });
});
