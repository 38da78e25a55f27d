/**
 * The store conformance suite: the same tests against SQLite and PostgreSQL.
 * PostgreSQL runs for real (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 * and the suite fails, never skips, when it is unreachable.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { NewEvent, NewExchange } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

/** An event with sensible defaults; `overrides` set what a test cares about. */
function makeEvent(id: string, overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    id,
    type: 'track',
    event: 'pageView',
    brandId: 'ac',
    sessionId: 'session-1',
    anonymousId: 'anon-1',
    timestamp: '2026-03-01T10:00:00.000Z',
    receivedAt: '2026-03-01T10:00:01.000Z',
    ip: '203.0.113.7',
    properties: { page: { name: 'home' }, url: { path: '/' } },
    ...overrides,
  };
}

function makeExchange(overrides: Partial<NewExchange> = {}): NewExchange {
  return {
    kind: 'demand-check',
    brandId: 'ac',
    url: 'http://127.0.0.1:9/demand',
    request: { zip: '10001', phone: '[redacted]' },
    status: 200,
    response: '{"bid":12}',
    error: null,
    latencyMs: 42,
    ...overrides,
  };
}

for (const dialect of STORE_DIALECTS) {
  describe(`store on ${dialect}`, () => {
    test('opens with the right adapter and answers ping', () =>
      withStore(dialect, async (store) => {
        assert.equal(store.dialect, dialect);
        await store.ping();
      }));

    test('migrations are applied once and reopening is idempotent', async () => {
      const target = createStoreTarget(dialect);
      try {
        for (let open = 0; open < 3; open += 1) {
          const store = await target.open();
          await store.insertEvents([makeEvent(`reopen-${open}`)]);
          await store.close();
        }
        assert.deepEqual(await target.column('select name from kysely_migration order by name'), ['0001_initial', '0002_leads', '0003_sessions', '0004_privacy_choices', '0005_users_and_audit_log', '0006_content_and_images', '0007_event_facets', '0008_phone_rules', '0009_experiments', '0010_content_factory', '0011_content_epoch', '0012_content_epoch_more', '0013_lead_completeness_and_duplicates', '0014_consent_documents', '0015_totp']);
        assert.deepEqual(await target.column('select id from events order by id'), ['reopen-0', 'reopen-1', 'reopen-2']);
      } finally {
        await target.cleanup();
      }
    });

    if (dialect === 'sqlite') {
      test('the SQLite file is in WAL mode', () =>
        withStore(dialect, async (_store, target) => {
          assert.deepEqual(await target.column('pragma journal_mode'), ['wal']);
        }));
    }

    test('an acknowledged insert is already visible to another connection', () =>
      withStore(dialect, async (store, target) => {
        await store.insertEvents([makeEvent('seen-elsewhere')]);
        assert.deepEqual(await target.column("select id from events where id = 'seen-elsewhere'"), ['seen-elsewhere']);
      }));

    test('events round-trip and list newest first with filters and limit', () =>
      withStore(dialect, async (store) => {
        const events = [
          makeEvent('e1', { receivedAt: '2026-03-01T10:00:01.000Z' }),
          makeEvent('e2', { receivedAt: '2026-03-01T10:00:02.000Z', event: 'stepSubmitted', ip: null }),
          makeEvent('e3', { receivedAt: '2026-03-01T10:00:03.000Z', brandId: 'emily' }),
          makeEvent('e4', { receivedAt: '2026-03-01T10:00:04.000Z', properties: { nested: [1, 'two', null, { ü: true }] } }),
        ];
        assert.deepEqual(await store.insertEvents(events), { inserted: 4, duplicates: 0 });

        const all = await store.listEvents({ limit: 10 });
        assert.deepEqual(all.map((event) => event.id), ['e4', 'e3', 'e2', 'e1']);
        assert.deepEqual(all[0], { ...events[3], ip: '203.0.113.0' }, 'every field, JSON properties included, round-trips; the address cut to its network');
        assert.equal(all[2]?.ip, null);

        const cases = [
          { query: { limit: 2 }, ids: ['e4', 'e3'] },
          { query: { limit: 10, brandId: 'ac' }, ids: ['e4', 'e2', 'e1'] },
          { query: { limit: 10, brandId: 'emily' }, ids: ['e3'] },
          { query: { limit: 10, event: 'stepSubmitted' }, ids: ['e2'] },
          { query: { limit: 10, brandId: 'ac', event: 'pageView' }, ids: ['e4', 'e1'] },
          { query: { limit: 10, afterReceivedAt: '2026-03-01T10:00:02.000Z' }, ids: ['e4', 'e3'] },
          { query: { limit: 1, brandId: 'ac', afterReceivedAt: '2026-03-01T10:00:00.000Z' }, ids: ['e4'] },
          { query: { limit: 10, brandId: 'nobody' }, ids: [] },
        ];
        for (const { query, ids } of cases) {
          assert.deepEqual((await store.listEvents(query)).map((event) => event.id), ids, JSON.stringify(query));
        }
      }));

    test('a repeated event id is stored once and counted as a duplicate', () =>
      withStore(dialect, async (store) => {
        assert.deepEqual(await store.insertEvents([makeEvent('d1'), makeEvent('d2')]), { inserted: 2, duplicates: 0 });
        // Already stored, and repeated within one call.
        assert.deepEqual(await store.insertEvents([makeEvent('d1'), makeEvent('d3'), makeEvent('d3', { event: 'other' })]), {
          inserted: 1,
          duplicates: 2,
        });
        // Sent by concurrent calls that share one transaction: exactly one call wins it.
        const results = await Promise.all(Array.from({ length: 10 }, () => store.insertEvents([makeEvent('d4')])));
        assert.equal(results.filter((result) => result.inserted === 1).length, 1);
        assert.equal(results.filter((result) => result.duplicates === 1).length, 9);

        const stored = await store.listEvents({ limit: 100 });
        assert.deepEqual(stored.map((event) => event.id).sort(), ['d1', 'd2', 'd3', 'd4']);
        assert.equal(stored.find((event) => event.id === 'd3')?.event, 'pageView', 'the first occurrence is the one kept');
      }));

    test('200 concurrent inserts all resolve, are all stored, and share few commits', () =>
      withStore(dialect, async (store) => {
        const before = store.stats();
        const results = await Promise.all(
          Array.from({ length: 200 }, (_, index) => store.insertEvents([makeEvent(`c${index}`, { sessionId: `s${index}` })])),
        );
        assert.ok(results.every((result) => result.inserted === 1 && result.duplicates === 0));
        const after = store.stats();
        assert.equal(after.eventInsertCalls - before.eventInsertCalls, 200);
        const commits = after.eventCommits - before.eventCommits;
        assert.ok(commits >= 1 && commits < 200, `200 calls took ${commits} commits`);
        assert.equal((await store.listEvents({ limit: 1000 })).length, 200);
      }));

    test('concurrent inserts that keep arriving during a commit are batched too', () =>
      withStore(dialect, async (store) => {
        const before = store.stats().eventCommits;
        // Twenty waves, each started on a later event-loop turn than the previous one.
        const waves: Promise<unknown>[] = [];
        for (let wave = 0; wave < 20; wave += 1) {
          waves.push(...Array.from({ length: 10 }, (_, index) => store.insertEvents([makeEvent(`w${wave}-${index}`)])));
          await new Promise((resolve) => setImmediate(resolve));
        }
        await Promise.all(waves);
        const commits = store.stats().eventCommits - before;
        // Never one commit per call. better-sqlite3 commits synchronously, so nothing can arrive
        // during a SQLite commit and each wave is one batch; a PostgreSQL commit is a network
        // round trip, during which later waves queue and then share the next commit.
        assert.ok(commits >= 1 && commits <= 20, `20 waves took ${commits} commits`);
        if (dialect === 'postgres') assert.ok(commits < 20, `waves arriving during a commit should share one; took ${commits} commits`);
        assert.equal((await store.listEvents({ limit: 1000 })).length, 200);
      }));

    test('close commits writes still queued', async () => {
      const target = createStoreTarget(dialect);
      try {
        const store = await target.open();
        const pending = store.insertEvents([makeEvent('queued-at-close')]);
        await store.close();
        assert.deepEqual(await pending, { inserted: 1, duplicates: 0 });
        await assert.rejects(store.insertEvents([makeEvent('after-close')]), /store is closed/);
        const reopened = await target.open();
        assert.deepEqual((await reopened.listEvents({ limit: 10 })).map((event) => event.id), ['queued-at-close']);
        await reopened.close();
      } finally {
        await target.cleanup();
      }
    });

    test('bad input is rejected clearly and only for its own caller', () =>
      withStore(dialect, async (store) => {
        const cycle: Record<string, unknown> = {};
        cycle.self = cycle;
        const [badTime, badProperties, good] = await Promise.allSettled([
          store.insertEvents([makeEvent('bad-time', { receivedAt: '2026-03-01 10:00' })]),
          store.insertEvents([makeEvent('bad-props', { properties: cycle })]),
          store.insertEvents([makeEvent('good')]),
        ]);
        assert.equal(badTime.status, 'rejected');
        assert.match(String(badTime.reason), /receivedAt must be a UTC ISO time/);
        assert.equal(badProperties.status, 'rejected');
        assert.match(String(badProperties.reason), /properties is not JSON-serialisable/);
        assert.deepEqual(good, { status: 'fulfilled', value: { inserted: 1, duplicates: 0 } });
        assert.deepEqual(await store.insertEvents([]), { inserted: 0, duplicates: 0 });
        await assert.rejects(store.listEvents({ limit: 0 }), /listEvents limit must be a positive integer, got 0/);
        await assert.rejects(store.listExchanges({ id: 'abc' }), /exchange id must be a positive integer, got "abc"/);
        await assert.rejects(store.listExchanges({ last: -1 }), /listExchanges last must be a positive integer/);
        assert.deepEqual((await store.listEvents({ limit: 10 })).map((event) => event.id), ['good']);
      }));

    test('event stats count per brand, event and UTC day of receipt', () =>
      withStore(dialect, async (store) => {
        await store.insertEvents([
          makeEvent('s1', { receivedAt: '2026-03-01T00:00:00.000Z' }),
          makeEvent('s2', { receivedAt: '2026-03-01T23:59:59.999Z' }),
          makeEvent('s3', { receivedAt: '2026-03-02T00:00:00.000Z' }),
          makeEvent('s4', { receivedAt: '2026-03-01T12:00:00.000Z', event: 'callClicked' }),
          makeEvent('s5', { receivedAt: '2026-03-01T12:00:00.000Z', brandId: 'emily' }),
          // The client's own timestamp is not what stats go by.
          makeEvent('s6', { receivedAt: '2026-03-02T08:00:00.000Z', timestamp: '2026-02-01T08:00:00.000Z' }),
        ]);
        assert.deepEqual(await store.eventStats(), [
          { brandId: 'ac', event: 'pageView', day: '2026-03-02', count: 2 },
          { brandId: 'ac', event: 'callClicked', day: '2026-03-01', count: 1 },
          { brandId: 'ac', event: 'pageView', day: '2026-03-01', count: 2 },
          { brandId: 'emily', event: 'pageView', day: '2026-03-01', count: 1 },
        ]);
      }));

    test('user state is created, replaced and read back', () =>
      withStore(dialect, async (store) => {
        assert.equal(await store.getUserState('anon-x'), undefined);
        await store.setUserState('anon-x', { forms: { zip: '10001' }, linked: false });
        assert.deepEqual(await store.getUserState('anon-x'), { forms: { zip: '10001' }, linked: false });
        await store.setUserState('anon-x', { linked: true });
        assert.deepEqual(await store.getUserState('anon-x'), { linked: true });
        await store.setUserState('anon-y', null);
        assert.equal(await store.getUserState('anon-y'), null);
        assert.deepEqual(await store.getUserState('anon-x'), { linked: true }, 'other visitors untouched');
        await assert.rejects(store.setUserState('anon-z', undefined), /user state of anon-z is not JSON-serialisable/);
      }));

    test('exchanges are recorded and listed by id, last N and kind', () =>
      withStore(dialect, async (store) => {
        const first = await store.recordExchange(makeExchange());
        const second = await store.recordExchange(
          makeExchange({ kind: 'get-phone', status: null, response: null, error: 'connect ECONNREFUSED', latencyMs: 3 }),
        );
        const third = await store.recordExchange(makeExchange({ kind: 'lead-quote', createdAt: '2026-03-01T10:00:00.000Z' }));
        assert.ok(Number.isInteger(first.id) && first.id < second.id && second.id < third.id);
        assert.deepEqual(second, {
          id: second.id,
          kind: 'get-phone',
          brandId: 'ac',
          url: 'http://127.0.0.1:9/demand',
          request: { zip: '10001', phone: '[redacted]' },
          status: null,
          response: null,
          error: 'connect ECONNREFUSED',
          latencyMs: 3,
          createdAt: second.createdAt,
        });
        assert.match(second.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.equal(third.createdAt, '2026-03-01T10:00:00.000Z');

        const cases = [
          { query: { id: second.id }, ids: [second.id] },
          { query: { id: String(first.id) }, ids: [first.id] },
          { query: { id: third.id + 100 }, ids: [] },
          { query: { last: 2 }, ids: [third.id, second.id] },
          { query: {}, ids: [third.id, second.id, first.id] },
          { query: { kind: 'demand-check' as const }, ids: [first.id] },
          { query: { kind: 'get-phone' as const, last: 5 }, ids: [second.id] },
        ];
        for (const { query, ids } of cases) {
          assert.deepEqual((await store.listExchanges(query)).map((exchange) => exchange.id), ids, JSON.stringify(query));
        }
        assert.deepEqual((await store.listExchanges({ id: first.id }))[0], first);
      }));

    test('data survives close and reopen', async () => {
      const target = createStoreTarget(dialect);
      try {
        const store = await target.open();
        await store.insertEvents([makeEvent('kept')]);
        await store.setUserState('anon-kept', { step: 3 });
        const exchange = await store.recordExchange(makeExchange());
        await store.close();

        const reopened = await target.open();
        try {
          assert.deepEqual(await reopened.listEvents({ limit: 10 }), [makeEvent('kept', { ip: '203.0.113.0' })]);
          assert.deepEqual(await reopened.getUserState('anon-kept'), { step: 3 });
          assert.deepEqual(await reopened.listExchanges({ id: exchange.id }), [exchange]);
          const next = await reopened.recordExchange(makeExchange());
          assert.ok(next.id > exchange.id, 'ids keep increasing after reopen');
        } finally {
          await reopened.close();
        }
      } finally {
        await target.cleanup();
      }
    });
  });
}
