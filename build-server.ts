/**
 * Compiles the server (src/server/start.ts and everything it imports: routes, brands, core, UI for
 * server rendering, and the JavaScript packages) to one ES module, dist/server/start.js (and the
 * operations port's worker to dist/server/ops-worker.js and the SQLite events thread to
 * dist/server/sqlite-event-worker.js), so production runs plain JavaScript:
 * no tsx, no TypeScript compiler at start-up or in memory.
 *
 * Packages are bundled too, for a quicker cold start and less memory: loaded from node_modules, the
 * server read about 390 files at start-up, and most of its start was Node resolving, opening,
 * lexing (CommonJS under ESM) and compiling each one, not running them. Bundled, it reads one
 * file: CPU time to the first 200 fell by about a third and RSS at the first 200 by about 20 MB
 * (README "Benchmarks"). Only {@link EXTERNAL_PACKAGES} stay in node_modules.
 *
 * The bundle must stay two folders under the project root (dist/server/): app.ts finds dist/ and
 * static/ from its own file's location, which is the bundle's once compiled. The client build
 * (build.ts) is no part of the server: `npm run build` builds the client, and scripts/start.js
 * does before it runs the sources.
 *
 * Run by `npm run build` and `npm run build:server`, or `npx tsx build-server.ts`;
 * scripts/start.js runs the result when NODE_ENV=production.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Where the compiled server goes (ignored by git, as all of dist/). */
export const SERVER_DIST_DIR = path.join(ROOT, 'dist/server');

/** The compiled entry's file name. */
export const SERVER_ENTRY = 'start.js';

/**
 * Packages left in node_modules: native addons, which find their compiled binary next to their own
 * files (better-sqlite3, and better-sqlite3-node20 for Node 20: sqlite-driver.ts; sharp,
 * sodium-native under @fastify/secure-session; pg and ioredis are here for pg-native and because
 * they load lazily anyway), packages that fork or read files beside
 * themselves (node-cron's background daemon, maxmind and the @ip-location-db data), and the
 * build-time tools only the sources' start-up reaches.
 */
const EXTERNAL_PACKAGES = ['better-sqlite3', 'better-sqlite3-node20', 'sharp', 'sodium-native', 'pg', 'pg-native', 'ioredis', 'maxmind', 'node-cron', '@ip-location-db/*', 'esbuild', 'tsx'];

/**
 * CommonJS packages bundled into an ES module still call `require` (Node's own modules, JSON);
 * this gives the bundle one, resolving from dist/server/ as an external package would.
 */
const REQUIRE_BANNER = "import { createRequire as __cobrandCreateRequire } from 'node:module'; const require = __cobrandCreateRequire(import.meta.url);";

/** What one build produced. */
export interface ServerBuild {
  /** The entry file, absolute. */
  entry: string;
  /** Source files compiled in, relative to the project root. */
  inputs: string[];
  /** Bytes of the entry. */
  bytes: number;
  /**
   * Sources in the code read at start-up (the entry and the chunks it imports statically, not
   * those imported on first use), relative to the project root.
   */
  startupInputs: string[];
}

/** The inputs of `output` and of every chunk it imports statically, from esbuild's metafile. */
function startupInputsOf(metafile: esbuild.Metafile, output: string): string[] {
  const inputs = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const entry = metafile.outputs[file];
    if (!entry) return;
    for (const input of Object.keys(entry.inputs)) inputs.add(input);
    for (const imported of entry.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(output);
  return [...inputs].sort();
}

/**
 * Builds the server into `outdir` (default dist/server). Another folder must also be two levels
 * under the root (tests use dist/.server-test-…).
 */
export async function buildServer(outdir: string = SERVER_DIST_DIR): Promise<ServerBuild> {
  const entry = path.join(outdir, SERVER_ENTRY);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    // The worker threads (the operations port's, ops-listener.ts; SQLite event ingest's,
    // sqlite-event-thread.ts) load their own files, beside the entry (worker-thread.ts).
    entryPoints: {
      start: path.join(ROOT, 'src/server/start.ts'),
      'ops-worker': path.join(ROOT, 'src/server/platform/ops/ops-worker.ts'),
      'sqlite-event-worker': path.join(ROOT, 'src/server/events/sqlite-event-worker.ts'),
    },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    banner: { js: REQUIRE_BANNER },
    // Code the first request does not need (the control center's screens and their UI kit, any
    // dynamically imported package) goes into chunks loaded on first use, so start-up neither
    // reads nor keeps it: a quicker cold start and less memory.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // The compiled server runs only with NODE_ENV=production (scripts/start.js): React and the other
    // packages that pick a build by NODE_ENV keep only their production one (react-dom's
    // development builds alone are about 900 KB of source held in memory otherwise). A pino
    // transport would need its worker files beside the bundle; logging.ts uses none.
    define: { COBRAND_COMPILED_SERVER: 'true', 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // The bundle's source stays in memory for the process's life (V8 keeps it to compile functions
    // lazily): without comments and blank space it is about half the size, and all ASCII, so V8
    // holds it one byte per character (one em dash in a comment made it two: 8.9 MB instead of
    // 4.4). Identifiers are kept, so stack traces still name functions.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    // Stack traces name the sources with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(path.join(outdir, 'chunks'), { recursive: true });
  // The map first, the entry last, each through a rename: a server starting meanwhile reads a whole file.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs).sort();
  const bytes = result.metafile.outputs[path.relative(ROOT, entry)]?.bytes ?? 0;
  return { entry, inputs, bytes, startupInputs: startupInputsOf(result.metafile, path.relative(ROOT, entry)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildServer();
  console.log(`built the server: ${path.relative(ROOT, built.entry)} (${built.inputs.length} sources, ${Math.round(built.bytes / 1024)} KB, ${Math.round(performance.now() - started)} ms)`);
}
