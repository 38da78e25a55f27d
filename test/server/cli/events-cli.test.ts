/**
 * `cobrand events tail [--follow]` and `cobrand events stats`, run in-process (runCli with
 * captured streams and an environment of their own) against stores seeded here: a SQLite
 * DATA_DIR, and a fresh PostgreSQL database via DATABASE_URL. Two child processes check
 * `tail --follow` as a real process: Ctrl-C stops it quietly, and so does a reader that went away.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { DEFAULT_TAIL_LIMIT } from '../../../cli/events-command.ts';
import { openEnvironmentStore, type CliIo } from '../../../cli/cli-io.ts';
import { EXIT_CODES } from '../../../cli/exit-codes.ts';
import { openStore, SQLITE_FILE_NAME, type EventRow, type EventStat, type NewEvent, type Store } from '../../../src/server/platform/store/index.ts';
import { TEST_DATABASE_URL } from '../../../tools/support/store-targets.ts';
import { Capture, COBRAND_BIN, cobrandInProcess, ensureCliBuilt, withoutFallbackNote } from '../../support/cli.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const elsewhere = mkdtempSync(join(tmpdir(), 'cobrand-events-cli-'));
after(() => rmSync(elsewhere, { recursive: true, force: true }));

/** `cobrand ...args` in-process; the store variables come from `env` only, never from this process. */
function cobrand(env: Record<string, string>, ...args: string[]) {
  return cobrandInProcess(args, { env });
}

/** Resolves once `check()` holds, checked after each write to `stdout`. */
function until(stdout: Capture, what: string, check: () => boolean): Promise<true> {
  return whenEmitted(stdout, 'written', () => check() || undefined, what);
}

/**
 * The store the CLI opens from its environment, with each of `tail --follow`'s looks at it
 * (listEvents) counted and announced on `looks` as `look`, so a test can wait for looks to have
 * happened instead of for time to have passed.
 */
