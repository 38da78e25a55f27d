/**
 * Migrating a PostgreSQL store while other clients drop their own schemas (as parallel test
 * files and other tenants of a shared database do) must still succeed: Kysely's table scan
 * covers every schema, and a schema vanishing mid-scan used to fail the migration (3F000).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { createStoreTarget, TEST_DATABASE_URL } from '../../../tools/support/store-targets.ts';

const CHURN_SCHEMAS = 40;
const STORES_OPENED = 8;

test('fresh PostgreSQL stores migrate while other schemas are created and dropped', async () => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  let churning = true;
  const churn = (async () => {
    // Bounded: at most CHURN_SCHEMAS rounds, and it stops as soon as the stores are open.
    for (let round = 0; churning && round < CHURN_SCHEMAS * 50; round++) {
      const name = `churn_${process.pid}_${round % CHURN_SCHEMAS}`;
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${name}; CREATE TABLE IF NOT EXISTS ${name}.t (id int)`);
      await client.query(`DROP SCHEMA ${name} CASCADE`);
    }
  })();
  const targets = Array.from({ length: STORES_OPENED }, () => createStoreTarget('postgres'));
  try {
    for (const target of targets) {
      const store = await target.open();
      await store.insertEvents([
        { id: `race-${Math.random().toString(36).slice(2, 12)}`, type: 'track', event: 'pageView', brandId: 'ac', sessionId: 's', anonymousId: 'a', timestamp: new Date().toISOString(), receivedAt: new Date().toISOString(), ip: null, properties: {} },
      ]);
      assert.equal((await store.listEvents({ limit: 5 })).length, 1);
      await store.close();
    }
  } finally {
    churning = false;
    await churn;
    await client.end();
    await Promise.all(targets.map((target) => target.cleanup()));
  }
});
