/**
 * Starting one of the server's own worker threads (the operations port's, plugins/ops-worker.ts;
 * SQLite event ingest's, store/sqlite-event-worker.ts) from the compiled server or from sources.
 */
import { Worker } from 'node:worker_threads';

/** True in the compiled server (build-server.ts defines it and compiles each worker beside the entry). */
declare const COBRAND_COMPILED_SERVER: boolean | undefined;
const COMPILED = typeof COBRAND_COMPILED_SERVER !== 'undefined' && COBRAND_COMPILED_SERVER;

/**
 * Starts the worker whose source is `source` (a `.ts` URL): in the compiled server the `.js` of
 * the same name beside the entry (build-server.ts lists it as an entry point), else the source
 * through tsx.
 */
export function startWorkerThread(source: URL, workerData: unknown): Worker {
  const name = source.pathname.slice(source.pathname.lastIndexOf('/') + 1).replace(/\.ts$/, '.js');
  if (COMPILED) return new Worker(new URL(`./${name}`, import.meta.url), { workerData });
  // From sources, tsx is registered in the main thread only, and Node 20 ignores `--import` in a
  // worker's execArgv; tsx's tsImport loads the TypeScript worker (and what it imports) instead.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}
