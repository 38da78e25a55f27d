/**
 * Starting one of the server's own worker threads (the operations port's, ops/ops-worker.ts;
 * SQLite event ingest's, events/sqlite-event-worker.ts) from the compiled server, from sources, or
 * from a test fixture's bundle.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** True in the compiled server (build-server.ts defines it and compiles each worker beside the entry). */
declare const COBRAND_COMPILED_SERVER: boolean | undefined;
const COMPILED = typeof COBRAND_COMPILED_SERVER !== 'undefined' && COBRAND_COMPILED_SERVER;

/**
 * The project root: the nearest folder above this module that holds a package.json. This module
 * runs from its source file and from test fixtures' bundles (dist/fixtures/), which sit at
 * different depths below the root, so a fixed number of `..` would be right for only one of them.
 */
const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/**
 * Starts the worker whose source is `source` (a `.ts` path from the project root): in the
 * compiled server the `.js` of the same name beside the entry (build-server.ts lists it as an
 * entry point), else the source through tsx.
 */
export function startWorkerThread(source: string, workerData: unknown): Worker {
  if (COMPILED) return new Worker(new URL(`./${path.basename(source, '.ts')}.js`, import.meta.url), { workerData });
  // From sources, tsx is registered in the main thread only, and Node 20 ignores `--import` in a
  // worker's execArgv; tsx's tsImport loads the TypeScript worker (and what it imports) instead.
  const href = pathToFileURL(path.join(ROOT, source)).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(href)}, ${JSON.stringify(href)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}
