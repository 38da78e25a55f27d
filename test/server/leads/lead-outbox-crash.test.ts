/**
 * Crash between commit and delivery: a child process captures leads while its outbox worker has
 * deliveries in flight to a buyer that does not answer, and is SIGKILLed. A fresh store and
 * worker (its clock past the dead worker's leases) must then deliver every committed lead, and
 * the buyer must accept each exactly once. On SQLite and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EventEmitter } from 'node:events';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LEAD_OUTBOX_DEFAULTS, startLeadOutbox } from '../../../src/server/leads/lead-outbox.ts';
import type { CrashWriterArguments } from '../../fixtures/lead-outbox-crash-writer.ts';
import { startLeadBuyer, type FixtureLeadBuyer } from '../../../tools/support/lead-buyer-server.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WRITER = fileURLToPath(new URL('../../fixtures/lead-outbox-crash-writer.ts', import.meta.url));
/** Committed leads before the kill. */
const ACKED_BEFORE_KILL = 40;
/**
 * Deliveries in flight (received, unanswered) before the kill. A worker's round waits for its
 * batch, so against a hanging buyer only the first claimed batch is ever in flight: the other
 * committed leads are the "committed, never sent" case.
 */
const IN_FLIGHT_BEFORE_KILL = 1;
/**
 * The test's own bound, the only clock on the child: its start-up (tsx compile, migrations) takes
 * seconds on a quiet machine and far longer on a loaded one, so a separate, tighter start-up
 * deadline killed it before it had committed anything (a flake); now the test's timeout aborts
 * the child (spawn's signal) and reports a broken run.
 */
const TEST_TIMEOUT_MS = 300_000;
/**
 * The fresh worker's clock runs this far ahead, past any lease the dead worker took (its POST
 * budget is 60 s, so its leases are 90 s): the same as waiting for them, without the wait.
 */
const CLOCK_AHEAD_MS = 2 * LEAD_OUTBOX_DEFAULTS.leaseMs + 60_000;

interface CrashRun {
  acked: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the writer until it committed enough leads and the buyer holds enough requests, then SIGKILLs it (or when `signal` aborts). */
function runAndKillWriter(target: StoreTarget, buyer: FixtureLeadBuyer, signal: AbortSignal): Promise<CrashRun> {
  const args: CrashWriterArguments = { store: target.options, buyerUrl: buyer.url };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, JSON.stringify(args)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    const acked: string[] = [];
    let partialLine = '';
    let stderr = '';
    const killWhenReady = () => {
      if (acked.length >= ACKED_BEFORE_KILL && buyer.requests.length >= IN_FLIGHT_BEFORE_KILL) child.kill('SIGKILL');
    };
    buyer.events.on('request', killWhenReady);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partialLine + chunk).split('\n');
      partialLine = lines.pop() ?? '';
      acked.push(...lines.filter((line) => line !== ''));
      killWhenReady();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => (error.name === 'AbortError' ? undefined : reject(error)));
    child.on('close', (_code, signal) => {
      buyer.events.off('request', killWhenReady);
      resolve({ acked, signal, stderr });
    });
  });
}

describe('lead outbox crash between commit and delivery', () => {
  for (const dialect of STORE_DIALECTS) {
    test(`every committed lead is delivered exactly once after a SIGKILL (${dialect})`, { timeout: TEST_TIMEOUT_MS }, async (t) => {
      const target = createStoreTarget(dialect);
      const buyer = await startLeadBuyer('hang');
      try {
        // Create the schema (and, for PostgreSQL, prove the server is there) before the child runs.
        await (await target.open()).close();
        const { acked, signal, stderr } = await runAndKillWriter(target, buyer, t.signal);
        assert.equal(signal, 'SIGKILL', `the writer should have been killed mid-run; stderr:\n${stderr}`);
        assert.ok(acked.length >= ACKED_BEFORE_KILL, `the writer committed only ${acked.length} leads; stderr:\n${stderr}`);
        const inFlight = buyer.requests.length;
        assert.ok(inFlight >= IN_FLIGHT_BEFORE_KILL, `only ${inFlight} deliveries were in flight at the kill`);
        assert.equal(buyer.deliveries.size, 0, 'nothing was accepted before the kill');

        buyer.setMode('ok');
        const store = await target.open();
        const attempts = new EventEmitter();
        const worker = startLeadOutbox({
          store,
          buyers: { auto: { url: buyer.url } },
          timeoutMs: 5000,
          pollIntervalMs: 10,
          log: { info() {}, warn() {}, error() {} },
          now: () => new Date(Date.now() + CLOCK_AHEAD_MS),
          onAttempt: () => attempts.emit('attempt'),
        });
        try {
          const stored = (await target.column('select id from leads')) as string[];
          const lost = acked.filter((id) => !stored.includes(id));
          assert.deepEqual(lost, [], 'acknowledged leads were lost');
          // Checked before and after every attempt, listening throughout: a loop of depth-then-once
          // missed the last attempt when it ended during the depth query, and waited for good.
          await whenEmitted(attempts, 'attempt', async () => (await store.outboxDepth()) === 0, 'an empty outbox', 60_000);

          const delivered = await store.listLeads({ status: 'delivered', limit: stored.length + 1 });
          assert.deepEqual(delivered.map((lead) => lead.id).sort(), [...stored].sort(), 'every committed lead is delivered');
          assert.deepEqual([...buyer.deliveries.keys()].sort(), [...stored].sort(), 'the buyer took every committed lead');
          for (const id of stored) {
            const accepted = buyer.requestsFor(id).filter((request) => request.mode === 'ok').length;
            assert.equal(accepted, 1, `lead ${id} was delivered ${accepted} times after the restart`);
          }
          // The in-flight leads were sent twice (once to the dead worker's hung call), and the key made that harmless.
          assert.ok(stored.some((id) => buyer.requestsFor(id).length === 2));
        } finally {
          await worker.close();
          await store.close();
        }
      } finally {
        await buyer.close();
        await target.cleanup();
      }
    });
  }
});
