/**
 * The SQLite files hold leads (personal data): the data folder this process creates is 0700 and
 * the database, -wal and -shm files are 0600, whatever the umask (even 000), files an earlier
 * version left world-readable included; checked with fs.stat.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openStore, type NewEvent } from '../../../src/server/platform/store/index.ts';
import { DATA_DIR_MODE, SQLITE_COMPANION_SUFFIXES, SQLITE_FILE_MODE, SQLITE_FILE_NAME } from '../../../src/server/platform/store/sqlite.ts';

const mode = (file: string) => statSync(file).mode & 0o777;
const octal = (value: number) => value.toString(8).padStart(4, '0');

let scratch: string;
let umask: number;

before(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'cobrand-perms-'));
  // The loosest umask: every file and folder would be created world-readable and -writable.
  umask = process.umask(0o000);
});
after(() => {
  process.umask(umask);
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens the store in `dataDir`, writes once (so the WAL files exist), and checks every mode. */
async function openWriteAndCheck(dataDir: string, what: string) {
  const store = await openStore({ dataDir });
  try {
    const now = new Date().toISOString();
    const event: NewEvent = { id: `perm-${Math.random()}`, type: 'track', event: 'pageView', brandId: 'ac', sessionId: 's', anonymousId: 'a', timestamp: now, receivedAt: now, ip: '203.0.113.7', properties: {} };
    await store.insertEvents([event]);
    const database = path.join(dataDir, SQLITE_FILE_NAME);
    assert.equal(octal(mode(database)), octal(SQLITE_FILE_MODE), `${what}: the database file`);
    for (const suffix of SQLITE_COMPANION_SUFFIXES) {
      assert.equal(octal(mode(database + suffix)), octal(SQLITE_FILE_MODE), `${what}: the ${suffix} file (open)`);
    }
  } finally {
    await store.close();
  }
}

describe('SQLite data files are private', () => {
  test('a new data folder is 0700 and the database, -wal and -shm files 0600, under umask 000', async () => {
    assert.equal(process.umask(), 0o000);
    const dataDir = path.join(scratch, 'fresh', 'data');
    await openWriteAndCheck(dataDir, 'fresh');
    assert.equal(octal(mode(dataDir)), octal(DATA_DIR_MODE), 'the data folder');
    // Reopened: SQLite creates its -wal and -shm files again, with the database file's mode.
    await openWriteAndCheck(dataDir, 'reopened');
  });

  test('files an earlier version left world-readable are closed up; an existing folder keeps its mode', async () => {
    const dataDir = path.join(scratch, 'old');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    // A first run, then the files loosened as an earlier version (umask 022 → 0644) left them.
    await (await openStore({ dataDir })).close();
    const database = path.join(dataDir, SQLITE_FILE_NAME);
    chmodSync(database, 0o644);
    for (const suffix of SQLITE_COMPANION_SUFFIXES) {
      writeFileSync(database + suffix, '', { flag: 'a' });
      chmodSync(database + suffix, 0o666);
    }
    await openWriteAndCheck(dataDir, 'upgraded');
    assert.equal(octal(mode(dataDir)), '0755', 'a folder the operator made is left as it is');
  });
});
