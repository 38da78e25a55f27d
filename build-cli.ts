/**
 * Compiles the `cobrand` CLI (cli/index.ts) to JavaScript under dist/cli, so the bin runs without
 * tsx: `cobrand.js` (the commands' definitions) plus one chunk per command implementation, loaded
 * when that command runs (esbuild code splitting: `--help` loads no store, pg, better-sqlite3,
 * React or route table). The two packages every command line loads, commander and zod, are
 * bundled in (measured: about 40 ms less CPU per command than loading their many files from
 * node_modules); every other package stays external and loads from node_modules as usual.
 * `dist/cli/build.json`, written last, records when the build started and every source it read,
 * for cli/compiled.js to tell a stale build from a fresh one.
 *
 * Run by `npm run build` and by npm's `prepare` script (so `npm ci` leaves a compiled CLI), or
 * `npx tsx build-cli.ts`.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { CLI_BUILD_INFO, CLI_DIST, compiledCli } from './cli/compiled.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Where the compiled CLI goes by default (ignored by git, as all of dist/). */
export const CLI_DIST_DIR = path.join(ROOT, CLI_DIST);

/** The compiled entry's file name. */
export const CLI_ENTRY = 'cobrand.js';

/** Packages compiled into the bundle; every other one is imported from node_modules at run time. */
export const BUNDLED_PACKAGES: readonly string[] = ['commander', 'zod'];

/**
 * Defines `require` in each output file: commander is CommonJS and requires node:events and
 * friends, which an ES module bundle can only do through createRequire.
 */
const REQUIRE_BANNER = "import { createRequire as __cobrandCreateRequire } from 'node:module'; const require = __cobrandCreateRequire(import.meta.url);";

/** The package a bare import names: `zod/v4/core` → `zod`, `@scope/name/x` → `@scope/name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Keeps every package external except {@link BUNDLED_PACKAGES}. */
const externalPackages: esbuild.Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      // Node's built-ins (`node:fs`, or `events` without the prefix) are not in the list either.
      return BUNDLED_PACKAGES.includes(packageName(args.path)) ? undefined : { external: true };
    });
  },
};

/**
 * The files whose change makes the build stale: every source, and for a bundled package its
 * package.json (an upgrade changes it) rather than each of its files.
 */
function freshnessInputs(metafile: esbuild.Metafile): string[] {
  const inputs = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const inPackage = /^(.*?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    inputs.add(inPackage ? `${inPackage[1]}/package.json` : input);
  }
  return [...inputs].sort();
}

/** Chunks of earlier builds are removed once older than this (a cobrand started just before may still load them). */
const OLD_CHUNK_GRACE_MS = 10 * 60_000;

/** What one build produced. */
export interface CliBuild {
  /** The entry file, absolute. */
  entry: string;
  /** Source files compiled in, relative to the project root. */
  inputs: string[];
  /** Every file written, absolute. */
  outputs: string[];
  /** What esbuild reported: which inputs went into which output, and each output's imports. */
  metafile: esbuild.Metafile;
}

/** Writes `contents` to `file` through a temporary file and a rename, so a cobrand starting meanwhile never reads half a file. */
async function writeAtomically(file: string, contents: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/** Builds the CLI into `outdir` (default dist/cli). */
export async function buildCli(outdir: string = CLI_DIST_DIR): Promise<CliBuild> {
  const startedAt = Date.now();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { [path.basename(CLI_ENTRY, '.js')]: path.join(ROOT, 'cli/index.ts') },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Name packages by where they are found, not where a symlink points: scripts/node-version.sh
    // runs in a scratch copy whose node_modules entries link back to the main ones, and the build
    // record and its staleness check must still read node_modules/{name}/….
    preserveSymlinks: true,
    plugins: [externalPackages],
    banner: { js: REQUIRE_BANNER },
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Stack traces name the sources with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(path.join(outdir, 'chunks'), { recursive: true });
  const entry = path.join(outdir, CLI_ENTRY);
  // Chunks first, the entry after them, the build record last: whatever a cobrand starting
  // meanwhile reads is complete, and never an entry whose chunks are not there yet.
  const order = (file: string) => (file === entry ? 1 : file.startsWith(entry) ? 2 : 0);
  const files = [...result.outputFiles].sort((a, b) => order(a.path) - order(b.path));
  for (const file of files) await writeAtomically(file.path, file.contents);
  const inputs = freshnessInputs(result.metafile);
  await writeAtomically(path.join(outdir, CLI_BUILD_INFO), `${JSON.stringify({ startedAt, entry: CLI_ENTRY, inputs }, null, 2)}\n`);
  await removeOldChunks(path.join(outdir, 'chunks'), new Set(files.map((file) => file.path)));
  return { entry, inputs, outputs: files.map((file) => file.path), metafile: result.metafile };
}

/** Deletes chunks no longer written by a build, once they are old enough that nothing still loads them. */
async function removeOldChunks(dir: string, current: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (current.has(file)) continue;
    const stats = await stat(file).catch(() => undefined);
    if (stats && Date.now() - stats.mtimeMs > OLD_CHUNK_GRACE_MS) await rm(file, { force: true });
  }
}

/** Builds the CLI into dist/cli unless it is there and fresh (see cli/compiled.js); true when it built. */
export async function buildCliIfStale(): Promise<boolean> {
  if ('entry' in compiledCli(ROOT)) return false;
  await buildCli();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildCli();
  console.log(`built the CLI: ${path.relative(ROOT, built.entry)} (${built.inputs.length} sources, ${Math.round(performance.now() - started)} ms)`);
}
