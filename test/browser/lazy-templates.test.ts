/**
 * Templates with a chunk of their own (every visitor template; here the playground, the
 * privacy-choices form, a funnel step and the home page,
 * ui/lazy-part.tsx) in Chromium against the real server: the first HTML holds their whole markup
 * in place (nothing left for a script to reveal), the browser loads their chunk and hydrates that
 * markup without a mismatch (React owns the server's nodes, no console error), and a client
 * navigation shows them without a full page load.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

type CobrandWindow = Window & { __cobrand?: { runtime: { navigate(href: string): Promise<void> } }; fullLoadMarker?: boolean };

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.release();
});

/** The served path of the chunk built from `source` (build.ts writes the metafile). */
function chunkOf(source: string): string {
  const dist = path.join(import.meta.dirname, '../../dist');
  const { id } = JSON.parse(readFileSync(path.join(dist, 'builds/latest.json'), 'utf8')) as { id: string };
  const metafile = JSON.parse(readFileSync(path.join(dist, 'metafiles', `${id}.json`), 'utf8')) as { outputs: Record<string, { entryPoint?: string }> };
  const output = Object.entries(metafile.outputs).find(([, info]) => info.entryPoint === source)?.[0];
  assert.ok(output, `the build has a chunk for ${source}`);
  return `/assets/${path.basename(output)}`;
}

async function visitorPage(): Promise<TestPage & { scripts: string[] }> {
  const page = (await browser.newVisitor()) as TestPage & { scripts: string[] };
  page.scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') page.scripts.push(new URL(request.url()).pathname);
  });
  return page;
}

const TEMPLATES = [
  { name: 'the playground', brand: 'm10', path: '/playground', from: '/', source: 'src/ui/templates/PlaygroundPage.tsx', marker: '.type-scale' },
  { name: 'the privacy-choices form', brand: 'ac', path: '/privacy-choices', from: '/otc-savings', source: 'src/ui/templates/PrivacyChoicesPage.tsx', marker: '.privacy-choice-button' },
  // Every visitor template is a part now: the funnel's code is not loaded on content pages, nor the home page's elsewhere.
  { name: 'a funnel step', brand: 'ac', path: '/quiz/otc', from: '/otc-savings', source: 'src/ui/templates/FunnelPage.tsx', marker: '.funnel-continue' },
  { name: 'the home page', brand: 'ac', path: '/', from: '/otc-savings', source: 'src/ui/templates/HomePage.tsx', marker: '.template-home' },
];

for (const { name, brand, path: pagePath, from, source, marker } of TEMPLATES) {
  describe(name, () => {
    test('the first HTML holds its markup in place', async () => {
      const response = await server.app.inject({ method: 'GET', url: pagePath, headers: { host: new URL(server.origin(brand)).host } });
      assert.equal(response.statusCode, 200);
      const html = response.body;
      assert.match(html, new RegExp(`class="[^"]*\\b${marker.slice(1)}\\b`), `${marker} is in the server's HTML`);
      assert.doesNotMatch(html, /<template id="B:/, 'no Suspense boundary left for a script to fill');
    });

    test('hydrates the server markup with its chunk, without a mismatch', async () => {
      const page = await visitorPage();
      await page.goto(`${server.origin(brand)}${pagePath}`, { waitUntil: 'networkidle0' });
      await runtimeStarted(page);
      assert.ok(page.scripts.includes(chunkOf(source)), 'its chunk was loaded');
      // React marks each node it hydrated with its fiber.
      const owned = await page.$eval(marker, (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
      assert.ok(owned, 'React hydrated the server node');
      assert.deepEqual(page.consoleErrors, []);
    });

    test('a client navigation shows it without a full load', async () => {
      const page = await visitorPage();
      await page.goto(`${server.origin(brand)}${from}`, { waitUntil: 'networkidle0' });
      await runtimeStarted(page);
      assert.ok(!page.scripts.includes(chunkOf(source)), 'not loaded on another page');
      await page.evaluate(() => ((window as CobrandWindow).fullLoadMarker = true));
      await page.evaluate((href) => (window as CobrandWindow).__cobrand!.runtime.navigate(href), pagePath);
      await page.waitForSelector(marker);
      assert.equal(await page.evaluate(() => (window as CobrandWindow).fullLoadMarker), true, 'the same document');
      assert.ok(page.scripts.includes(chunkOf(source)), 'its chunk was loaded for it');
      assert.deepEqual(page.consoleErrors, []);
    });
  });
}
