/**
 * Event facets (migration 0007_event_facets): the route, step, device type, paid flag and
 * experiment entry of every stored event land in their own columns, on SQLite and PostgreSQL,
 * both at insert and, for events stored before the migration, by its backfill.
 */
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../../src/server/platform/store/sqlite-driver.ts';
import pg from 'pg';
import { SQLITE_FILE_NAME, type NewEvent } from '../../../src/server/platform/store/index.ts';
import { backfillEventFacets } from '../../../src/server/platform/store/migrations.ts';
import { openPostgresDatabase } from '../../../src/server/platform/store/postgres.ts';
import { openSqliteDatabase } from '../../../src/server/platform/store/sqlite.ts';
import { createStoreTarget, STORE_DIALECTS, TEST_DATABASE_URL, withStore, type StoreTarget } from '../../../tools/support/store-targets.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function event(id: string, name: string, properties: Record<string, unknown>): NewEvent {
  return {
    id,
    type: 'track',
    event: name,
    brandId: 'ac',
    sessionId: 's-1',
    anonymousId: 'a-1',
    timestamp: '2026-03-01T10:00:00.000Z',
    receivedAt: '2026-03-01T10:00:01.000Z',
    ip: null,
    properties,
  };
}

/** Each event and the facet row (route, step, device_type, paid, experiment, variant) it must store. */
const CASES: { event: NewEvent; facets: unknown[] }[] = [
  {
    event: event('view-zip', 'pageView', { page: { name: 'quiz-otc' }, stepName: 'zip', paid: true, userAgent: IPHONE }),
    facets: ['quiz-otc', 'zip', 'mobile', 1, null, null],
  },
  {
    event: event('submit-zip', 'formStepSubmitted', { page: { name: 'quiz-otc' }, stepName: 'zip', stepNumber: 1, paid: false, userAgent: IPAD, data: {} }),
    facets: ['quiz-otc', 'zip', 'tablet', 0, null, null],
  },
  {
    event: event('home-view', 'pageView', { page: { name: 'home' }, paid: false, userAgent: WINDOWS }),
    facets: ['home', null, 'desktop', 0, null, null],
  },
  {
    // Only page views and step submissions are about a step; other props named stepName are not.
    event: event('click', 'elementClicked', { page: { name: 'quiz-otc' }, stepName: 'zip', userAgent: WINDOWS }),
    facets: ['quiz-otc', null, 'desktop', 0, null, null],
  },
  {
    event: event('entered', 'experimentEntered', { page: { name: 'quiz-otc' }, name: 'headline-test', variant: 'b', paid: true, userAgent: IPHONE }),
    facets: ['quiz-otc', null, 'mobile', 1, 'headline-test', 'b'],
  },
  {
    // A hand-posted event without context: no facets, never a failure. paid must be literally true.
    event: event('bare', 'pageView', { paid: 'yes', page: null, userAgent: '' }),
    facets: [null, null, null, 0, null, null],
  },
];

const FACET_COLUMNS = ['route', 'step', 'device_type', 'paid', 'experiment', 'variant'];

/** Runs `statements` against the target with a writable connection of its own. */
async function write(target: StoreTarget, statements: string[]): Promise<void> {
  if (target.dialect === 'sqlite') {
    const connection = new SqliteDatabase(join(target.options.dataDir, SQLITE_FILE_NAME));
    try {
      for (const statement of statements) connection.exec(statement);
    } finally {
      connection.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${target.options.pgSchema}` });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One row's facets in FACET_COLUMNS order (the target's reader returns one column at a time). */
async function facetsOf(target: StoreTarget, id: string): Promise<unknown[]> {
  const values = [];
  for (const column of FACET_COLUMNS) values.push((await target.column(`select ${column} from events where id = '${id}'`))[0]);
  return values;
}

for (const dialect of STORE_DIALECTS) {
  describe(`event facets on ${dialect}`, () => {
    test('every insert fills the facet columns from the properties', () =>
      withStore(dialect, async (store, target) => {
        await store.insertEvents(CASES.map((entry) => entry.event));
        for (const entry of CASES) assert.deepEqual(await facetsOf(target, entry.event.id), entry.facets, entry.event.id);
      }));

    test('the migration backfills events stored before it', async () => {
      const target = createStoreTarget(dialect);
      try {
        const store = await target.open();
        await store.insertEvents(CASES.map((entry) => entry.event));
        await store.close();
        // Rows as 0007 finds them: facet columns empty (added, not yet filled).
        await write(target, [`update events set route = null, step = null, device_type = null, paid = 0, experiment = null, variant = null`]);
        const { db } = dialect === 'sqlite' ? openSqliteDatabase(target.options.dataDir) : await openPostgresDatabase({ databaseUrl: TEST_DATABASE_URL, schema: target.options.pgSchema });
        try {
          await backfillEventFacets(db);
        } finally {
          await db.destroy();
        }
        for (const entry of CASES) assert.deepEqual(await facetsOf(target, entry.event.id), entry.facets, entry.event.id);
      } finally {
        await target.cleanup();
      }
    });
  });
}
