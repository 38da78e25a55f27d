/**
 * The first-load budget: what the current build (test/run.ts builds before any test) makes
 * a visitor page load first stays within the named budgets of build-budget.ts. Sizes are
 * deterministic for a source tree, so a change that grows the first load past a budget fails here.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { BUNDLE_BUDGET, BUNDLE_GOAL, firstLoadScripts, measureBundle, staticImports } from '../../build-budget.ts';
import { DIST_DIR } from '../../build.ts';
import { readBuildManifest } from '../../src/server/platform/build-info.ts';
import { TEMPLATE_SOURCES } from '../../src/ui/templates/index.ts';

test('static imports are followed and dynamic ones are not, in esbuild ESM output', () => {
  const cases = [
    { source: 'import{a as b,c as d}from"./chunk-AAA.js";', expected: ['./chunk-AAA.js'] },
    { source: 'import"./chunk-BBB.js";import{x}from"./chunk-CCC.js";', expected: ['./chunk-BBB.js', './chunk-CCC.js'] },
    { source: 'import * as z from "./chunk-DDD.js";', expected: ['./chunk-DDD.js'] },
    { source: 'const m=()=>import("./chunk-EEE.js");', expected: [] },
    { source: 'var s="import";x.import("./chunk-FFF.js")', expected: [] },
  ];
  for (const { source, expected } of cases) assert.deepEqual(staticImports(source), expected, source);
});

test('the first load of every page type is within its budgets, and the budgets never loosen past today’s', async () => {
  const { assets } = await readBuildManifest(DIST_DIR);
  const lines = await measureBundle(DIST_DIR, assets);
  // One JS line per template with a chunk of its own, one for the entry alone (the error page), one for the CSS.
  assert.equal(lines.filter((line) => line.name === 'visitorJs').length, TEMPLATE_SOURCES.length + 1);
  for (const line of lines) assert.ok(line.gzipBytes <= line.budget, `${line.name} ${line.page}: ${line.gzipBytes} bytes gzip is over its budget of ${line.budget}`);
  // The ratchet: a budget more than 2 KiB above the largest page type's first load must come down.
  for (const name of ['visitorJs', 'visitorCss'] as const) {
    const largest = Math.max(...lines.filter((line) => line.name === name).map((line) => line.gzipBytes));
    assert.ok(BUNDLE_BUDGET[name] <= Math.max(BUNDLE_GOAL[name], largest + 2 * 1024), `${name}: the largest page type loads ${largest} bytes, lower the budget`);
    assert.ok(BUNDLE_BUDGET[name] >= BUNDLE_GOAL[name] || largest <= BUNDLE_GOAL[name], `${name}: the goal is met, lower the budget to the goal`);
  }
  assert.ok(BUNDLE_BUDGET.visitorCss <= BUNDLE_GOAL.visitorCss, 'the CSS budget is the goal');
});

test('every visitor template is a chunk of its own, recorded in the manifest with the chunks it needs beyond the entry’s', async () => {
  const { id, assets } = await readBuildManifest(DIST_DIR);
  const metafile = JSON.parse(await readFile(path.join(DIST_DIR, 'metafiles', `${id}.json`), 'utf8')) as { outputs: Record<string, { entryPoint?: string }> };
  assert.deepEqual(Object.keys(assets.templateChunks).sort(), [...TEMPLATE_SOURCES].sort());
  const entryScripts = new Set(await firstLoadScripts(DIST_DIR, assets.entry));
  for (const [source, chunks] of Object.entries(assets.templateChunks)) {
    const [own, ...imported] = chunks;
    const output = Object.keys(metafile.outputs).find((file) => file.endsWith(own!));
    assert.equal(output && metafile.outputs[output]!.entryPoint, source, `${source}: its chunk comes first`);
    // Exactly the chunk's static imports, transitively, that the entry does not load already.
    const closure = await firstLoadScripts(DIST_DIR, own!);
    assert.deepEqual([own, ...imported.sort()], [own, ...closure.filter((file) => file !== own && !entryScripts.has(file)).sort()], source);
  }
});

test('a page type loads its own template’s code only: no funnel code on content pages, no content templates on funnel pages', async () => {
  const { id, assets } = await readBuildManifest(DIST_DIR);
  const metafile = JSON.parse(await readFile(path.join(DIST_DIR, 'metafiles', `${id}.json`), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const sourcesOf = (files: string[]) =>
    new Set(Object.entries(metafile.outputs).flatMap(([output, { inputs }]) => (files.includes('/' + path.relative(DIST_DIR, path.resolve(output)).split(path.sep).join('/')) ? Object.keys(inputs) : [])));
  const lines = await measureBundle(DIST_DIR, assets);
  const loads = (page: string) => sourcesOf(lines.find((line) => line.name === 'visitorJs' && line.page === page)!.files);
  const cases = [
    { page: 'FunnelPage', has: ['src/ui/templates/FunnelPage.tsx'], hasNot: ['src/ui/templates/ContentPage.tsx', 'src/ui/templates/HomePage.tsx', 'src/ui/templates/ArticlePage.tsx', 'src/ui/templates/LegalPage.tsx'] },
    { page: 'HomePage', has: ['src/ui/templates/HomePage.tsx'], hasNot: ['src/ui/templates/FunnelPage.tsx', 'src/ui/templates/ContentPage.tsx'] },
    { page: 'ContentPage', has: ['src/ui/templates/ContentPage.tsx'], hasNot: ['src/ui/templates/FunnelPage.tsx', 'src/ui/templates/ArticlePage.tsx'] },
    { page: 'LegalPage', has: ['src/ui/templates/LegalPage.tsx'], hasNot: ['src/ui/templates/FunnelPage.tsx', 'src/ui/templates/HomePage.tsx'] },
    { page: 'entry only', has: ['src/ui/ErrorPage.tsx'], hasNot: TEMPLATE_SOURCES },
  ];
  for (const { page, has, hasNot } of cases) {
    const sources = loads(page);
    for (const source of has) assert.ok(sources.has(source), `${page} loads ${source}`);
    for (const source of hasNot) assert.ok(!sources.has(source), `${page} does not load ${source}`);
  }
});

test('the first load holds the entry and its statically imported chunks, not the control center’s lazy ones', async () => {
  const { assets } = await readBuildManifest(DIST_DIR);
  const scripts = await firstLoadScripts(DIST_DIR, assets.entry);
  assert.ok(scripts.includes(assets.entry));
  assert.ok(scripts.length > 1, 'react and shared code are split into chunks the entry imports');
  // react-dom alone is some 60 KiB gzip: a walker that lost the chunks would weigh far less.
  const [js] = await measureBundle(DIST_DIR, assets);
  assert.ok(js!.gzipBytes > 60 * 1024, `${js!.gzipBytes} bytes is too little to hold react-dom`);
});

test('no byte of zod is in the first load: the browser checks with core/check, the server keeps the zod schemas', async () => {
  const manifest = await readBuildManifest(DIST_DIR);
  const metafile = JSON.parse(await readFile(path.join(DIST_DIR, 'metafiles', `${manifest.id}.json`), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  const scripts = await firstLoadScripts(DIST_DIR, manifest.assets.entry);
  // Metafile output keys are relative to the project root (dist/assets/…); the first-load paths to dist.
  const outputs = scripts.map((script) => Object.keys(metafile.outputs).find((output) => output.endsWith(script)));
  assert.ok(outputs.every(Boolean), 'every first-load script is in the metafile');
  const zodInputs = outputs.flatMap((output) =>
    Object.entries(metafile.outputs[output!]!.inputs)
      .filter(([input, { bytesInOutput }]) => input.includes('node_modules/zod/') && bytesInOutput > 0)
      .map(([input]) => `${output}: ${input}`),
  );
  assert.deepEqual(zodInputs, [], 'import paths, types and checks from the zod-free modules (contract/paths.ts, contract/checks.ts, leads/fields.ts)');
});

/** The sources bundled into the first load, and into every other output, from esbuild's metafile (build.ts writes it). */
async function sourcesByLoad(): Promise<{ first: Set<string>; later: Set<string> }> {
  const { id, assets } = await readBuildManifest(DIST_DIR);
  const metafile = JSON.parse(await readFile(path.join(DIST_DIR, 'metafiles', `${id}.json`), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const firstFiles = new Set(await firstLoadScripts(DIST_DIR, assets.entry));
  const first = new Set<string>();
  const later = new Set<string>();
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    const served = '/' + path.relative(DIST_DIR, path.resolve(output)).split(path.sep).join('/');
    for (const input of Object.keys(inputs)) (firstFiles.has(served) ? first : later).add(input);
  }
  return { first, later };
}

test('tracking, the marketplace, the playground, the privacy-choices form, the ad list and sign-in load after the first paint, in chunks of their own', async () => {
  const { first, later } = await sourcesByLoad();
  const deferred = [
    'src/client/tracking/tracker.ts',
    'src/client/tracking/transport.ts',
    'src/client/tracking/start-tracking.ts',
    'src/client/marketplace/start-marketplace.ts',
    'src/client/marketplace/demand-check.ts',
    'src/client/marketplace/phone-lease.ts',
    'src/client/marketplace/ads.ts',
    'src/ui/templates/PlaygroundPage.tsx',
    'src/ui/templates/PrivacyChoicesPage.tsx',
    'src/ui/ads/AdList.tsx',
    'src/ui/control-center/SignInForm.tsx',
  ];
  for (const source of deferred) {
    assert.ok(!first.has(source), `${source} is not in the first load`);
    assert.ok(later.has(source), `${source} is in a lazily loaded chunk`);
  }
  // What stands in for them from the start: the queue that holds events until the tracker is in.
  for (const source of ['src/client/tracking/tracking-queue.ts', 'src/client/after-paint-runtime.ts', 'src/ui/lazy-part.tsx']) assert.ok(first.has(source), `${source} is in the first load`);
});
