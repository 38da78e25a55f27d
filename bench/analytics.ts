/**
 * `npm run bench:analytics`: funnel analytics over BENCH_EVENTS generated events (default
 * 1,000,000) on SQLite and on PostgreSQL (database `test`, a fresh schema, dropped afterwards).
 *
 * The events are generated inside the database (a recursive CTE on SQLite, generate_series on
 * PostgreSQL) with properties JSON and facet columns that agree: 125,000 visitors of ac's quiz-otc
 * over 30 days, each seeing and submitting the medicare funnel's steps down to a depth of their
 * own, across three device types and a paid share, plus experimentEntered events for a two-variant
 * experiment. Then, per store, each query runs BENCH_RUNS times (default 3) and its median prints:
 *
 * - the funnel report (store.funnelStats: grouped SQL over the facet columns, migration 0007);
 * - the same report computed by parsing the properties JSON per row (json_extract / jsonb), the
 *   way the branch overview reads page names today: the baseline the facets are measured against;
 * - the experiment results: store.experimentCounts plus the statistics, over the
 *   experiment_exposures rows the event intake writes for each entry (filled here from the
 *   generated experimentEntered events, as the intake would have);
 * - against the same per-variant step counts read from the entries in the events table itself
 *   (no exposures table), joining entries to step events through the (experiment, anonymous_id) index.
 *
 * Bounded: a fixed number of rows and runs, and each query run is cancelled by the process
 * timeout of BENCH_QUERY_TIMEOUT_S (default 120) seconds at most.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteDatabase } from '../src/server/platform/store/sqlite-driver.ts';
import pg from 'pg';
import { formatTable } from '../cli/table.ts';
import type { Store, StoreDialect } from '../src/server/platform/store/index.ts';
import { SQLITE_FILE_NAME } from '../src/server/platform/store/index.ts';
import { createStoreTarget, TEST_DATABASE_URL, type StoreTarget } from '../tools/support/store-targets.ts';
import { experimentResults } from '../src/server/experiments/experiment-results.ts';

/** The generated experiment's entries as the event intake records them (server/experiments/exposures.ts): one row per visitor, first entry. */
const EXPOSURES_FROM_ENTRIES =
  `insert into experiment_exposures (branch, experiment_key, anonymous_id, variant, first_seen_at) ` +
  `select 'ac', 'headline', anonymous_id, min(variant), min(received_at) from events where experiment = 'headline' group by anonymous_id`;

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const QUERY_TIMEOUT_S = Number(process.env.BENCH_QUERY_TIMEOUT_S ?? 120);

/** 30 days of events from this instant. */
const START_EPOCH_S = Date.UTC(2026, 2, 1) / 1000;
const SPAN_S = 30 * 86_400;
const SINCE = '2026-03-08T00:00:00.000Z';
const UNTIL = '2026-03-22T00:00:00.000Z';

/**
 * Row i of the generated table, as SQL over the integer `i`: visitor i/8; within a visitor, event
 * slot i%8 is step (i%8)/2, viewed on even slots and submitted on odd ones; a visitor reaches step
 * depth (i/8)%4 (beyond it, clicks), so later steps lose visitors; every 20th row is an experiment
 * entry instead.
 */
