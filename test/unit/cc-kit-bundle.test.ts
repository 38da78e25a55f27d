/**
 * The control center's libraries stay out of visitors' JavaScript, which must not grow by a byte
 * for them: the built entry bundle and every chunk it imports statically (what any
 * visitor page loads) hold no Radix primitive and no react-resizable-panels, while the chunks
 * loaded on demand do, so the markers looked for are real.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DIST_DIR } from '../../build.ts';

/** Strings only these libraries' minified code carries (attribute and prop names survive minifying). */
const MARKERS = {
  radix: 'data-radix-',
  'radix select': 'collisionPadding',
  'react-resizable-panels': 'resizeTargetMinimumSize',
} as const;

const read = (asset: string) => readFileSync(path.join(DIST_DIR, asset), 'utf8');

/** The chunks `asset` imports, statically (`from"./chunk-….js"`) or on demand (`import("./chunk-….js")`). */
function importsOf(asset: string): { statics: string[]; dynamics: string[] } {
  const code = read(asset);
  const resolve = (name: string) => path.posix.join(path.posix.dirname(asset), name);
  return {
    statics: [...code.matchAll(/from\s*"(\.\/chunk-[A-Z0-9]+\.js)"/g)].map((match) => resolve(match[1]!)),
    dynamics: [...code.matchAll(/import\(\s*"(\.\/chunk-[A-Z0-9]+\.js)"\s*\)/g)].map((match) => resolve(match[1]!)),
  };
}

/** Every asset reachable from `roots` through static imports, and the dynamic imports met on the way. */
function staticGraph(roots: string[]): { assets: Set<string>; lazy: Set<string> } {
  const assets = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const asset = queue.pop()!;
    if (assets.has(asset)) continue;
    assets.add(asset);
    const { statics, dynamics } = importsOf(asset);
    queue.push(...statics);
    dynamics.forEach((chunk) => lazy.add(chunk));
  }
  return { assets, lazy };
}

test('the visitor entry bundle and its static chunks carry no control-center library; the lazy chunks do', () => {
  const { id } = JSON.parse(read('builds/latest.json')) as { id: string };
  const { assets } = JSON.parse(read(`builds/meta/${id}.json`)) as { assets: { entry: string } };
  const visitor = staticGraph([assets.entry.replace(/^\//, '')]);
  for (const [library, marker] of Object.entries(MARKERS)) {
    const found = [...visitor.assets].filter((asset) => read(asset).includes(marker));
    assert.deepEqual(found, [], `${library} ('${marker}') must not be in what every visitor page loads`);
  }
  // Everything loaded on demand, at any depth (the control center's shell, chrome and screens among it).
  const onDemand = { assets: new Set<string>() };
  for (let roots = [...visitor.lazy]; roots.length > 0; ) {
    const graph = staticGraph(roots.filter((asset) => !visitor.assets.has(asset) && !onDemand.assets.has(asset)));
    graph.assets.forEach((asset) => onDemand.assets.add(asset));
    roots = [...graph.lazy].filter((asset) => !onDemand.assets.has(asset) && !visitor.assets.has(asset));
  }
  for (const [library, marker] of Object.entries(MARKERS)) {
    assert.ok([...onDemand.assets].some((asset) => read(asset).includes(marker)), `${library} is in a lazily loaded chunk`);
  }
});

/** esbuild's metafile of a build (dist/metafiles/{id}.json, written by build.ts): what went into each output. */
interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, { bytesInOutput: number }>; entryPoint?: string }>;
}

/** Source files that belong to the control center alone: its UI and its rules. */
const CONTROL_CENTER_SOURCE = /^src\/(ui|core)\/control-center\//;

/** The current build's manifest and metafile. */
function currentBuild(): { assets: { entry: string; css: string[]; controlCenterCss: string[] }; metafile: Metafile } {
  const { id } = JSON.parse(read('builds/latest.json')) as { id: string };
  const { assets } = JSON.parse(read(`builds/meta/${id}.json`)) as { assets: { entry: string; css: string[]; controlCenterCss: string[] } };
  return { assets, metafile: JSON.parse(read(`metafiles/${id}.json`)) as Metafile };
}

test("the visitor entry's static import graph holds no byte of control-center code; its lazy chunks do", () => {
  const { assets, metafile } = currentBuild();
  // Metafile output keys are relative to the project root (dist/assets/…); the manifest's to dist.
  const key = (asset: string) => Object.keys(metafile.outputs).find((output) => output.endsWith(asset))!;
  const entry = key(assets.entry);
  assert.ok(entry, 'the entry is in the metafile');
  /** Every output reachable from `roots` through imports of the given kinds. */
  const reachable = (roots: string[], kinds: string[]) => {
    const found = new Set<string>();
    for (const queue = [...roots]; queue.length > 0; ) {
      const output = queue.pop()!;
      if (found.has(output)) continue;
      found.add(output);
      queue.push(...metafile.outputs[output]!.imports.filter(({ kind }) => kinds.includes(kind)).map(({ path: imported }) => imported));
    }
    return found;
  };
  const statics = reachable([entry], ['import-statement']);
  const lazy = [...reachable([entry], ['import-statement', 'dynamic-import'])].filter((output) => !statics.has(output));
  const controlCenterIn = (outputs: Iterable<string>) =>
    [...outputs].flatMap((output) =>
      Object.entries(metafile.outputs[output]!.inputs)
        .filter(([input, { bytesInOutput }]) => CONTROL_CENTER_SOURCE.test(input) && bytesInOutput > 0)
        .map(([input]) => input),
    );
  assert.deepEqual(controlCenterIn(statics), [], 'no control-center source in what every visitor page loads');
  // The same walk finds them where they belong, so the check above looks at the right names.
  const onDemand = controlCenterIn(lazy);
  for (const file of ['src/ui/control-center/ControlCenterShell.tsx', 'src/ui/control-center/chrome/ControlCenterFrame.tsx', 'src/ui/control-center/SignInForm.tsx', 'src/core/control-center/paths.ts']) {
    assert.ok(onDemand.includes(file), `${file} is in a lazily loaded chunk`);
  }
});

test('the visitor stylesheet has no control-center rule; the control-center stylesheet has them all', () => {
  const { assets } = currentBuild();
  assert.equal(assets.css.length, 1);
  assert.equal(assets.controlCenterCss.length, 1);
  const visitor = assets.css.map((asset) => read(asset.replace(/^\//, ''))).join('');
  const controlCenter = assets.controlCenterCss.map((asset) => read(asset.replace(/^\//, ''))).join('');
  assert.deepEqual(visitor.match(/\.cc-[\w-]+/g) ?? [], [], 'no .cc- selector in the visitor stylesheet');
  for (const selector of ['.cc-app', '.cc-header', '.cc-sections', '.cc-fields', '.cc-img-list', '.cc-filters', '.cc-article-facts']) {
    assert.ok(controlCenter.includes(selector), `${selector} is in the control-center stylesheet`);
  }
});
