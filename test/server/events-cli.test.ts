/**
 * `cobrand events tail` and `cobrand events stats`, run as `node cli/bin.js ...` child processes
 * against stores seeded here: a SQLite DATA_DIR, and a fresh PostgreSQL database via DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { DEFAULT_TAIL_LIMIT } from '../../cli/events.ts';
import { EXIT_CODES } from '../../cli/exit-codes.ts';
import { openStore, SQLITE_FILE_NAME, type EventRow, type EventStat, type NewEvent } from '../../src/server/store/index.ts';
import { TEST_DATABASE_URL } from '../fixtures/store-targets.ts';
import { COBRAND_BIN, runNodeScript } from '../support/cli.ts';

// Run from an unrelated directory: DATA_DIR, not the working directory, picks the store.
const elsewhere = mkdtempSync(join(tmpdir(), 'cobrand-events-cli-'));
after(() => rmSync(elsewhere, { recursive: true, force: true }));

function cobrand(env: Record<string, string>, ...args: string[]) {
  // Only what the command needs: the store variables must come from `env`, not from this process.
  const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env };
  return runNodeScript(COBRAND_BIN, args, { cwd: elsewhere, env: childEnv });
}

/** 30 events: brands ac/tqg alternating, names cycling over three, one minute apart over two UTC days. */
const SEEDED: NewEvent[] = Array.from({ length: 30 }, (_unused, index) => {
  const receivedAt = new Date(Date.UTC(2026, 2, 1, 23, 45 + index)).toISOString();
  return {
    id: `cli-event-${String(index).padStart(3, '0')}`,
    type: 'track',
    event: ['pageView', 'stepSubmitted', 'elementClicked'][index % 3] as string,
    brandId: index % 2 === 0 ? 'ac' : 'tqg',
    sessionId: `session-${index % 4}`,
    anonymousId: `anon-${index % 5}`,
    timestamp: receivedAt,
    receivedAt,
    ip: '203.0.113.7',
    properties: { eventId: `cli-event-${String(index).padStart(3, '0')}`, url: { path: `/quiz/otc/step-${index}` } },
  };
});

/** The seeded ids `tail` should print for `filter`, newest `limit`, oldest first. */
function expectedTail(filter: (event: NewEvent) => boolean, limit: number): string[] {
  const matching = SEEDED.filter(filter);
  return matching.slice(Math.max(0, matching.length - limit)).map((event) => event.id);
}

function expectedStats(): EventStat[] {
  const counts = new Map<string, EventStat>();
  for (const event of SEEDED) {
    const day = event.receivedAt.slice(0, 10);
    const key = `${day}|${event.brandId}|${event.event}`;
    const stat = counts.get(key) ?? { brandId: event.brandId, event: event.event, day, count: 0 };
    stat.count++;
    counts.set(key, stat);
  }
  return [...counts.values()].sort((a, b) => b.day.localeCompare(a.day) || a.brandId.localeCompare(b.brandId) || a.event.localeCompare(b.event));
}

