/**
 * Builds the client: a content-hashed, minified ESM bundle and stylesheet under dist/assets, plus
 * builds/meta/{buildId}.json (the manifest the client's route guard reads) and builds/latest.json
 * (polled by the version check). Run `npm run build`; `npm start` and `npm test` build when needed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import * as esbuild from 'esbuild';
import { formatBudget, measureBundle } from './build-budget.ts';
import { ROUTES, ROUTE_RULES } from './routes.ts';
import type { BuildManifest, LatestBuild } from './src/core/build-manifest.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
/** Where the build goes; ignored by git. */
export const DIST_DIR = path.join(ROOT, 'dist');
/** Sources whose change makes the build stale. */
const SOURCE_DIRS = ['src/client', 'src/ui', 'src/core', 'brands'].map((dir) => path.join(ROOT, dir));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `{file}.br` and `{file}.gz` beside each JS and CSS output, compressed once at the
 * highest levels, so @fastify/static (`preCompressed`) sends them without compressing per request.
 */
async function writeCompressedTwins(files: string[]): Promise<void> {
  await Promise.all(
    files
      .filter((file) => /\.(js|css)$/.test(file))
      .map(async (file) => {
        const bytes = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }),
  );
}

/**
 * Per page template with a chunk of its own (ui/templates/index.ts), keyed by its source module:
 * that chunk and the chunks it imports statically, transitively, less those the entry imports
 * statically anyway (served paths, the template's chunk first). The server links them with
 * `<link rel="modulepreload">` so the template's code loads alongside the entry, not after it has
 * run (no extra round trip); the budget weighs each page type as the entry's first load plus these.
 */
function templateChunks(metafile: esbuild.Metafile, entry: string, served: (file: string) => string): Record<string, string[]> {
  const closure = (output: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(output)) return seen;
    seen.add(output);
    for (const { path: imported, kind } of metafile.outputs[output]?.imports ?? []) if (kind === 'import-statement' && metafile.outputs[imported]) closure(imported, seen);
    return seen;
  };
  const entryOutput = Object.keys(metafile.outputs).find((output) => served(output) === entry);
  if (entryOutput === undefined) throw new Error(`esbuild's metafile has no output served as the entry ${entry}`);
  const firstLoad = closure(entryOutput);
  const chunks: Record<string, string[]> = {};
  for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
    if (!entryPoint?.startsWith('src/ui/templates/') || !output.endsWith('.js')) continue;
    chunks[entryPoint] = [...closure(output)].filter((chunk) => !firstLoad.has(chunk)).map(served);
  }
  return chunks;
}

/** Builds the client bundle and manifest; returns the new manifest. */
export async function build(): Promise<BuildManifest> {
  // Earlier builds' hashed files stay: a visitor still on the previous version can load its
  // chunks until the version check moves them over (and a running server keeps working).
  const assetsDir = path.join(DIST_DIR, 'assets');
  const result = await esbuild.build({
    entryPoints: {
      entry: path.join(ROOT, 'src/client/entry.tsx'),
      styles: path.join(ROOT, 'src/ui/styles.css'),
      // Linked on control-center pages only: the control center's styles add not a byte to visitor pages.
      'control-center': path.join(ROOT, 'src/ui/control-center.css'),
    },
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: 'linked',
    // The libraries' licence texts go to a .LEGAL.txt beside each output, linked from it by a
    // one-line comment, instead of riding along in every visitor's budgeted first load (build-budget.ts).
    legalComments: 'linked',
    // Old phones: iOS 14 Safari and Android Chrome of the last five years run ES2020.
    target: ['es2020'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  });
  await writeCompressedTwins(Object.keys(result.metafile.outputs).map((file) => path.resolve(ROOT, file)));
  const served = (file: string) => '/' + path.relative(DIST_DIR, path.resolve(ROOT, file)).split(path.sep).join('/');
  const outputs = Object.keys(result.metafile.outputs).map(served);
  const entry = outputs.find((file) => /\/entry-[A-Z0-9]+\.js$/.test(file));
  const css = outputs.filter((file) => /\/styles-[A-Z0-9]+\.css$/.test(file));
  const controlCenterCss = outputs.filter((file) => /\/control-center-[A-Z0-9]+\.css$/.test(file));
  if (!entry) throw new Error('build produced no entry bundle');
  const id = createHash('sha256').update(outputs.sort().join('\n')).digest('hex').slice(0, 12);
  const timestamp = Date.now();
  const manifest: BuildManifest = {
    id,
    timestamp,
    assets: { entry, css, controlCenterCss, templateChunks: templateChunks(result.metafile, entry, served) },
    routes: ROUTES.map(({ name, path: pattern, brands }) => ({ name, path: pattern, brands })),
    routeRules: ROUTE_RULES,
  };
  const latest: LatestBuild = { id, timestamp };
  await mkdir(path.join(DIST_DIR, 'builds/meta'), { recursive: true });
  await writeFile(path.join(DIST_DIR, 'builds/meta', `${id}.json`), JSON.stringify(manifest));
  await writeFile(path.join(DIST_DIR, 'builds/latest.json'), JSON.stringify(latest));
  // What went into each output, for the bundle tests (test/unit/cc-kit-bundle.test.ts); not served.
  await mkdir(path.join(DIST_DIR, 'metafiles'), { recursive: true });
  await writeFile(path.join(DIST_DIR, 'metafiles', `${id}.json`), JSON.stringify(result.metafile));
  return manifest;
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const { mtimeMs } = await stat(path.join(entry.parentPath, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  return newest;
}

/** True when there is no build yet or a client-side source changed after the last one. */
export async function buildIsStale(): Promise<boolean> {
  const latest = await stat(path.join(DIST_DIR, 'builds/latest.json')).catch(() => undefined);
  if (!latest) return true;
  // build.ts too: the manifest's shape is its (a server reading an older shape would miss `templateChunks`).
  const files = ['routes.ts', 'build.ts'].map((file) => stat(path.join(ROOT, file)).then((s) => s.mtimeMs));
  const sources = await Promise.all([...SOURCE_DIRS.map(newestMtime), ...files]);
  return Math.max(...sources) > latest.mtimeMs;
}

/** Builds only when {@link buildIsStale}. */
export async function buildIfNeeded(): Promise<void> {
  if (await buildIsStale()) await build();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await build();
  console.log(`built ${manifest.id}: ${manifest.assets.entry} ${manifest.assets.css.join(' ')}`);
  // What a visitor page loads first, against its budget (build-budget.ts).
  console.log(formatBudget(await measureBundle(DIST_DIR, manifest.assets)));
}
