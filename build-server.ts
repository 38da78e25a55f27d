/**
 * Compiles the server (src/server/start.ts and everything it imports: routes, brands, core, UI for
 * server rendering) to one ES module, dist/server/start.js (and the operations port's worker to
 * dist/server/ops-worker.js and dist/server/sqlite-event-worker.js), so production runs plain JavaScript:
 * no tsx, no TypeScript compiler at start-up or in memory. Every package stays external and loads
 * from node_modules (`packages: 'external'`), as build-cli.ts does for all but two; the server
 * starts once, so bundling packages would save nothing worth their native modules' trouble
 * (better-sqlite3, pg).
 *
 * The bundle must stay two folders under the project root (dist/server/): app.ts finds dist/ and
 * static/ from its own file's location, which is the bundle's once compiled. The client build
 * (build.ts) is left out: the compiled server never builds the client, `npm run build` does.
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

/** build.ts is only imported by the sources' start-up (to build a stale client); never bundled. */
const withoutClientBuild: esbuild.Plugin = {
  name: 'without-client-build',
  setup(build) {
    build.onResolve({ filter: /(^|\/)build\.ts$/ }, (args) => (args.importer.endsWith(path.join('src', 'server', 'start.ts')) ? { path: args.path, external: true } : undefined));
  },
};

/** What one build produced. */
export interface ServerBuild {
  /** The entry file, absolute. */
  entry: string;
  /** Source files compiled in, relative to the project root. */
  inputs: string[];
  /** Bytes of the entry. */
  bytes: number;
}

/**
 * Builds the server into `outdir` (default dist/server). Another folder must also be two levels
 * under the root (tests use dist/.server-test-…).
 */
export async function buildServer(outdir: string = SERVER_DIST_DIR): Promise<ServerBuild> {
  const entry = path.join(outdir, SERVER_ENTRY);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    // The worker threads (the operations port's, plugins/ops-listener.ts; SQLite event ingest's,
    // store/sqlite-event-thread.ts) load their own files, beside the entry (worker-thread.ts).
    entryPoints: {
      start: path.join(ROOT, 'src/server/start.ts'),
      'ops-worker': path.join(ROOT, 'src/server/plugins/ops-worker.ts'),
      'sqlite-event-worker': path.join(ROOT, 'src/server/store/sqlite-event-worker.ts'),
    },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Code the first request does not need (the control center's screens and their UI kit, any
    // dynamically imported package) goes into chunks loaded on first use, so start-up neither
    // reads nor keeps it (issue 14 "Cold start and memory").
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [withoutClientBuild],
    define: { COBRAND_COMPILED_SERVER: 'true' },
    jsx: 'automatic',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
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
  return { entry, inputs, bytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildServer();
  console.log(`built the server: ${path.relative(ROOT, built.entry)} (${built.inputs.length} sources, ${Math.round(built.bytes / 1024)} KB, ${Math.round(performance.now() - started)} ms)`);
}
