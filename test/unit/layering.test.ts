/**
 * The folders are the architecture (DESIGN.md "The shape"): `core` imports nothing from `ui`,
 * `client` or `server`; `ui` imports `core` only; `client` and `server` import `ui` and `core`,
 * never each other. Every static and dynamic import of every source file under src/ is resolved
 * and checked against that table, so a layering break (the control center's leads screen once
 * read lead statuses from the server's store) fails here instead of in review.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
type Layer = 'core' | 'ui' | 'client' | 'server';

/** Which other layers each layer may import. */
const MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  core: [],
  ui: ['core'],
  client: ['ui', 'core'],
  server: ['ui', 'core'],
};

/** `from '…'`, `import '…'` and `import('…')` specifiers that are relative paths. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

function layerOf(file: string): Layer | undefined {
  const [top] = path.relative(SRC, file).split(path.sep);
  return top === 'core' || top === 'ui' || top === 'client' || top === 'server' ? top : undefined;
}

function sourceFiles(layer: Layer): string[] {
  return readdirSync(path.join(SRC, layer), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The imports of `file` that cross into a layer it may not import, as `file -> target`. */
function layeringBreaks(file: string, layer: Layer): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(RELATIVE_IMPORT)]
    .map((match) => path.resolve(path.dirname(file), match[1]!))
    .filter((target) => {
      const targetLayer = layerOf(target);
      return targetLayer !== undefined && targetLayer !== layer && !MAY_IMPORT[layer].includes(targetLayer);
    })
    .map((target) => `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
}

describe('layering (DESIGN.md "The shape")', () => {
  for (const layer of Object.keys(MAY_IMPORT) as Layer[]) {
    test(`src/${layer} imports only ${MAY_IMPORT[layer].join(', ') || 'itself'} among the layers`, () => {
      const files = sourceFiles(layer);
      assert.ok(files.length > 10, `src/${layer} has source files`);
      assert.deepEqual(files.flatMap((file) => layeringBreaks(file, layer)), []);
    });
  }

  test('the check sees a break: a ui file importing the server store', () => {
    const probe = path.join(SRC, 'ui/probe.tsx');
    const source = "import { LEAD_STATUSES } from '../server/store/leads.ts';";
    const targets = [...source.matchAll(RELATIVE_IMPORT)].map((match) => path.resolve(path.dirname(probe), match[1]!));
    assert.deepEqual(targets.map(layerOf), ['server']);
    assert.equal(MAY_IMPORT.ui.includes('server'), false);
  });
});
