/**
 * The folders are the architecture (DESIGN.md "The shape"): `core` imports nothing from `ui`,
 * `client` or `server`; `ui` imports `core` only; `client` and `server` import `ui` and `core`,
 * never each other; `brands` imports nothing from `src`; nothing under src/ imports the CLI, the
 * benchmarks, the scripts or the tests; benchmarks and scripts get their helpers from
 * tools/support/, never from test/. Every static and dynamic import of every source file is
 * resolved and checked against that table, so a layering break (the control center's leads
 * screen once read lead statuses from the server's store) fails here instead of in review.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { filesUnder, importsOf, importTargets, relativeToRoot, ROOT, sourceFiles } from '../support/source-imports.ts';

/** The src/ layers, named by their folder. */
const SRC_LAYERS = ['core', 'ui', 'client', 'server'] as const;

/** The layers: src/'s four, the root files (routes.ts, build*.ts) and the other top-level folders. */
type Layer = (typeof SRC_LAYERS)[number] | 'brands' | 'routes' | 'build' | 'cli' | 'support' | 'bench' | 'scripts' | 'test';

/** Which other layers each layer may import. */
const MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  brands: [],
  core: ['brands'],
  ui: ['core', 'brands'],
  client: ['ui', 'core', 'brands'],
  server: ['ui', 'core', 'brands', 'routes'],
  routes: ['core', 'brands'],
  build: ['core', 'routes', 'cli'],
  cli: ['core', 'server', 'brands', 'routes'],
  support: ['core', 'ui', 'server', 'brands', 'routes', 'build'],
  bench: ['core', 'ui', 'server', 'brands', 'routes', 'build', 'cli', 'support'],
  scripts: ['core', 'ui', 'server', 'brands', 'routes', 'build', 'support'],
  test: ['core', 'ui', 'client', 'server', 'brands', 'routes', 'build', 'cli', 'support', 'bench', 'scripts'],
};

/** Where each layer is, as a path relative to the repository root or a test on it. */
function layerOf(file: string): Layer | undefined {
  const relative = relativeToRoot(file);
  const [top, second] = relative.split('/');
  if (top === 'src') return SRC_LAYERS.find((layer) => layer === second);
  if (relative === 'routes.ts') return 'routes';
  if (/^build[\w-]*\.ts$/.test(relative)) return 'build';
  if (top === 'tools') return second === 'support' ? 'support' : undefined;
  return top === 'brands' || top === 'cli' || top === 'bench' || top === 'scripts' || top === 'test' ? top : undefined;
}

/** The imports of `file` (of `layer`) that cross into a layer it may not import, as `file -> target`. */
function layeringBreaks(file: string, layer: Layer, targets: readonly string[]): string[] {
  return targets
    .filter((target) => {
      const targetLayer = layerOf(target);
      return targetLayer !== undefined && targetLayer !== layer && !MAY_IMPORT[layer].includes(targetLayer);
    })
    .map((target) => `${relativeToRoot(file)} -> ${relativeToRoot(target)}`);
}

describe('layering (DESIGN.md "The shape")', () => {
  const files = [...sourceFiles(), ...filesUnder(path.join(ROOT, 'test'))];
  for (const layer of Object.keys(MAY_IMPORT) as Layer[]) {
    test(`${layer} imports only ${MAY_IMPORT[layer].join(', ') || 'itself'} among the layers`, () => {
      const layerFiles = files.filter((file) => layerOf(file) === layer);
      assert.ok(layerFiles.length > 0, `${layer} has source files`);
      assert.deepEqual(
        layerFiles.flatMap((file) => layeringBreaks(file, layer, importsOf(file))),
        [],
      );
    });
  }

  describe('the check sees a break', () => {
    const probes: { name: string; file: string; source: string; breaks: string[] }[] = [
      {
        name: 'a ui file importing the server store',
        file: 'src/ui/probe.tsx',
        source: "import { LEAD_STATUSES } from '../server/platform/store/index.ts';",
        breaks: ['src/ui/probe.tsx -> src/server/platform/store/index.ts'],
      },
      {
        name: 'a brand importing core',
        file: 'brands/probe.ts',
        source: "import { href } from '../src/core/router/route-patterns.ts';",
        breaks: ['brands/probe.ts -> src/core/router/route-patterns.ts'],
      },
      {
        name: 'the server importing the build or the CLI',
        file: 'src/server/probe.ts',
        source: "import { build } from '../../build.ts';\nconst cli = await import('../../cli/index.ts');",
        breaks: ['src/server/probe.ts -> build.ts', 'src/server/probe.ts -> cli/index.ts'],
      },
      {
        name: 'a benchmark importing a test helper',
        file: 'bench/probe.ts',
        source: "import { whenEmitted } from '../test/support/when-emitted.ts';",
        breaks: ['bench/probe.ts -> test/support/when-emitted.ts'],
      },
      {
        name: 'a script importing a test fixture',
        file: 'scripts/probe.ts',
        source: "import { storedLead } from '../test/fixtures/stored-lead.ts';",
        breaks: ['scripts/probe.ts -> test/fixtures/stored-lead.ts'],
      },
      {
        name: 'the CLI importing the server (allowed) and the benchmark helpers (not)',
        file: 'cli/probe.ts',
        source: "import type { Store } from '../src/server/platform/store/index.ts';\nimport { startTestServer } from '../tools/support/server.ts';",
        breaks: ['cli/probe.ts -> tools/support/server.ts'],
      },
    ];
    for (const { name, file, source, breaks } of probes) {
      test(name, () => {
        const probe = path.join(ROOT, file);
        assert.deepEqual(layeringBreaks(probe, layerOf(probe)!, importTargets(probe, source)), breaks);
      });
    }
  });
});
