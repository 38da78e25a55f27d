/**
 * Privacy opt-outs in the store (migration 0004_privacy_choices) on SQLite and on
 * PostgreSQL: recorded once per brand and visitor with the first time kept, still there after
 * the store is closed and opened again, a table with no column for an IP or anything personal,
 * and the endpoint writing through to the database an app was given.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { PRIVACY_OPT_OUT_PATH } from '../../../src/core/contract/privacy-choices.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { STORE_DIALECTS, withStore, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const VISITOR = '2f1d7c9e-1b7a-4c53-9a39-5f3e0c2a7d11';
const FIRST = new Date('2026-05-01T10:00:00.000Z');
const LATER = new Date('2026-06-01T10:00:00.000Z');

/** The privacy_choices columns, in table order, as the database itself lists them. */
function columns(target: StoreTarget): Promise<unknown[]> {
  return target.dialect === 'sqlite'
    ? target.column("select name from pragma_table_info('privacy_choices') order by cid")
    : target.column("select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'privacy_choices' order by ordinal_position");
}

for (const dialect of STORE_DIALECTS) {
  describe(`privacy opt-outs on ${dialect}`, () => {
    test('recorded once per brand and visitor: opting out again keeps the first time and signal', () =>
      withStore(dialect, async (store) => {
        assert.equal(await store.getPrivacyOptOut('ac', VISITOR), undefined);
        const first = await store.recordPrivacyOptOut({ brandId: 'ac', anonymousId: VISITOR, gpc: false, now: FIRST });
        assert.deepEqual(first, { brandId: 'ac', anonymousId: VISITOR, optedOutAt: FIRST.toISOString(), gpc: false });
        assert.deepEqual(await store.recordPrivacyOptOut({ brandId: 'ac', anonymousId: VISITOR, gpc: true, now: LATER }), first);
        assert.deepEqual(await store.getPrivacyOptOut('ac', VISITOR), first);
        const other = await store.recordPrivacyOptOut({ brandId: 'tqg', anonymousId: VISITOR, gpc: true, now: LATER });
        assert.deepEqual(other, { brandId: 'tqg', anonymousId: VISITOR, optedOutAt: LATER.toISOString(), gpc: true }, 'another brand is its own choice');
      }));

    test('durable: still there after the store is closed and opened again', () =>
      withStore(dialect, async (store, target) => {
        await store.recordPrivacyOptOut({ brandId: 'wc', anonymousId: VISITOR, gpc: true, now: FIRST });
        const reopened = await target.open();
        try {
          assert.deepEqual(await reopened.getPrivacyOptOut('wc', VISITOR), { brandId: 'wc', anonymousId: VISITOR, optedOutAt: FIRST.toISOString(), gpc: true });
        } finally {
          await reopened.close();
        }
      }));

    test('the table holds the brand, the anonymous id, the time and the GPC flag, and nothing else', () =>
      withStore(dialect, async (_store, target) => {
        assert.deepEqual(await columns(target), ['brand_id', 'anonymous_id', 'opted_out_at', 'gpc']);
      }));

    test('the endpoint writes through to this database', () =>
      withStore(dialect, async (store, target) => {
        const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-privacy-')) });
        const app = await buildApp({ config, store, logger: false, leadJobs: { outbox: false, retention: false } });
        try {
          const response = await app.inject({ method: 'POST', url: PRIVACY_OPT_OUT_PATH, headers: { host: 'emily.localhost', 'content-type': 'application/json', 'sec-gpc': '1' }, payload: '{"choice":"opt-out"}' });
          assert.equal(response.statusCode, 200, response.body);
          const cookie = String(response.headers['set-cookie']);
          const anonymousId = cookie.slice(`${COOKIE_BASE_NAMES.privacy}=`.length).split('.')[0];
          assert.deepEqual(await target.column(`select anonymous_id from privacy_choices where brand_id = 'emily'`), [anonymousId]);
          assert.deepEqual((await target.column(`select gpc from privacy_choices where brand_id = 'emily'`)).map(Number), [1]);
        } finally {
          await app.close();
        }
      }));
  });
}
