/**
 * Issue 14 "JavaScript budget": what the current build (test/run.ts builds before any test) makes
 * a visitor page load first stays within the named budgets of build-budget.ts. Sizes are
 * deterministic for a source tree, so a change that grows the first load past a budget fails here.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { BUNDLE_BUDGET, BUNDLE_GOAL, firstLoadScripts, measureBundle, staticImports } from '../../build-budget.ts';
import { DIST_DIR } from '../../build.ts';
import { readBuildManifest } from '../../src/server/build-info.ts';

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

test('the first load of a visitor page is within its budgets, and the budgets never loosen past today’s', async () => {
  const { assets } = await readBuildManifest(DIST_DIR);
  for (const line of await measureBundle(DIST_DIR, assets)) {
    assert.ok(line.gzipBytes <= line.budget, `${line.name}: ${line.gzipBytes} bytes gzip is over its budget of ${line.budget}`);
    assert.ok(line.budget >= line.goal, `${line.name}: the goal is met, lower the budget to the goal`);
  }
  assert.ok(BUNDLE_BUDGET.visitorCss <= BUNDLE_GOAL.visitorCss, 'the CSS budget is the goal');
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
