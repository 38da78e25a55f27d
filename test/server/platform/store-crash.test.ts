/**
 * Crash durability: a writer process is SIGKILLed while writing; every event it printed as
 * acknowledged must be in the store when it is reopened. (SIGKILL leaves the OS page cache
 * intact, so this proves "acknowledged only after commit"; surviving power loss on top of that
 * is what synchronous=FULL / synchronous_commit=on are for.)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WRITER = fileURLToPath(new URL('../../fixtures/store-crash-writer.ts', import.meta.url));
/**
 * The writer is killed once it acknowledged this many events: with its 32 concurrent calls still
 * writing, that is mid-run on any machine. (A kill timed 1 s after the first acknowledgement, and
 * a 15 s bound on reaching it, were clocks a loaded machine could outrun.)
 */
const KILL_AFTER_ACKS = 500;
/** The test's own bound, the only clock: it aborts the child (spawn's signal) on a broken run. */
const TEST_TIMEOUT_MS = 300_000;

interface CrashRun {
  acked: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the writer against `target`, kills it once it acknowledged KILL_AFTER_ACKS events (or when `signal` aborts), and collects acked ids. */
function runAndKillWriter(target: StoreTarget, signal: AbortSignal): Promise<CrashRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, JSON.stringify(target.options)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    const acked: string[] = [];
    let partialLine = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partialLine + chunk).split('\n');
      partialLine = lines.pop() ?? '';
      acked.push(...lines.filter((line) => line !== ''));
      if (acked.length >= KILL_AFTER_ACKS) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => (error.name === 'AbortError' ? undefined : reject(error)));
    child.on('close', (_code, signal) => resolve({ acked, signal, stderr }));
  });
}

describe('store crash durability', () => {
  for (const dialect of STORE_DIALECTS) {
    test(`every event acknowledged before SIGKILL is stored (${dialect})`, { timeout: TEST_TIMEOUT_MS }, async (t) => {
      const target = createStoreTarget(dialect);
      try {
        // Create the schema (and, for PostgreSQL, prove the server is there) before the child runs.
        await (await target.open()).close();
        const { acked, signal, stderr } = await runAndKillWriter(target, t.signal);
        assert.ok(acked.length >= KILL_AFTER_ACKS, `the writer acknowledged only ${acked.length} events; stderr:\n${stderr}`);
        assert.equal(signal, 'SIGKILL', `the writer should have been killed mid-run; stderr:\n${stderr}`);

        const store = await target.open();
        await store.close();
        const stored = new Set(await target.column('select id from events'));
        const lost = acked.filter((id) => !stored.has(id));
        assert.deepEqual(lost.slice(0, 10), [], `${lost.length} of ${acked.length} acknowledged events were lost`);
        assert.ok(stored.size >= acked.length);
      } finally {
        await target.cleanup();
      }
    });
  }
});
