/**
 * The control center's libraries stay out of visitors' JavaScript (issue 12: "visitor pages do
 * not grow by a byte"): the built entry bundle and every chunk it imports statically (what any
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
  // Everything loaded on demand (the control center's screens and chrome among it).
  const onDemand = staticGraph([...visitor.lazy].filter((asset) => !visitor.assets.has(asset)));
  for (const [library, marker] of Object.entries(MARKERS)) {
    assert.ok([...onDemand.assets].some((asset) => read(asset).includes(marker)), `${library} is in a lazily loaded chunk`);
  }
});
