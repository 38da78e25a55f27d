/**
 * Kysely's SQLite statements prepared once per SQL text (src/server/platform/store/statement-cache.ts): the
 * same text reuses its statement, other texts get their own, the cache stays bounded, and reuse
 * gives the right rows for every run, including a streamed query interleaved with other queries.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { SqliteDatabase } from '../../../src/server/platform/store/sqlite-driver.ts';
import { Kysely, SqliteDialect } from 'kysely';
import { cachingStatements } from '../../../src/server/platform/store/statement-cache.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cobrand-statements-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh database file with a counting `prepare`. */
function openCounting(size?: number) {
  const connection = new SqliteDatabase(path.join(dir, `${Math.random().toString(36).slice(2)}.sqlite`));
  const prepared: string[] = [];
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  });
  return { connection, prepared, database: cachingStatements(connection, size) };
}

describe('statement cache', () => {
  test('one statement per SQL text, reused on every later run', () => {
    const { connection, prepared, database } = openCounting();
    const cases = ['select 1 as one', 'select 2 as two', 'select 1 as one', 'select 2 as two', 'select 1 as one'];
    const statements = cases.map((sql) => database.prepare(sql));
    assert.deepEqual(prepared, ['select 1 as one', 'select 2 as two']);
    assert.equal(statements[0], statements[2]);
    assert.equal(statements[0], statements[4]);
    assert.notEqual(statements[0], statements[1]);
    connection.close();
  });

  test('bounded: the least recently used text is prepared again after it was evicted', () => {
    const { connection, prepared, database } = openCounting(2);
    for (const sql of ['select 1', 'select 2', 'select 3', 'select 1']) database.prepare(sql);
    assert.deepEqual(prepared, ['select 1', 'select 2', 'select 3', 'select 1']);
    connection.close();
  });

  test('through Kysely: each run of a reused statement binds its own values, a stream interleaved with other queries included', async () => {
    const { prepared, database } = openCounting();
    const db = new Kysely<{ items: { id: number; name: string } }>({ dialect: new SqliteDialect({ database }) });
    await db.schema.createTable('items').addColumn('id', 'integer', (column) => column.primaryKey()).addColumn('name', 'text').execute();
    for (const [id, name] of [[1, 'one'], [2, 'two'], [3, 'three']] as const) await db.insertInto('items').values({ id, name }).execute();
    const byId = (id: number) => db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    const names = await Promise.all([1, 2, 3, 2, 1].map(async (id) => (await byId(id))?.name));
    assert.deepEqual(names, ['one', 'two', 'three', 'two', 'one']);
    assert.equal(prepared.filter((sql) => sql.startsWith('insert')).length, 1, 'the three inserts share one statement');
    assert.equal(prepared.filter((sql) => sql.startsWith('select "name"')).length, 1, 'the five reads share one statement');

    const streamed: string[] = [];
    const reads: Promise<unknown>[] = [];
    for await (const row of db.selectFrom('items').select('name').orderBy('id').stream()) {
      streamed.push(row.name);
      // Queued behind the stream by Kysely's connection mutex, never run on a statement still iterating.
      reads.push(byId(3));
    }
    assert.deepEqual(streamed, ['one', 'two', 'three']);
    assert.deepEqual((await Promise.all(reads)).map((row) => (row as { name: string }).name), ['three', 'three', 'three']);
    await db.destroy();
  });
});