function countedLooks(): { looks: EventEmitter; count: () => number; openStore: (io: CliIo) => Promise<Store | undefined> } {
  const looks = new EventEmitter();
  let count = 0;
  const openStore = async (io: CliIo) => {
    const store = await openEnvironmentStore(io);
    if (store === undefined) return undefined;
    const listEvents: Store['listEvents'] = async (...args) => {
      const found = await store.listEvents(...args);
      count++;
      looks.emit('look');
      return found;
    };
    // The store itself for everything else (its methods bound to it, as they may use private fields).
    return new Proxy(store, {
      get(target, key) {
        if (key === 'listEvents') return listEvents;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { looks, count: () => count, openStore };
}

/** An event like the seeded ones, received at `receivedAt`. */
function newEvent(id: string, brandId: string, receivedAt: string): NewEvent {
  return {
    id,
    type: 'track',
    event: 'pageView',
    brandId,
    sessionId: 'session-new',
    anonymousId: 'anon-new',
    timestamp: receivedAt,
    receivedAt,
    ip: null,
    properties: { url: { path: `/${id}` } },
  };
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
    // Stored as its network (an address ending in .0), as every event is.
    ip: '203.0.113.0',
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
function describeAgainst(name: string, setUp: () => Promise<Record<string, string>>, tearDown: () => Promise<void>, open: () => Promise<Store>): void {
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
      assert.match(lines[4] ?? '', /^2026-03-02T00:14:00\.000Z\s+tqg\s+elementClicked\s+\/quiz\/otc\/step-29\s+anon-4\s+203\.0\.113\.0\s+cli-event-029$/);
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

    // Last: these add events.
    test('tail --follow --json: the last N, then each new event once, as it arrives, until Ctrl-C (exit 0)', async () => {
      const stdout = new Capture();
      const interrupt = new AbortController();
      const { looks, count, openStore } = countedLooks();
      const running = cobrandInProcess(['events', 'tail', '--follow', '--json', '--brand', 'tqg', '--limit', '2'], {
        env,
        stdout,
        interruption: interrupt.signal,
        followIntervalMs: 20,
        openStore,
      });
      const lines = () => stdout.text.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as EventRow).id);
      try {
        await until(stdout, 'the last 2 tqg events', () => lines().length === 2);
        assert.deepEqual(lines(), expectedTail((event) => event.brandId === 'tqg', 2));
        const store = await open();
        try {
          await store.insertEvents([newEvent('new-1', 'tqg', '2026-03-02T00:20:00.000Z'), newEvent('new-other-brand', 'ac', '2026-03-02T00:21:00.000Z')]);
          await until(stdout, 'new-1', () => lines().includes('new-1'));
          // Committed after new-1 was shown, yet received before it: still shown (the look reaches back), once.
          await store.insertEvents([newEvent('new-2-late', 'tqg', '2026-03-02T00:19:59.000Z'), newEvent('new-3', 'tqg', '2026-03-02T00:22:00.000Z')]);
          await until(stdout, 'new-3 and new-2-late', () => lines().includes('new-3') && lines().includes('new-2-late'));
        } finally {
          await store.close();
        }
        // Two more whole looks (a look is printed before the next one starts): nothing is printed twice.
        const seen = count();
        await whenEmitted(looks, 'look', () => count() >= seen + 3, 'two more looks at the store');
      } finally {
        // Ctrl-C, whether the checks above passed or not: a failed check must not leave the follow running.
        interrupt.abort();
      }
      const result = await running;
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      // new-2-late and new-3 were committed together, so they came in the same look, oldest first.
      assert.deepEqual(lines(), [...expectedTail((event) => event.brandId === 'tqg', 2), 'new-1', 'new-2-late', 'new-3']);
    });

    test('tail --follow prints a table whose columns only widen, and stops when the output is closed', async () => {
      const stdout = new Capture();
      const running = cobrandInProcess(['events', 'tail', '--follow', '--event', 'elementClicked', '--limit', '1'], { env, stdout, followIntervalMs: 20 });
      try {
        await until(stdout, 'the header and one event', () => stdout.text.split('\n').length === 3);
        const [header, first] = stdout.text.split('\n');
        assert.match(header ?? '', /^RECEIVED\s+BRAND\s+EVENT\s+PATH\s+ANONYMOUS ID\s+IP\s+EVENT ID$/);
        assert.match(first ?? '', /^2026-03-02T00:14:00\.000Z\s+tqg\s+elementClicked\s+\/quiz\/otc\/step-29\s+anon-4\s+203\.0\.113\.0\s+cli-event-029$/);
        const store = await open();
        try {
          const wide = { ...newEvent('a-much-longer-event-id-than-before', 'ac', '2026-03-02T00:30:00.000Z'), event: 'elementClicked' };
          await store.insertEvents([wide]);
          await until(stdout, 'the wide event', () => stdout.text.includes(wide.id));
        } finally {
          await store.close();
        }
        const last = stdout.text.trimEnd().split('\n').at(-1) ?? '';
        // Same columns as the header: BRAND starts where it did.
        assert.equal(last.indexOf(' ac '), (header ?? '').indexOf('BRAND') - 1);
      } finally {
        // Closing the output ends the follow, whether the checks above passed or not: a failed check must not leave it running.
        stdout.destroy();
      }
      const result = await running;
      assert.deepEqual([result.code, result.stderr], [0, '']);
    });

    const usageErrors: { args: string[]; named: string }[] = [
      { args: ['tail', '--limit', '0'], named: "'0'" },
      { args: ['tail', '--limit', 'ten'], named: "'ten'" },
      { args: ['tail', '--limit', '2.5'], named: "'2.5'" },
      { args: ['tail', '--limit', '10001'], named: "'10001'" },
      { args: ['tail', '--brand', 'nope'], named: "'nope'" },
      { args: ['tail', '--event', ''], named: "''" },
      { args: ['stats', '--brand', 'ac'], named: '--brand' },
      { args: ['stats', '--follow'], named: '--follow' },
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
    () => openStore({ dataDir }),
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
    () => openStore({ dataDir: elsewhere, databaseUrl }),
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
    assert.match(result.stderr, /DATABASE_URL: must be a postgres:\/\/ URL/);
    assert.doesNotMatch(result.stderr, /mysql/, 'the value is never printed');
  });
});

describe('events tail --follow as a real process (the bin, compiled)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-events-follow-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  before(async () => {
    await ensureCliBuilt();
    const store = await openStore({ dataDir });
    await store.insertEvents(SEEDED.slice(0, 3));
    await store.close();
  });

  /** `cobrand events tail --follow --limit 1` on dataDir; resolves with the child once it printed the seeded event. */
  async function follow() {
    const child = spawn(process.execPath, [COBRAND_BIN, 'events', 'tail', '--follow', '--limit', '1'], {
      cwd: elsewhere,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (...end) => resolve(end)));
    // A cap of 30 s, not 10: a whole Node process starts and opens the store first, on a loaded machine.
    await whenEmitted(child.stdout, 'data', () => output.stdout.includes(SEEDED[2]!.id), `the seeded event (stderr: ${output.stderr})`, 30_000);
    return { child, output, ended };
  }

  test('Ctrl-C (SIGINT) stops it: exit 0, nothing more printed', async () => {
    const { child, output, ended } = await follow();
    const printed = output.stdout;
    child.kill('SIGINT');
    assert.deepEqual(await ended, [0, null], output.stderr);
    assert.equal(output.stdout, printed);
    assert.equal(withoutFallbackNote(output.stderr), '');
  });

  test('a reader that went away (| head -2) ends it at its next line: exit 0, no stack trace', async () => {
    const { child, output, ended } = await follow();
    child.stdout.destroy();
    const store = await openStore({ dataDir });
    try {
      await store.insertEvents([newEvent('after-the-reader-left', 'ac', new Date().toISOString())]);
    } finally {
      await store.close();
    }
    assert.deepEqual(await ended, [0, null], output.stderr);
    assert.equal(withoutFallbackNote(output.stderr), '');
  });
});
