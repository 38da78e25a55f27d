/**
 * The lead outbox worker against a real local buyer (tools/support/lead-buyer-server.ts), on
 * SQLite and PostgreSQL: what is sent (the §7 mapping, Idempotency-Key, bearer token), how each
 * answer ends (delivered, rejected, retried with backoff, failed after the 24 h window), what is
 * recorded, shutdown, and several workers sharing one outbox. Time is an injected clock: the
 * tests move it and kick the worker instead of waiting.
 */
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { BRANDS } from '../../../brands/index.ts';
import { LEADS_PATH } from '../../../src/core/contract/leads.ts';
import { funnelConsent } from '../../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../../src/core/funnels/funnels.ts';
import { REDACTED } from '../../../src/server/marketplace/redact.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { judgeBuyerAnswer } from '../../../src/server/leads/buyer-answer.ts';
import { startLeadOutbox, type LeadOutbox, type LeadOutboxOptions, type OutboxAttempt, type OutboxStore } from '../../../src/server/leads/lead-outbox.ts';
import { LEAD_RETRY_POLICY, retryOrFail } from '../../../src/server/leads/lead-retry.ts';
import type { LeadRow, NewLead, Store, StoreDialect } from '../../../src/server/platform/store/index.ts';
import type { BudgetTimer, UpstreamOutcome } from '../../../src/server/platform/upstream/relay.ts';
import { FIXTURE_LEAD_PRICE, FIXTURE_REJECT_REASON, startLeadBuyer, type FixtureLeadBuyer, type LeadBuyerMode } from '../../../tools/support/lead-buyer-server.ts';
import { createStoreTarget, STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';
import { AUTO_LEAD_FIELDS } from '../../../tools/support/auto-lead.ts';
import { postWalkedLead, walkSteps } from '../../support/js-walk.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const HOUR_MS = 3_600_000;
const TOKEN = 'buyer-secret-token';
/** Long enough that only kicks drive the worker in these tests. */
const NO_POLLING_MS = HOUR_MS;
/** The POST budget the hang tests name; their budgets run out when the test says, not after this long. */
const HELD_BUDGET_MS = 2500;

/**
 * Budgets that expire only when the test calls `expire`: a buyer's hang is then a fact the buyer
 * reports (it received the request and answers nothing), not an assumption that a short timer
 * outlasts the request's trip to it.
 */
function heldBudgets(): { budget: BudgetTimer; expire(): number } {
  const running = new Set<() => void>();
  return {
    budget(expire) {
      running.add(expire);
      return () => void running.delete(expire);
    },
    /** Expires every running budget; says how many there were. */
    expire() {
      const count = running.size;
      for (const expire of running) expire();
      running.clear();
      return count;
    },
  };
}

/** An auto lead's stored fields (already validated at capture). */
const AUTO_FIELDS = {
  zipcode: '33187',
  currentlyInsured: true,
  currentCompany: 'State Farm',
  homeowner: false,
  driver1FirstName: 'Ada',
  driver1LastName: 'Lovelace',
  driver1Email: 'ada@example.com',
  driver1Phone: '(305) 555-0142',
  driver1Address: '1 Main St',
  driver1Dob: '1956-04-30',
  driver1Gender: 'female',
  driver1MaritalStatus: 'widowed',
  driver1CreditRating: 'good',
  driver1MilitaryAffiliation: false,
  driver2FirstName: 'Charles',
  driver2MaritalStatus: 'married',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
};

/** AUTO_FIELDS in the buyer's schema (spec §7). */
const AUTO_PAYLOAD = {
  zip: '33187',
  drivers: [
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      dob: '1956-04-30',
      address: '1 Main St',
      primary_phone: '3055550142',
      gender: 'female',
      own_or_rent: 'rent',
      marital_status: 'non-married',
      credit_rating: 'good',
      military_experience: 'no',
    },
    { first_name: 'Charles', marital_status: 'married' },
  ],
  vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }],
  coverage: { has_coverage: 'yes', former_insurer: 'state farm' },
};

/** Personal values of AUTO_FIELDS that must never reach a log line. */
const PERSONAL_VALUES = ['Ada', 'Lovelace', 'ada@example.com', '3055550142', '555-0142', '1 Main St', '1956-04-30'];

function makeLead(id: string, overrides: Partial<NewLead> = {}): NewLead {
  return {
    id,
    brandId: 'tqg',
    route: 'quiz-auto',
    funnel: 'auto',
    product: 'auto',
    language: 'en',
    anonymousId: 'anon-1',
    sessionId: 'session-1',
    fields: AUTO_FIELDS,
    consent: null,
    status: 'captured',
    createdAt: T0,
    ...overrides,
  };
}