/** The same checks against whichever store `env` names. */
function describeAgainst(name: string, setUp: () => Promise<Record<string, string>>, tearDown: () => Promise<void>): void {
  describe(`cobrand events (${name})`, () => {
    let env: Record<string, string>;
    before(async () => {
      env = await setUp();
    });
    after(tearDown);

    test(`tail --json: the last ${DEFAULT_TAIL_LIMIT} events, oldest first, as stored`, async () => {
      const result = await cobrand(env, 'events', 'tail', '--json');
      assert.equal(result.code, 0, result.stderr);
      const events = JSON.parse(result.stdout) as EventRow[];
      assert.deepEqual(
        events.map((event) => event.id),
        expectedTail(() => true, DEFAULT_TAIL_LIMIT),
      );
      const last = SEEDED.at(-1) as NewEvent;
      assert.deepEqual(events.at(-1), last);
    });

    const filtered: { args: string[]; filter: (event: NewEvent) => boolean; limit: number }[] = [
      { args: ['--brand', 'tqg'], filter: (event) => event.brandId === 'tqg', limit: DEFAULT_TAIL_LIMIT },
      { args: ['--event', 'stepSubmitted', '--limit', '3'], filter: (event) => event.event === 'stepSubmitted', limit: 3 },
      { args: ['--brand', 'ac', '--event', 'pageView'], filter: (event) => event.brandId === 'ac' && event.event === 'pageView', limit: DEFAULT_TAIL_LIMIT },
      { args: ['--limit', '100'], filter: () => true, limit: 100 },
      { args: ['--brand', 'emily'], filter: (event) => event.brandId === 'emily', limit: DEFAULT_TAIL_LIMIT },
    ];
    for (const { args, filter, limit } of filtered) {
      test(`tail ${args.join(' ')} --json`, async () => {
        const result = await cobrand(env, 'events', 'tail', ...args, '--json');
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(
          (JSON.parse(result.stdout) as EventRow[]).map((event) => event.id),
          expectedTail(filter, limit),
        );
      });
    }

    test('tail prints an aligned table, newest last', async () => {
      const result = await cobrand(env, 'events', 'tail', '--limit', '4');
      assert.equal(result.code, 0, result.stderr);
      const lines = result.stdout.trimEnd().split('\n');
      assert.equal(lines.length, 5);
      assert.match(lines[0] ?? '', /^RECEIVED\s+BRAND\s+EVENT\s+PATH\s+ANONYMOUS ID\s+IP\s+EVENT ID$/);
      const brandColumn = (lines[0] ?? '').indexOf('BRAND');
      for (const line of lines.slice(1)) assert.match(line.slice(brandColumn), /^(ac|tqg)\s/);
      assert.match(lines[4] ?? '', /^2026-03-02T00:14:00\.000Z\s+tqg\s+elementClicked\s+\/quiz\/otc\/step-29\s+anon-4\s+203\.0\.113\.7\s+cli-event-029$/);
    });

    test('stats --json: counts by brand, event and UTC day, newest day first', async () => {
      const result = await cobrand(env, 'events', 'stats', '--json');
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(JSON.parse(result.stdout), expectedStats());
    });

    test('stats prints a table with a header and one line per count', async () => {
      const result = await cobrand(env, 'events', 'stats');
      assert.equal(result.code, 0, result.stderr);
      const lines = result.stdout.trimEnd().split('\n');
      assert.match(lines[0] ?? '', /^DAY\s+BRAND\s+EVENT\s+COUNT$/);
      assert.equal(lines.length, expectedStats().length + 1);
      assert.match(lines[1] ?? '', /^2026-03-02\s+ac\s+elementClicked\s+\d+$/);
    });

    const usageErrors: { args: string[]; named: string }[] = [
      { args: ['tail', '--limit', '0'], named: "'0'" },
      { args: ['tail', '--limit', 'ten'], named: "'ten'" },
      { args: ['tail', '--limit', '2.5'], named: "'2.5'" },
      { args: ['tail', '--limit', '10001'], named: "'10001'" },
      { args: ['tail', '--brand', 'nope'], named: "'nope'" },
      { args: ['tail', '--event', ''], named: "''" },
      { args: ['stats', '--brand', 'ac'], named: '--brand' },
    ];
    for (const { args, named } of usageErrors) {
      test(`events ${args.join(' ')} is a usage error naming ${named}`, async () => {
        const result = await cobrand(env, 'events', ...args);
        assert.equal(result.code, EXIT_CODES.usage, result.stderr);
        assert.ok(result.stderr.includes(named), result.stderr);
        assert.equal(result.stdout, '');
      });
    }
  });
}

describe('events commands on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-events-cli-data-'));
  describeAgainst(
    'SQLite',
    async () => {
      const store = await openStore({ dataDir });
      await store.insertEvents(SEEDED);
      await store.close();
      return { DATA_DIR: dataDir };
    },
    async () => rmSync(dataDir, { recursive: true, force: true }),
  );
});

describe('events commands on PostgreSQL', () => {
  const database = `cobrand_cli_test_${process.pid}`;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });
  const databaseUrl = (() => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  describeAgainst(
    'PostgreSQL',
    async () => {
      const client = admin();
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${database}`);
        await client.query(`CREATE DATABASE ${database}`);
      } finally {
        await client.end();
      }
      const store = await openStore({ dataDir: elsewhere, databaseUrl });
      await store.insertEvents(SEEDED);
      await store.close();
      return { DATABASE_URL: databaseUrl, DATA_DIR: join(elsewhere, 'unused') };
    },
    async () => {
      const client = admin();
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${database}`);
      } finally {
        await client.end();
      }
    },
  );
});

describe('events commands without a usable store', () => {
  test('an empty store prints "no events", or [] with --json', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-events-cli-empty-'));
    try {
      await (await openStore({ dataDir })).close();
      for (const command of ['tail', 'stats']) {
        assert.deepEqual(await cobrand({ DATA_DIR: dataDir }, 'events', command), { code: 0, stdout: 'no events\n', stderr: '' });
        assert.deepEqual(JSON.parse((await cobrand({ DATA_DIR: dataDir }, 'events', command, '--json')).stdout), []);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a DATA_DIR without a store is reported, and nothing is created there', async () => {
    const dataDir = join(elsewhere, 'no-store-here');
    const result = await cobrand({ DATA_DIR: dataDir }, 'events', 'tail');
    assert.equal(result.code, EXIT_CODES.problems);
    assert.ok(result.stderr.includes(dataDir) && result.stderr.includes(SQLITE_FILE_NAME), result.stderr);
    assert.equal(existsSync(dataDir), false);
  });

  test('a bad environment is reported naming the variable', async () => {
    const result = await cobrand({ DATABASE_URL: 'mysql://localhost/x' }, 'events', 'stats');
    assert.equal(result.code, EXIT_CODES.usage);
    assert.match(result.stderr, /DATABASE_URL="mysql:\/\/localhost\/x": must be a postgres:\/\/ URL/);
  });
});