function generated(dialect: StoreDialect): string {
  // Integer division on both: i is an integer column on SQLite and a bigint on PostgreSQL.
  const div = (a: string, b: number) => `(${a} / ${b})`;
  const visitor = div('i', 8);
  const slot = '(i % 8)';
  const stepIndex = div(slot, 2);
  const isEntry = '(i % 20 = 19)';
  // A visitor who stopped before this slot's step clicks around instead: every row is stored, the funnel still narrows.
  const stopped = `(${visitor} % 4 < ${stepIndex})`;
  const event = `case when ${isEntry} then 'experimentEntered' when ${stopped} then 'elementClicked' when ${slot} % 2 = 0 then 'pageView' else 'formStepSubmitted' end`;
  const step = `case when ${isEntry} or ${stopped} then null else (case ${stepIndex} when 0 then 'zip' when 1 then 'medicare' when 2 then 'medicaid' else 'call' end) end`;
  const device = `case i % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end`;
  const paid = `case when ${visitor} % 3 = 0 then 1 else 0 end`;
  const variant = `case when ${isEntry} then (case when ${visitor} % 2 = 0 then 'a' else 'b' end) else null end`;
  const experiment = `case when ${isEntry} then 'headline' else null end`;
  const concat = (...parts: string[]) => parts.join(' || ');
  const anon = concat(`'v'`, dialect === 'sqlite' ? `${visitor}` : `${visitor}::text`);
  const id = concat(`'e'`, dialect === 'sqlite' ? 'i' : 'i::text');
  const receivedAt =
    dialect === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${START_EPOCH_S} + i * ${SPAN_S / EVENTS}, 'unixepoch')`
      : `to_char(to_timestamp(${START_EPOCH_S} + i * ${SPAN_S / EVENTS}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const json =
    dialect === 'sqlite'
      ? `json_object('page', json_object('name', 'quiz-otc'), 'stepName', ${step}, 'paid', json(case when ${paid} = 1 then 'true' else 'false' end), 'deviceType', ${device}, 'name', ${experiment}, 'variant', ${variant})`
      : `json_build_object('page', json_build_object('name', 'quiz-otc'), 'stepName', ${step}, 'paid', ${paid} = 1, 'deviceType', ${device}, 'name', ${experiment}, 'variant', ${variant})::text`;
  const columns = 'id, type, event, brand_id, session_id, anonymous_id, timestamp, received_at, ip, properties, route, step, device_type, paid, experiment, variant';
  const select = `select ${id}, 'track', ${event}, 'ac', ${anon}, ${anon}, ${receivedAt}, ${receivedAt}, null, ${json}, 'quiz-otc', ${step}, ${device}, ${paid}, ${experiment}, ${variant}`;
  return dialect === 'sqlite'
    ? `insert into events (${columns}) with recursive n(i) as (select 0 union all select i + 1 from n where i < ${EVENTS - 1}) ${select} from n`
    : `insert into events (${columns}) ${select} from generate_series(0, ${EVENTS - 1}) as i`;
}

/** The funnel report's step query, reading the facets out of the properties JSON per row (the baseline). */
function jsonPerRow(dialect: StoreDialect): string {
  const field = (path: string) => (dialect === 'sqlite' ? `json_extract(properties, '$.${path}')` : `(properties::jsonb #>> '{${path.split('.').join(',')}}')`);
  const visitors = (event: string) => `count(distinct case when event = '${event}' then anonymous_id end)`;
  return (
    `select ${field('stepName')} as step, ${field('deviceType')} as device_type, ${field('paid')} as paid, ${visitors('pageView')} as viewed, ${visitors('formStepSubmitted')} as submitted ` +
    `from events where brand_id = 'ac' and received_at >= '${SINCE}' and received_at < '${UNTIL}' and ${field('page.name')} = 'quiz-otc' ` +
    `and event in ('pageView', 'formStepSubmitted') group by 1, 2, 3`
  );
}

/** Experiment results per variant and step from the events alone: who entered, and who of them submitted each step. */
const EXPERIMENT_FROM_EVENTS =
  `select x.variant, e.step, count(distinct x.anonymous_id) as entered, count(distinct case when e.event = 'formStepSubmitted' then e.anonymous_id end) as submitted ` +
  `from events e join events x on x.experiment = 'headline' and x.anonymous_id = e.anonymous_id ` +
  `where e.brand_id = 'ac' and e.route = 'quiz-otc' and e.received_at >= '${SINCE}' and e.received_at < '${UNTIL}' and e.step is not null ` +
  `group by x.variant, e.step`;

/** A raw connection to the target's database, for generating rows and timing plain SQL. */
interface Raw {
  /** Runs `sql`; resolves with its rows (a query) or the number of rows it changed (an insert). */
  run(sql: string): Promise<number>;
  /** The rows of a query. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function rawConnection(target: StoreTarget): Promise<Raw> {
  if (target.dialect === 'sqlite') {
    const connection = new SqliteDatabase(join(target.options.dataDir, SQLITE_FILE_NAME));
    return {
      run: async (sql) => {
        const statement = connection.prepare(sql);
        return statement.reader ? statement.all().length : statement.run().changes;
      },
      rows: async (sql) => connection.prepare(sql).all() as Record<string, unknown>[],
      close: async () => void connection.close(),
    };
  }
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${target.options.pgSchema} -c statement_timeout=${QUERY_TIMEOUT_S * 1000}` });
  await client.connect();
  return { run: async (sql) => (await client.query(sql)).rowCount ?? 0, rows: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows, close: () => client.end() };
}

/** The median of `RUNS` timings of `work`, in milliseconds. */
async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
}

/**
 * Fails the run unless the facet report and the JSON-per-row query count the same visitors per
 * step, device type and paid flag: a fast wrong answer is no result.
 */
async function sameFigures(dialect: StoreDialect, store: Store, raw: Raw): Promise<void> {
  const key = (step: unknown, device: unknown, paid: unknown, viewed: unknown, submitted: unknown) =>
    `${String(step)}|${String(device)}|${paid === true || paid === 1 || paid === 'true' || paid === '1' ? 1 : 0}|${Number(viewed)}|${Number(submitted)}`;
  const facets = (await store.funnelStats({ brandId: 'ac', route: 'quiz-otc', since: SINCE, until: UNTIL })).splits.map((row) => key(row.step, row.deviceType, row.paid, row.viewed, row.submitted)).sort();
  const parsed = (await raw.rows(jsonPerRow(dialect))).map((row) => key(row.step, row.device_type, row.paid, row.viewed, row.submitted)).sort();
  if (facets.length === 0 || JSON.stringify(facets) !== JSON.stringify(parsed)) {
    throw new Error(`${dialect}: the facet report and the JSON-per-row query disagree:\n${facets.join('\n')}\n---\n${parsed.join('\n')}`);
  }
}

const rows: string[][] = [];
for (const dialect of ['sqlite', 'postgres'] as const) {
  const target = createStoreTarget(dialect);
  try {
    const store = await target.open();
    const raw = await rawConnection(target);
    try {
      process.stderr.write(`${dialect}: generating ${EVENTS} events...\n`);
      const started = performance.now();
      const stored = await raw.run(generated(dialect));
      await raw.run(dialect === 'sqlite' ? 'analyze' : 'analyze events');
      const generateMs = performance.now() - started;
      process.stderr.write(`${dialect}: ${stored} events in ${(generateMs / 1000).toFixed(1)} s; timing queries (${RUNS} runs each)...\n`);
      await sameFigures(dialect, store, raw);
      const facets = await median(() => store.funnelStats({ brandId: 'ac', route: 'quiz-otc', since: SINCE, until: UNTIL }));
      const baseline = await median(() => raw.run(jsonPerRow(dialect)));
      const fromEvents = await median(() => raw.run(EXPERIMENT_FROM_EVENTS));
      const experiment = await store.createExperiment({
        key: 'headline',
        branch: 'ac',
        name: 'Bench headline',
        routes: ['quiz-otc'],
        variants: [
          { key: 'a', weight: 50, overrides: {} },
          { key: 'b', weight: 50, overrides: { headline: 'B' } },
        ],
        by: 'bench',
      });
      const entered = await raw.run(EXPOSURES_FROM_ENTRIES);
      // As autovacuum would after such an insert: the planner needs the table's size to join it well.
      await raw.run(dialect === 'sqlite' ? 'analyze' : 'analyze experiment_exposures');
      const running = await store.setExperimentStatus('ac', 'headline', 'running', 1, new Date(SINCE));
      if (!experiment || !('changed' in running) || entered === 0) throw new Error(`${dialect}: the bench experiment was not set up`);
      const results = await median(() => experimentResults(store, running.changed));
      rows.push(
        [dialect, String(stored), 'funnel report (facet columns)', facets.toFixed(0), `${(baseline / facets).toFixed(1)}x`],
        [dialect, String(stored), 'funnel steps, JSON parsed per row (baseline)', baseline.toFixed(0), '1.0x'],
        [dialect, String(stored), `experiment results (exposures table, ${entered} visitors)`, results.toFixed(0), `${(fromEvents / results).toFixed(1)}x vs entries in events`],
        [dialect, String(stored), 'experiment steps from entries in events (baseline)', fromEvents.toFixed(0), '-'],
      );
    } finally {
      await raw.close();
      await store.close();
    }
  } finally {
    await target.cleanup();
  }
}
console.log(`Reports over two weeks of ${EVENTS.toLocaleString('en-US')} generated events spread over 30 days; median of ${RUNS} runs.`);
console.log(formatTable(['STORE', 'EVENTS', 'QUERY', 'MEDIAN MS', 'SPEED-UP OVER JSON PER ROW'], rows));