/** A worker wired to a store and a fixture buyer, with an injected clock and a record of what happened. */
interface Harness {
  store: Store;
  buyer: FixtureLeadBuyer;
  worker: LeadOutbox;
  /** Moves the worker's clock. */
  clock: { now: Date };
  attempts: OutboxAttempt[];
  logs: Array<{ level: string; details: object; message: string }>;
  /** Resolves once `count` attempts were recorded in total. */
  waitForAttempts(count: number): Promise<OutboxAttempt[]>;
  /** Kicks the worker and resolves after its next claim that found nothing due. */
  kickUntilIdle(): Promise<void>;
}

type HarnessOptions = Partial<Pick<LeadOutboxOptions, 'timeoutMs' | 'budget' | 'random' | 'closeGraceMs' | 'batchSize' | 'pollIntervalMs'>> & { mode?: LeadBuyerMode; token?: string };

async function withWorker(dialect: StoreDialect, options: HarnessOptions, body: (harness: Harness) => Promise<void>): Promise<void> {
  await withStore(dialect, async (store) => {
    const buyer = await startLeadBuyer(options.mode ?? 'ok');
    const events = new EventEmitter();
    const attempts: OutboxAttempt[] = [];
    const logs: Harness['logs'] = [];
    const clock = { now: new Date(T0) };
    const observed: OutboxStore = {
      async claimDueLeads(now, limit, leaseMs, products) {
        const claimed = await store.claimDueLeads(now, limit, leaseMs, products);
        if (claimed.length === 0) events.emit('idle');
        return claimed;
      },
      recordDelivery: (id, outcome, at) => store.recordDelivery(id, outcome, at),
      recordExchange: (exchange) => store.recordExchange(exchange),
    };
    const log = (level: string) => (details: object, message: string) => void logs.push({ level, details, message });
    const worker = startLeadOutbox({
      store: observed,
      buyers: { auto: { url: buyer.url, token: options.token ?? TOKEN } },
      timeoutMs: options.timeoutMs ?? 2000,
      pollIntervalMs: options.pollIntervalMs ?? NO_POLLING_MS,
      log: { info: log('info'), warn: log('warn'), error: log('error') },
      now: () => clock.now,
      random: options.random ?? (() => 0.5),
      ...(options.closeGraceMs !== undefined ? { closeGraceMs: options.closeGraceMs } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
      ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
      onAttempt(attempt) {
        attempts.push(attempt);
        events.emit('attempt');
      },
    });
    const harness: Harness = {
      store,
      buyer,
      worker,
      clock,
      attempts,
      logs,
      async waitForAttempts(count) {
        while (attempts.length < count) await once(events, 'attempt');
        return attempts;
      },
      async kickUntilIdle() {
        const idle = once(events, 'idle');
        worker.kick();
        await idle;
      },
    };
    try {
      await body(harness);
    } finally {
      await worker.close();
      await buyer.close();
    }
    // Ids and outcome kinds only: not one personal value in any log line.
    const logged = JSON.stringify(logs);
    for (const value of PERSONAL_VALUES) assert.ok(!logged.includes(value), `a log line holds personal data (${value}): ${logged}`);
  });
}

/** Stores `lead`, kicks the worker and waits for its next attempt. */
async function captureAndDeliver(harness: Harness, lead: NewLead): Promise<{ attempt: OutboxAttempt; stored: LeadRow }> {
  const before = harness.attempts.length;
  await harness.store.createLead(lead);
  harness.worker.kick();
  const attempt = (await harness.waitForAttempts(before + 1))[before]!;
  return { attempt, stored: (await harness.store.getLead(lead.id))! };
}

for (const dialect of STORE_DIALECTS) {
  describe(`lead outbox on ${dialect}`, () => {
    test('a captured auto lead reaches the buyer mapped to §7, with its id as Idempotency-Key and the bearer token', () =>
      withWorker(dialect, {}, async (harness) => {
        const { attempt, stored } = await captureAndDeliver(harness, makeLead('lead-deliver-0001'));
        assert.equal(attempt.outcome.kind, 'delivered');
        assert.equal(harness.buyer.requests.length, 1);
        const [request] = harness.buyer.requests;
        assert.equal(request?.method, 'POST');
        assert.equal(request?.path, '/leads');
        assert.equal(request?.idempotencyKey, 'lead-deliver-0001');
        assert.equal(request?.authorization, `Bearer ${TOKEN}`);
        assert.equal(request?.headers['content-type'], 'application/json');
        assert.deepEqual(request?.body, AUTO_PAYLOAD);
        // The body holds no lead id, consent or token: only the §7 fields.
        assert.ok(!JSON.stringify(request?.body).includes(TOKEN));

        assert.equal(stored.status, 'delivered');
        assert.equal(stored.attempts, 1);
        assert.equal(stored.buyerLeadId, 'buyer-1');
        assert.equal(stored.buyerPrice, FIXTURE_LEAD_PRICE);
        assert.deepEqual(JSON.parse(stored.buyerResponse ?? 'null'), { accepted: true, lead_id: 'buyer-1', price: FIXTURE_LEAD_PRICE });
        assert.equal(stored.deliveredAt, T0);
        assert.equal(stored.nextAttemptAt, null);
        assert.equal(await harness.store.outboxDepth(), 0);
      }));

    test('every attempt is recorded as a lead-quote exchange with the PII redacted', () =>
      withWorker(dialect, {}, async (harness) => {
        await captureAndDeliver(harness, makeLead('lead-exchange-0001', { brandId: 'ps' }));
        const [row] = await harness.store.listExchanges({ last: 1, kind: 'lead-quote' });
        assert.ok(row);
        assert.deepEqual([row.brandId, row.url, row.status, row.error, row.createdAt], ['ps', harness.buyer.url, 200, null, T0]);
        const request = row.request as typeof AUTO_PAYLOAD;
        assert.deepEqual(request.drivers[0], {
          first_name: REDACTED,
          last_name: REDACTED,
          email: REDACTED,
          dob: REDACTED,
          address: REDACTED,
          primary_phone: REDACTED,
          gender: 'female',
          own_or_rent: 'rent',
          marital_status: 'non-married',
          credit_rating: 'good',
          military_experience: 'no',
        });
        assert.deepEqual(request.drivers[1], { first_name: REDACTED, marital_status: 'married' });
        assert.deepEqual([request.zip, request.vehicles, request.coverage], [AUTO_PAYLOAD.zip, AUTO_PAYLOAD.vehicles, AUTO_PAYLOAD.coverage]);
      }));

    test('kick wakes a sleeping worker: the lead goes out without waiting for the next poll', () =>
      withWorker(dialect, {}, async (harness) => {
        await harness.kickUntilIdle();
        // The worker now sleeps for an hour unless kicked.
        const { attempt } = await captureAndDeliver(harness, makeLead('lead-kick-00001'));
        assert.equal(attempt.outcome.kind, 'delivered');
      }));

    test('HTTP 500, then ok: retried after a jittered backoff and delivered once', () =>
      withWorker(dialect, { random: () => 0.5 }, async (harness) => {
        harness.buyer.queueModes('500');
        const { attempt, stored } = await captureAndDeliver(harness, makeLead('lead-retry-00001'));
        // Full jitter: random 0.5 of the first ceiling (baseMs).
        const retryAt = new Date(Date.parse(T0) + LEAD_RETRY_POLICY.baseMs / 2).toISOString();
        assert.deepEqual(attempt.outcome, { kind: 'retry', error: 'upstream answered HTTP 500', nextAttemptAt: retryAt });
        assert.deepEqual([stored.status, stored.attempts, stored.nextAttemptAt, stored.lastError], ['captured', 1, retryAt, 'upstream answered HTTP 500']);

        // Not due yet: a kick sends nothing.
        await harness.kickUntilIdle();
        assert.equal(harness.buyer.requests.length, 1);

        harness.clock.now = new Date(retryAt);
        harness.worker.kick();
        const [, second] = await harness.waitForAttempts(2);
        assert.equal(second?.outcome.kind, 'delivered');
        const lead = await harness.store.getLead('lead-retry-00001');
        assert.deepEqual([lead?.status, lead?.attempts, lead?.lastError, lead?.deliveredAt], ['delivered', 2, null, retryAt]);
        assert.equal(harness.buyer.requestsFor('lead-retry-00001').length, 2);
        assert.equal(harness.buyer.deliveries.size, 1);
        const exchanges = await harness.store.listExchanges({ kind: 'lead-quote' });
        assert.deepEqual(
          exchanges.map((row) => [row.status, row.error]),
          [
            [200, null],
            [500, 'upstream answered HTTP 500'],
          ],
        );
      }));

    test('a rejection (422) is final: rejected with the reason, never retried', () =>
      withWorker(dialect, { mode: 'reject' }, async (harness) => {
        const { attempt, stored } = await captureAndDeliver(harness, makeLead('lead-reject-0001'));
        assert.deepEqual(attempt.outcome, {
          kind: 'rejected',
          reason: `HTTP 422: ${FIXTURE_REJECT_REASON}`,
          buyerResponse: JSON.stringify({ accepted: false, reason: FIXTURE_REJECT_REASON }),
        });
        assert.deepEqual([stored.status, stored.attempts, stored.lastError, stored.nextAttemptAt], ['rejected', 1, `HTTP 422: ${FIXTURE_REJECT_REASON}`, null]);
        harness.buyer.setMode('ok');
        harness.clock.now = new Date(Date.parse(T0) + 2 * HOUR_MS);
        await harness.kickUntilIdle();
        assert.equal(harness.buyer.requests.length, 1);
        assert.equal(await harness.store.outboxDepth(), 0);
      }));

    test('a buyer that hangs: the timeout counts as a retryable attempt, and the lead goes out later', () => {
      const budgets = heldBudgets();
      return withWorker(dialect, { mode: 'hang', timeoutMs: HELD_BUDGET_MS, budget: budgets.budget }, async (harness) => {
        await harness.store.createLead(makeLead('lead-hang-00001'));
        harness.worker.kick();
        // The buyer holds the whole request and answers nothing: only now does the budget run out.
        await harness.buyer.waitForRequests(1);
        assert.equal(harness.buyer.requests[0]?.mode, 'hang');
        assert.equal(budgets.expire(), 1, 'the delivery runs on the held budget, not a timer of its own');
        const [attempt] = await harness.waitForAttempts(1);
        assert.equal(attempt?.outcome.kind, 'retry');
        const stored = (await harness.store.getLead('lead-hang-00001'))!;
        assert.equal(stored.lastError, `upstream timed out after ${HELD_BUDGET_MS} ms`);
        const [exchange] = await harness.store.listExchanges({ last: 1, kind: 'lead-quote' });
        assert.deepEqual([exchange?.status, exchange?.error], [null, `upstream timed out after ${HELD_BUDGET_MS} ms`]);

        harness.buyer.setMode('ok');
        harness.clock.now = new Date(stored.nextAttemptAt!);
        harness.worker.kick();
        const [, second] = await harness.waitForAttempts(2);
        assert.equal(second?.outcome.kind, 'delivered');
        assert.equal(harness.buyer.deliveries.size, 1);
      });
    });

    test('a buyer down for 24 h: retried with growing, capped backoff until the window ends, then failed', () =>
      withWorker(dialect, { mode: '500', random: () => 0.999 }, async (harness) => {
        await harness.store.createLead(makeLead('lead-window-0001'));
        const deadline = Date.parse(T0) + LEAD_RETRY_POLICY.windowMs;
        const sentAt: number[] = [];
        for (;;) {
          sentAt.push(harness.clock.now.getTime());
          harness.worker.kick();
          const attempt = (await harness.waitForAttempts(sentAt.length)).at(-1)!;
          if (attempt.outcome.kind !== 'retry') break;
          assert.ok(sentAt.length < 100, 'the window never closed');
          harness.clock.now = new Date(attempt.outcome.nextAttemptAt);
        }
        const lead = await harness.store.getLead('lead-window-0001');
        assert.equal(lead?.status, 'failed');
        assert.match(lead?.lastError ?? '', /^upstream answered HTTP 500; not delivered within 24 h, giving up after \d+ attempts$/);
        assert.equal(lead?.attempts, sentAt.length);
        // The last try is at the window's end, not an hour past it.
        assert.equal(sentAt.at(-1), deadline);
        // Gaps grow (doubling, then capped); only the last one, clamped to the deadline, may be shorter.
        const gaps = sentAt.slice(1).map((time, index) => time - sentAt[index]!);
        const unclamped = gaps.slice(0, -1);
        assert.ok(unclamped.every((gap, index) => index === 0 || gap >= unclamped[index - 1]!), `backoff shrank: ${gaps.join(', ')}`);
        assert.ok(Math.max(...gaps) <= LEAD_RETRY_POLICY.capMs, 'a gap exceeded the cap');
        assert.ok(gaps[0]! <= LEAD_RETRY_POLICY.baseMs, 'the first retry comes within baseMs');
        assert.equal(harness.buyer.requests.length, sentAt.length);
      }));

    test('a lead whose window is already over (the server was down) gets one try, then fails', () =>
      withWorker(dialect, { mode: '500' }, async (harness) => {
        harness.clock.now = new Date(Date.parse(T0) + LEAD_RETRY_POLICY.windowMs + HOUR_MS);
        const { stored } = await captureAndDeliver(harness, makeLead('lead-late-00001'));
        assert.deepEqual([stored.status, stored.attempts], ['failed', 1]);
        assert.equal(harness.buyer.requests.length, 1);
      }));

    test('a requeued failed lead gets a fresh window', () =>
      withWorker(dialect, { mode: '500' }, async (harness) => {
        harness.clock.now = new Date(Date.parse(T0) + LEAD_RETRY_POLICY.windowMs + HOUR_MS);
        await captureAndDeliver(harness, makeLead('lead-requeue-001'));
        assert.equal((await harness.store.getLead('lead-requeue-001'))?.status, 'failed');
        assert.equal(await harness.store.requeueLeads({ status: 'failed' }, harness.clock.now.toISOString()), 1);
        harness.worker.kick();
        const [, second] = await harness.waitForAttempts(2);
        assert.equal(second?.outcome.kind, 'retry', 'inside the new window a failure is retried again');
      }));

    test('a lead of a line no buyer takes (Medicare in the outbox by mistake) is never claimed, and nothing is sent', () =>
      withWorker(dialect, {}, async (harness) => {
        await harness.store.createLead(makeLead('lead-medicare-01', { product: 'medicare', funnel: 'medicare', fields: { zipcode: '90210', haveMedicare: true } }));
        await harness.kickUntilIdle();
        assert.equal((await harness.store.getLead('lead-medicare-01'))?.status, 'captured');
        assert.equal(harness.attempts.length, 0);
        assert.equal(harness.buyer.requests.length, 0);
      }));

    test('incomplete and duplicate leads are never claimed, and the buyer never sees them', () =>
      withWorker(dialect, {}, async (harness) => {
        await captureAndDeliver(harness, makeLead('lead-first-00001'));
        const { driver1FirstName: _first, vehicle1Model: _model, ...lacking } = AUTO_FIELDS;
        await harness.store.createLead(makeLead('lead-incomplete01', { fields: { ...lacking, driver1Phone: '(305) 555-0999', driver1Email: 'other@example.com' }, status: 'incomplete', missingFields: ['driver1FirstName', 'vehicle1Model'] }));
        const { lead: duplicate } = await harness.store.createLead(makeLead('lead-duplicate01', { createdAt: new Date(Date.parse(T0) + HOUR_MS).toISOString() }));
        assert.deepEqual([duplicate.status, duplicate.duplicateOf, duplicate.nextAttemptAt], ['duplicate', 'lead-first-00001', null]);
        harness.clock.now = new Date(Date.parse(T0) + 2 * HOUR_MS);
        await harness.kickUntilIdle();
        assert.deepEqual(harness.buyer.requests.map((request) => request.idempotencyKey), ['lead-first-00001']);
        assert.deepEqual([(await harness.store.getLead('lead-incomplete01'))?.status, (await harness.store.getLead('lead-duplicate01'))?.status], ['incomplete', 'duplicate']);
        assert.equal(await harness.store.outboxDepth(), 0);
        // An operator's retry does not put them in the outbox either.
        assert.equal(await harness.store.requeueLeads({ id: 'lead-incomplete01' }), 0);
        assert.equal(await harness.store.requeueLeads({ id: 'lead-duplicate01' }), 0);
        await harness.kickUntilIdle();
        assert.equal(harness.buyer.requests.length, 1);
      }));

    test('close waits for an in-flight delivery, cutting it short after the grace period, and the lead is due again at once', () =>
      // The budget never runs out (held, never expired): close returning at all shows the grace period cut the call short.
      withWorker(dialect, { mode: 'hang', timeoutMs: HELD_BUDGET_MS, budget: heldBudgets().budget, closeGraceMs: 100 }, async (harness) => {
        await harness.store.createLead(makeLead('lead-close-00001'));
        harness.worker.kick();
        await harness.buyer.waitForRequests(1);
        await harness.worker.close();
        const lead = await harness.store.getLead('lead-close-00001');
        assert.deepEqual([lead?.status, lead?.attempts, lead?.nextAttemptAt], ['captured', 1, T0]);
        assert.match(lead?.lastError ?? '', /interrupted/);
        await harness.worker.close();
      }));

    test('store failures are logged and retried; they never end the loop', () =>
      withStore(dialect, async (store) => {
        const buyer = await startLeadBuyer('ok');
        let failures = 2;
        const errors: string[] = [];
        const delivered = new EventEmitter();
        const worker = startLeadOutbox({
          store: {
            claimDueLeads: async (...args) => {
              if (failures-- > 0) throw new Error('database unreachable');
              return store.claimDueLeads(...args);
            },
            recordDelivery: (...args) => store.recordDelivery(...args),
            recordExchange: (...args) => store.recordExchange(...args),
          },
          buyers: { auto: { url: buyer.url } },
          timeoutMs: 2000,
          pollIntervalMs: 5,
          log: { info() {}, warn() {}, error: (_details, message) => void errors.push(message) },
          onAttempt: () => delivered.emit('attempt'),
        });
        try {
          const attempted = once(delivered, 'attempt');
          await store.createLead(makeLead('lead-store-down1', { createdAt: new Date().toISOString() }));
          await attempted;
          assert.equal((await store.getLead('lead-store-down1'))?.status, 'delivered');
          assert.deepEqual(errors.slice(0, 2), ['lead outbox: could not claim leads', 'lead outbox: could not claim leads']);
        } finally {
          await worker.close();
          await buyer.close();
        }
      }));

    test('several workers sharing one outbox never send a lead twice', async () => {
      const target = createStoreTarget(dialect);
      const buyer = await startLeadBuyer('ok');
      // A little buyer latency keeps deliveries overlapping with the other workers' claims.
      buyer.setDelay(5);
      const stores: Store[] = [];
      const workers: LeadOutbox[] = [];
      try {
        for (let index = 0; index < 3; index += 1) stores.push(await target.open());
        const total = 50;
        // Fifty visitors, each with a contact of their own: one contact twice would be a duplicate, never sent.
        const leads = Array.from({ length: total }, (_unused, index) => {
          const number = String(index).padStart(4, '0');
          const fields = { ...AUTO_FIELDS, driver1Email: `driver${number}@example.com`, driver1Phone: `(305) 555-${number}` };
          return makeLead(`lead-shared-${number}`, { fields, createdAt: new Date().toISOString() });
        });
        const allSent = buyer.waitForRequests(total);
        for (const store of stores) {
          workers.push(startLeadOutbox({ store, buyers: { auto: { url: buyer.url } }, timeoutMs: 2000, pollIntervalMs: 2, batchSize: 3, log: { info() {}, warn() {}, error() {} } }));
        }
        await Promise.all(leads.map((lead, index) => stores[index % stores.length]!.createLead(lead)));
        for (const worker of workers) worker.kick();
        await allSent;
        // Let any straggler (a double claim would show up now) arrive before counting.
        for (const worker of workers) await worker.close();
        assert.equal(buyer.requests.length, total, 'the buyer saw more requests than leads');
        for (const lead of leads) assert.equal(buyer.requestsFor(lead.id).length, 1, `lead ${lead.id} was sent ${buyer.requestsFor(lead.id).length} times`);
        assert.equal(buyer.deliveries.size, total);
        assert.equal(await stores[0]!.outboxDepth(), 0);
        assert.equal((await stores[0]!.listLeads({ status: 'delivered', limit: 100 })).length, total);
      } finally {
        for (const worker of workers) await worker.close();
        for (const store of stores) await store.close();
        await buyer.close();
        await target.cleanup();
      }
    });
  });
}

describe('lead outbox without LEAD_BUYER_URL', () => {
  test('leaves leads captured and says so once', () =>
    withStore('sqlite', async (store) => {
      const warnings: string[] = [];
      const worker = startLeadOutbox({ store, buyers: {}, timeoutMs: 1000, log: { info() {}, warn: (_details, message) => void warnings.push(message), error() {} } });
      await store.createLead(makeLead('lead-no-url-0001'));
      worker.kick();
      worker.kick();
      await worker.close();
      assert.equal((await store.getLead('lead-no-url-0001'))?.status, 'captured');
      assert.deepEqual(warnings, ['lead outbox: no lead buyer URL is set; auto leads stay captured until LEAD_BUYER_URL is']);
    }));
});

describe('the server delivers captured leads through its outbox', () => {
  test('POST /api/leads: an auto lead is committed, kicked and delivered; Medicare, duplicate and incomplete leads are stored and never sent', async () => {
    const buyer = await startLeadBuyer('ok');
    const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-outbox-app-'));
    const attempts = new EventEmitter();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LEAD_BUYER_URL: buyer.url, LEAD_BUYER_TOKEN: TOKEN }),
      logger: false,
      // Polling an hour apart: only the route's kick can deliver within the test.
      leadJobs: { pollIntervalMs: NO_POLLING_MS, retention: false, onAttempt: (attempt) => attempts.emit('attempt', attempt) },
    });
    try {
      await app.ready();
      const tqg = BRANDS.find((brand) => brand.id === 'tqg')!;
      const consent = funnelConsent(FUNNELS.auto!, tqg)!;
      const id = `lead-app-${process.pid}-0000001`;
      const attempted = once(attempts, 'attempt');
      const response = await postWalkedLead(app, 'tqg.localhost', {
        id,
        route: 'quiz-auto',
        funnel: 'auto',
        anonymousId: 'anon-app',
        sessionId: 'session-app',
        pageUrl: 'http://tqg.localhost/quiz/auto/contact',
        // A lead the funnel can give: every question on its path answered, as the walk before it sends.
        fields: AUTO_LEAD_FIELDS,
        consent: { text: consent.text, buttonLabel: consent.buttonLabel },
      });
      assert.equal(response.statusCode, 201, response.body);
      const [attempt] = (await attempted) as [OutboxAttempt];
      assert.equal(attempt.outcome.kind, 'delivered');
      assert.equal(buyer.requests[0]?.idempotencyKey, id);
      assert.equal(buyer.requests[0]?.authorization, `Bearer ${TOKEN}`);
      assert.equal((await app.store.getLead(id))?.status, 'delivered');

      const medicare = await postWalkedLead(app, 'ac.localhost', {
        id: `lead-app-${process.pid}-0000002`,
        route: 'quiz-otc',
        funnel: 'medicare',
        anonymousId: 'a',
        sessionId: 's',
        pageUrl: 'http://ac.localhost/quiz/otc/medicaid',
        fields: { zipcode: '33101', haveMedicare: true, haveMedicaid: false },
      });
      assert.equal(medicare.statusCode, 201, medicare.body);
      assert.equal(medicare.json<{ status: string }>().status, 'call-routed');

      // The same visitor again (email spelled otherwise), and a lead without a vehicle from a
      // browser that walked every step: both stored and answered with their status, neither
      // offered to the buyer.
      const walked = await walkSteps(app, { host: 'tqg.localhost', route: 'quiz-auto', funnel: 'auto', fields: AUTO_LEAD_FIELDS });
      const again = (suffix: string, fields: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: LEADS_PATH,
          headers: { host: 'tqg.localhost', 'content-type': 'application/json', cookie: walked },
          payload: {
            id: `lead-app-${process.pid}-${suffix}`,
            route: 'quiz-auto',
            funnel: 'auto',
            anonymousId: 'anon-app-2',
            sessionId: 'session-app-2',
            pageUrl: 'http://tqg.localhost/quiz/auto/contact',
            fields,
            consent: { text: consent.text, buttonLabel: consent.buttonLabel },
          },
        });
      const duplicate = await again('0000003', { ...AUTO_LEAD_FIELDS, driver1Email: AUTO_LEAD_FIELDS.driver1Email.toUpperCase() });
      assert.equal(duplicate.statusCode, 201, duplicate.body);
      assert.deepEqual(duplicate.json(), { id: `lead-app-${process.pid}-0000003`, status: 'duplicate', created: true });
      assert.equal((await app.store.getLead(`lead-app-${process.pid}-0000003`))?.duplicateOf, id);
      const { vehicle1Year: _year, vehicle1Make: _make, vehicle1Model: _model, ...noVehicle } = AUTO_LEAD_FIELDS;
      const incomplete = await again('0000004', { ...noVehicle, driver1Email: 'someone.else@example.com', driver1Phone: '(305) 555-0777' });
      assert.equal(incomplete.statusCode, 201, incomplete.body);
      assert.equal(incomplete.json<{ status: string }>().status, 'incomplete');
      assert.deepEqual((await app.store.getLead(`lead-app-${process.pid}-0000004`))?.missingFields, ['vehicle1Year', 'vehicle1Make', 'vehicle1Model']);
      assert.equal(await app.store.outboxDepth(), 0);
      assert.equal(buyer.requests.length, 1);
    } finally {
      await app.close();
      await buyer.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('retry schedule', () => {
  const queuedAt = T0;
  const base = Date.parse(T0);
  const cases: Array<[string, number, number, number, string]> = [
    // [label, attempts, random, now offset ms, expected]
    ['first retry, random 0: at once', 1, 0, 0, new Date(base).toISOString()],
    ['first retry: up to baseMs', 1, 0.5, 0, new Date(base + LEAD_RETRY_POLICY.baseMs / 2).toISOString()],
    ['third retry: up to 4 x baseMs', 3, 0.5, 0, new Date(base + 2 * LEAD_RETRY_POLICY.baseMs).toISOString()],
    ['many retries: capped', 40, 0.5, 0, new Date(base + LEAD_RETRY_POLICY.capMs / 2).toISOString()],
    ['near the end: clamped to the window', 40, 0.999, LEAD_RETRY_POLICY.windowMs - 1000, new Date(base + LEAD_RETRY_POLICY.windowMs).toISOString()],
    ['window over', 40, 0.5, LEAD_RETRY_POLICY.windowMs, 'failed'],
  ];
  for (const [label, attempts, random, offset, expected] of cases) {
    test(label, () => {
      const outcome = retryOrFail('boom', attempts, queuedAt, new Date(base + offset), () => random);
      assert.equal(outcome.kind === 'retry' ? outcome.nextAttemptAt : outcome.kind, expected);
    });
  }
});

describe('buyer answers', () => {
  const ok = (raw: string, status = 200): UpstreamOutcome => ({ ok: true, status, raw, parsed: JSON.parse(raw) as unknown, latencyMs: 1 });
  const failed = (status: number | null, raw: string | null, error: string): UpstreamOutcome => ({ ok: false, status, raw, error, latencyMs: 1 });
  const cases: Array<[string, UpstreamOutcome, ReturnType<typeof judgeBuyerAnswer>]> = [
    ['accepted with lead_id and price', ok('{"accepted":true,"lead_id":"b-1","price":7.25}'), { kind: 'delivered', buyerLeadId: 'b-1', buyerPrice: 7.25, buyerResponse: '{"accepted":true,"lead_id":"b-1","price":7.25}' }],
    ['an id field and a numeric id', ok('{"id":42}', 201), { kind: 'delivered', buyerLeadId: '42', buyerPrice: null, buyerResponse: '{"id":42}' }],
    ['a price of the wrong type is ignored, not fatal', ok('{"lead_id":"b-2","price":"lots"}'), { kind: 'delivered', buyerLeadId: 'b-2', buyerPrice: null, buyerResponse: '{"lead_id":"b-2","price":"lots"}' }],
    ['a 2xx that is not JSON still took the lead', failed(200, 'OK', 'upstream answered HTTP 200 with a body that is not JSON'), { kind: 'delivered', buyerLeadId: null, buyerPrice: null, buyerResponse: 'OK' }],
    ['accepted: false is a rejection', ok('{"accepted":false,"reason":"duplicate\\nlead"}'), { kind: 'rejected', reason: 'duplicate lead', buyerResponse: '{"accepted":false,"reason":"duplicate\\nlead"}' }],
    ['accepted: false without a reason', ok('{"accepted":false}'), { kind: 'rejected', reason: 'the buyer did not accept the lead', buyerResponse: '{"accepted":false}' }],
    ['400 with an error message', failed(400, '{"error":"bad zip"}', 'upstream answered HTTP 400'), { kind: 'rejected', reason: 'HTTP 400: bad zip', buyerResponse: '{"error":"bad zip"}' }],
    ['401 with no body', failed(401, '', 'upstream answered HTTP 401'), { kind: 'rejected', reason: 'HTTP 401', buyerResponse: '' }],
    ['429 is "not now"', failed(429, '', 'upstream answered HTTP 429'), { kind: 'retryable', error: 'upstream answered HTTP 429' }],
    ['408 is "not now"', failed(408, '', 'upstream answered HTTP 408'), { kind: 'retryable', error: 'upstream answered HTTP 408' }],
    ['503', failed(503, 'down', 'upstream answered HTTP 503'), { kind: 'retryable', error: 'upstream answered HTTP 503' }],
    ['timeout', failed(null, null, 'upstream timed out after 2500 ms'), { kind: 'retryable', error: 'upstream timed out after 2500 ms' }],
    ['refused', failed(null, null, 'upstream refused the connection'), { kind: 'retryable', error: 'upstream refused the connection' }],
  ];
  for (const [label, outcome, expected] of cases) {
    test(label, () => assert.deepEqual(judgeBuyerAnswer(outcome), expected));
  }
});
