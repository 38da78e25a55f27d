/**
 * Template chunks: each visitor template is a chunk of its own (ui/templates/index.ts), and the page's
 * HTML links that chunk and the chunks it imports statically (beyond the entry's) with
 * `<link rel="modulepreload">` in the head, so they load alongside the entry instead of after it
 * has run. Each link carries the response's CSP nonce (with 'strict-dynamic', 'self' is ignored)
 * and names a file the server serves. The template's markup is in place in the first HTML. Through app.inject, against the current build's manifest.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Template } from '../../../src/core/pages/types.ts';
import { DEFAULT_DIST_DIR } from '../../../src/server/app.ts';
import { readBuildManifest } from '../../../src/server/platform/build-info.ts';
import { templateSource } from '../../../src/ui/templates/index.ts';
import { injectableApp } from '../../support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** The head's module preloads, in order, with their nonces. */
function modulePreloads(html: string): Array<{ href: string; nonce: string | undefined }> {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map(([tag]) => ({ href: /\shref="([^"]+)"/.exec(tag)![1]!, nonce: /\snonce="([^"]*)"/.exec(tag)?.[1] }));
}

/** The nonce of the response's script-src. */
function cspNonce(policy: string): string {
  return /'nonce-([^']+)'/.exec(policy)![1]!;
}

const cases: Array<{ name: string; host: string; url: string; template: Template | undefined; status: number }> = [
  { name: 'a funnel step', host: 'ac.localhost', url: '/quiz/otc', template: 'funnel', status: 200 },
  { name: 'the home page', host: 'ac.localhost', url: '/', template: 'home', status: 200 },
  { name: 'a landing page', host: 'ac.localhost', url: '/otc-allowance', template: 'landing', status: 200 },
  { name: 'the error page (its template is in the entry)', host: 'ac.localhost', url: '/no-such-page', template: undefined, status: 404 },
];

for (const { name, host, url, template, status } of cases) {
  test(`${name}: the head preloads its template's chunks, with the response's nonce`, async () => {
    const { assets } = await readBuildManifest(DEFAULT_DIST_DIR);
    const response = await app.inject({ url, headers: { host } });
    assert.equal(response.statusCode, status);
    // The template's boundary is written in place, not outlined for a script to swap in (that would be blank without JavaScript).
    assert.doesNotMatch(response.body, /<template id="B:|hidden id="S:/);
    const preloads = modulePreloads(response.body);
    // React preloads the bootstrap module (the entry) itself; the rest are the template's.
    const templateChunks = template ? assets.templateChunks[templateSource(template)!]! : [];
    assert.deepEqual(
      preloads.map(({ href }) => href).filter((href) => href !== assets.entry),
      templateChunks,
    );
    if (template) assert.ok(templateChunks.length > 0, `${template}: its chunk is preloaded`);
    const nonce = cspNonce(String(response.headers['content-security-policy']));
    for (const preload of preloads) {
      assert.equal(preload.nonce, nonce, `${preload.href} carries the nonce`);
      const asset = await app.inject({ url: preload.href, headers: { host } });
      assert.equal(asset.statusCode, 200, `${preload.href} is served`);
    }
  });
}

test('a funnel page does not preload the content templates’ chunks, nor a content page the funnel’s', async () => {
  const { assets } = await readBuildManifest(DEFAULT_DIST_DIR);
  const own = (template: Template) => assets.templateChunks[templateSource(template)!]![0]!;
  const funnel = modulePreloads((await app.inject({ url: '/quiz/otc', headers: { host: 'ac.localhost' } })).body).map(({ href }) => href);
  const landing = modulePreloads((await app.inject({ url: '/otc-allowance', headers: { host: 'ac.localhost' } })).body).map(({ href }) => href);
  assert.ok(funnel.includes(own('funnel')) && !funnel.includes(own('landing')) && !funnel.includes(own('home')));
  assert.ok(landing.includes(own('landing')) && !landing.includes(own('funnel')));
});
