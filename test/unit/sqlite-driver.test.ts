import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { SqliteDatabase, sqlitePackageFor } from '../../src/server/platform/store/sqlite-driver.ts';

const require = createRequire(import.meta.url);

describe('the better-sqlite3 each Node loads', () => {
  for (const [major, name] of [
    [20, 'better-sqlite3-node20'],
    [22, 'better-sqlite3'],
    [24, 'better-sqlite3'],
    [26, 'better-sqlite3'],
  ] as const) {
    test(`Node ${major}: ${name}`, () => assert.equal(sqlitePackageFor(major), name));
  }

  test('this Node loads the package for its major, whose version is the one meant for it', () => {
    const major = Number(process.versions.node.split('.')[0]);
    const name = sqlitePackageFor(major);
    assert.equal(SqliteDatabase, require(name));
    const { version } = require(`${name}/package.json`) as { version: string };
    // 13 is the Node-API build with binaries in the package; 12 compiles at install (Node 20 only).
    assert.equal(Number(version.split('.')[0]), major >= 22 ? 13 : 12);
  });

  test('a database opens, runs a statement and closes', () => {
    const db = new SqliteDatabase(':memory:');
    try {
      db.exec('CREATE TABLE t (n INTEGER)');
      db.prepare('INSERT INTO t VALUES (?), (?)').run(2, 3);
      assert.deepEqual(db.prepare('SELECT sum(n) AS total FROM t').get(), { total: 5 });
    } finally {
      db.close();
    }
  });
});
