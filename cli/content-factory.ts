/**
 * `cobrand content-factory authors|run` (registered in content-factory-command.ts):
 * what the content-factory screens do, for scripts. `run` creates a run as the runs screen does
 * (audited as `cli:<os user>`) and writes its drafts in this process, a worker of its own run
 * only, with a progress bar on stderr; it ends with one line per draft and exits 1 when any failed.
 * Ctrl-C stops it: the drafts not yet written stay queued for a server's worker.
 */
import { RunRequestSchema } from '../src/core/control-center/content-factory.ts';
import { zodProblems } from '../src/core/zod-problems.ts';
import type { ProviderSettings } from '../src/server/control-center/content-factory/provider.ts';
import { startContentFactoryWorker } from '../src/server/control-center/content-factory/content-factory-worker.ts';
import type { Store, StoredRunItem } from '../src/server/platform/store/index.ts';
import { loadEnvironmentConfig, print, withStore, type CliIo } from './cli-io.ts';
import type { RunOptions } from './content-factory-arguments.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { startProgress } from './progress.ts';
import { formatTable } from './table.ts';

/** How often the run is read while its drafts are written. */
const POLL_MS = 100;

/** Says `message` on stderr and ends with `code`. */
function fail(io: CliIo, code: number, message: string): void {
  io.stderr.write(`${message}\n`);
  io.setExitCode(code);
}

/** `content-factory authors`. */
export async function listAuthors(io: CliIo, options: { brand: string; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const authors = await store.listAuthors(options.brand);
    if (options.json) return print(io.stdout, ...authors.map((author) => JSON.stringify(author)));
    if (authors.length === 0) return print(io.stdout, `${options.brand} has no authors yet (add them in the control center's content factory)`);
    print(io.stdout, formatTable(['id', 'name', 'expertise', 'tone'], authors.map((author) => [String(author.id), author.name, author.expertise.join(', '), author.tone])));
  });
}

/** True once no item of the run waits for a worker. */
const finished = (items: readonly StoredRunItem[]) => items.every((item) => item.status !== 'queued' && item.status !== 'running');

/** `content-factory run`. */
export async function runContentFactory(io: CliIo, options: RunOptions): Promise<void> {
  const request = RunRequestSchema.safeParse({ authorId: options.author, count: options.count, topics: options.topic, template: options.template });
  if (!request.success) return fail(io, EXIT_CODES.usage, `${zodProblems(request.error).join('; ')}; no run was created`);
  const config = await loadEnvironmentConfig(io);
  if (config === undefined) return;
  const { CONTENT_FACTORY_URL: url, CONTENT_FACTORY_API_KEY: apiKey, CONTENT_FACTORY_MODEL: model, CONTENT_FACTORY_TIMEOUT_MS: timeoutMs } = config.vars;
  if (url === undefined) return fail(io, EXIT_CODES.usage, 'CONTENT_FACTORY_URL is not set: set it to the provider (or to the URL `cobrand sandbox content-factory` prints); no run was created');
  // Listened for before any work, so a Ctrl-C during the first draft is caught.
  const interruption = io.interruption();
  await withStore(io, async (store) => {
    const { authorId, count, topics, template } = request.data;
    if (!(await store.getAuthor(options.brand, authorId))) return fail(io, EXIT_CODES.usage, `--author: ${options.brand} has no author ${authorId} (cobrand content-factory authors --brand ${options.brand}); no run was created`);
    const by = `cli:${io.actor()}`;
    const run = await store.createRun({ branch: options.brand, authorId, template, topics, count, by });
    await store.recordAudit({ userEmail: by, branch: options.brand, itemKind: 'content-run', itemId: String(run.id), action: 'create', after: request.data });
    const items = await writeDrafts(io, store, options.brand, run.id, { url, model, timeoutMs, ...(apiKey ? { apiKey } : {}) }, interruption);
    report(io, options, run.id, items, interruption.aborted);
  });
}

/** Run `runId`'s items as stored now. */
async function itemsOf(store: Store, branch: string, runId: number): Promise<StoredRunItem[]> {
  return (await store.getRun(branch, runId))?.items ?? [];
}

/** Writes run `runId`'s drafts with a worker of its own until none waits or Ctrl-C; the items as they ended. */
async function writeDrafts(io: CliIo, store: Store, branch: string, runId: number, provider: ProviderSettings, interruption: AbortSignal): Promise<StoredRunItem[]> {
  let items = await itemsOf(store, branch, runId);
  const progress = startProgress(io.stderr, { label: 'writing', unit: 'drafts', total: items.length });
  const worker = startContentFactoryWorker({
    store,
    provider,
    runId,
    pollIntervalMs: POLL_MS,
    // Failures are reported per draft at the end; a store failure is worth a line now.
    log: { info() {}, warn() {}, error: (_details, message) => io.stderr.write(`${message}\n`) },
  });
  try {
    while (!finished(items) && !interruption.aborted) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      items = await itemsOf(store, branch, runId);
      progress.update(items.filter((item) => item.status === 'done' || item.status === 'failed').length);
    }
  } finally {
    progress.finish();
    await worker.close();
  }
  return itemsOf(store, branch, runId);
}

/** One line per draft (or the JSON of the run's items); exit 1 when one failed, or Ctrl-C left some unwritten. */
function report(io: CliIo, options: RunOptions, runId: number, items: readonly StoredRunItem[], interrupted: boolean): void {
  if (options.json) {
    print(io.stdout, JSON.stringify({ run: runId, branch: options.brand, items }));
  } else {
    print(
      io.stdout,
      formatTable(
        ['item', 'status', 'topic', 'draft or error'],
        items.map((item) => [String(item.id), item.status, item.topic, item.articleSlug ?? item.error ?? '']),
      ),
    );
  }
  const failed = items.filter((item) => item.status === 'failed').length;
  const waiting = items.filter((item) => item.status === 'queued' || item.status === 'running').length;
  const done = items.length - failed - waiting;
  io.stderr.write(`run ${runId}: ${done} drafts written (unpublished: review them in Articles), ${failed} failed${interrupted ? `, ${waiting} left queued for a server's worker` : ''}\n`);
  if (failed > 0 || waiting > 0) io.setExitCode(EXIT_CODES.problems);
}
