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
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../fixtures/store-targets.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WRITER = fileURLToPath(new URL('../fixtures/store-crash-writer.ts', import.meta.url));
/** How long the writer runs after its first acknowledgement before it is killed. */
const KILL_AFTER_FIRST_ACK_MS = 1000;
/** Bound on waiting for the first acknowledgement (start-up, tsx compile, migrations). */
const FIRST_ACK_TIMEOUT_MS = 15_000;

interface CrashRun {
  acked: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the writer against `target`, kills it ~1 s after its first ack, and collects acked ids. */
function runAndKillWriter(target: StoreTarget): Promise<CrashRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, JSON.stringify(target.options)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    let partialLine = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => child.kill('SIGKILL'), FIRST_ACK_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partialLine + chunk).split('\n');
      partialLine = lines.pop() ?? '';
      acked.push(...lines.filter((line) => line !== ''));
      if (killTimer === undefined && acked.length > 0) {
        clearTimeout(giveUp);
        killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_FIRST_ACK_MS);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(giveUp);
      clearTimeout(killTimer);
      resolve({ acked, signal, stderr });
    });
  });
}

describe('store crash durability', () => {
  for (const dialect of STORE_DIALECTS) {
    test(`every event acknowledged before SIGKILL is stored (${dialect})`, async () => {
      const target = createStoreTarget(dialect);
      try {
        // Create the schema (and, for PostgreSQL, prove the server is there) before the child runs.
        await (await target.open()).close();
        const { acked, signal, stderr } = await runAndKillWriter(target);
        assert.ok(acked.length > 0, `the writer acknowledged nothing; stderr:\n${stderr}`);
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
