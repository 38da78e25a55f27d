/**
 * `cobrand leads list|show|consent|export|retry`, run in-process (runCli with an io of captured
 * streams and a store of the test's own) on SQLite and on PostgreSQL, plus two `node cli/bin.js`
 * child processes that check the real wiring: the environment's store, the OS user in the access
 * log, and exit code 2 through the bin.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EXIT_CODES } from '../../../cli/exit-codes.ts';
import { sinceTime } from '../../../cli/leads-arguments.ts';
import { CSV_COLUMNS, csvHeader as csvHeaderLine } from '../../../src/server/leads/lead-csv.ts';
import { openStore, type ConsentProof, type LeadRow, type NewLead, type Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { ClosingPipe, COBRAND_BIN, cobrandInProcess, ensureCliBuilt, runNodeScript, withoutFallbackNote, type Capture, type InProcessRun } from '../../support/cli.ts';

/** The actor the in-process runs log accesses as. */
const ACTOR = 'test-operator';

/**
 * `cobrand leads ...args` in-process against `open()`'s store (usage errors exit 2, a crash is
 * code -1 with `thrown`). `stderrIsTTY` plays a person watching.
 */
function cobrandLeads(open: () => Promise<Store>, args: string[], options: { stderrIsTTY?: boolean; stdout?: Capture } = {}): Promise<InProcessRun> {
  return cobrandInProcess(['leads', ...args], { openStore: () => open(), actor: () => ACTOR, ...options });
}

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  assert.equal(cell + row.join(''), '', 'the CSV ends with a complete CRLF row');
  return rows;
}

const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const CONSENT: ConsentProof = {
  text: 'By clicking "Get my quotes", I agree to be contacted,\nincluding by autodialed calls.',
  version: 'a'.repeat(64),
  buttonLabel: 'Get my quotes',
  pageUrl: 'https://thequoteguide.com/quiz/auto',
  consentedAt: ago(10 * DAY),
  ip: '198.51.100.23',
  userAgent: 'Mozilla/5.0 (X11; "quoted")',
};

const AUTO_FIELDS = {
  zipcode: '33187',
  driver1FirstName: 'Jane',
  driver1LastName: 'Doe',
  driver1Email: 'jane.doe@example.com',
  driver1Phone: '(305) 555-4567',
  driver1Dob: '1980-04-30',
  driver1Address: '1 "Main" St, Apt 2',
  vehicle1Make: 'Toyota',
  currentlyInsured: true,
};

/**
 * The contacts of the auto leads other than lead-a: one contact twice within 30 days would make
 * the later lead a duplicate, never delivered nor failed (masked, they read as AUTO_FIELDS').
 */
const OTHER_CONTACTS: Record<string, Partial<typeof AUTO_FIELDS>> = {
  'lead-b': { driver1Email: 'jane.b@example.com', driver1Phone: '(212) 555-4567' },
  'lead-e': { driver1Email: 'jane.e@example.com', driver1Phone: '(646) 555-4567' },
};

function newLead(id: string, brandId: string, product: 'auto' | 'medicare', createdAt: string, extra: Partial<NewLead> = {}): NewLead {
  return {
    id,
    brandId,
    route: product === 'auto' ? 'quiz-auto' : 'quiz-otc',
    funnel: product,
    product,
    language: 'en',
    anonymousId: `anon-${id}`,
    sessionId: `session-${id}`,
    fields: product === 'auto' ? { ...AUTO_FIELDS, ...OTHER_CONTACTS[id] } : { zipcode: '90210', phone: '2125550199', firstName: 'Ana' },
    consent: CONSENT,
    status: 'captured',
    createdAt,
    ...extra,
  };
}

/** The seeded leads, oldest first; A delivered, B and E failed, C and D call-routed, F waiting without consent. */
const SEEDED: NewLead[] = [
  newLead('lead-a', 'tqg', 'auto', ago(10 * DAY)),
  newLead('lead-b', 'tqg', 'auto', ago(3 * DAY)),
  newLead('lead-e', 'tqg', 'auto', ago(20 * HOUR)),
  newLead('lead-c', 'ac', 'medicare', ago(2 * HOUR), { status: 'call-routed' }),
  newLead('lead-d', 'emily', 'medicare', ago(30 * MINUTE), {
    status: 'call-routed',
    consent: { ...CONSENT, trustedFormCertUrl: 'https://cert.trustedform.com/abc123', leadidToken: 'JORNAYA-TOKEN-1' },
  }),
  newLead('lead-f', 'ac', 'medicare', ago(5 * MINUTE), { consent: null, fields: { zipcode: '90210' } }),
];

async function seed(store: Store): Promise<void> {
  for (const lead of SEEDED) await store.createLead(lead);
  await store.recordDelivery('lead-a', { kind: 'delivered', buyerLeadId: 'B-1', buyerPrice: 12.5, buyerResponse: '{"id":"B-1"}' });
  await store.recordDelivery('lead-b', { kind: 'failed', error: 'buyer answered HTTP 500' });
  await store.recordDelivery('lead-e', { kind: 'failed', error: 'buyer timed out after 10000 ms' });
}

const ids = (leads: readonly { id: string }[]) => leads.map((lead) => lead.id);

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand leads (${dialect})`, () => {
    let target: StoreTarget;
    let store: Store;
    const open = () => target.open();
    const run = (...args: string[]) => cobrandLeads(open, args);
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
      await seed(store);
    });
    after(async () => {
      await store?.close();
      await target?.cleanup();
    });

    test('list --json: newest first, every stored fact, personal values masked', async () => {
      const result = await run('list', '--json');
      assert.equal(result.code, 0, result.stderr);
      const listed = JSON.parse(result.stdout) as LeadRow[];
      assert.deepEqual(ids(listed), ['lead-f', 'lead-d', 'lead-c', 'lead-e', 'lead-b', 'lead-a']);
      const stored = (await store.getLead('lead-b'))!;
      assert.deepEqual(listed[4], {
        ...stored,
        fields: { ...AUTO_FIELDS, driver1FirstName: 'J***', driver1LastName: 'D***', driver1Email: 'j***@e***.com', driver1Phone: '(***) ***-4567', driver1Dob: '***', driver1Address: '1***' },
      });
      assert.deepEqual(await store.listLeadAccesses('lead-b'), [], 'nothing was revealed');
    });

    const filters: Array<[string[], string[]]> = [
      [['--brand', 'tqg'], ['lead-e', 'lead-b', 'lead-a']],
      [['--status', 'failed'], ['lead-e', 'lead-b']],
      [['--status', 'call-routed', '--brand', 'emily'], ['lead-d']],
      [['--since', '1d'], ['lead-f', 'lead-d', 'lead-c', 'lead-e']],
      [['--since', '90m'], ['lead-f', 'lead-d']],
      [['--since', '3h'], ['lead-f', 'lead-d', 'lead-c']],
      [['--since', new Date(NOW - 5 * DAY).toISOString().slice(0, 10)], ['lead-f', 'lead-d', 'lead-c', 'lead-e', 'lead-b']],
      [['--since', ago(4 * DAY)], ['lead-f', 'lead-d', 'lead-c', 'lead-e', 'lead-b']],
      [['--brand', 'tqg', '--status', 'failed', '--since', '2d'], ['lead-e']],
      [['--limit', '2'], ['lead-f', 'lead-d']],
      [['--brand', 'gs'], []],
    ];
    for (const [args, expected] of filters) {
      test(`list ${args.join(' ')}`, async () => {
        const result = await run('list', ...args, '--json');
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(ids(JSON.parse(result.stdout) as LeadRow[]), expected);
      });
    }

    test('list prints a table: id, created, brand, route, product, status, attempts, last error', async () => {
      const result = await run('list', '--brand', 'tqg');
      assert.equal(result.code, 0, result.stderr);
      const lines = result.stdout.trimEnd().split('\n');
      assert.match(lines[0] ?? '', /^ID\s+CREATED\s+BRAND\s+ROUTE\s+PRODUCT\s+STATUS\s+ATTEMPTS\s+LAST ERROR$/);
      assert.equal(lines.length, 4);
      assert.match(lines[1] ?? '', new RegExp(`^lead-e\\s+${SEEDED[2]!.createdAt!.replaceAll('.', '\\.')}\\s+tqg\\s+quiz-auto\\s+auto\\s+failed\\s+1\\s+buyer timed out after 10000 ms$`));
      assert.match(lines[3] ?? '', /^lead-a\s+\S+\s+tqg\s+quiz-auto\s+auto\s+delivered\s+1$/);
      assert.equal(result.stderr, '');
      assert.ok(!result.stdout.includes('Jane'), 'a list shows no personal value');

      const capped = await run('list', '--limit', '1');
      assert.match(capped.stderr, /the newest 1 only/);
      assert.deepEqual(await run('list', '--brand', 'gs'), { code: 0, stdout: 'no leads\n', stderr: '' });
    });

    const usageErrors: Array<[string[], string]> = [
      [['list', '--since', '3x'], "'3x'"],
      [['list', '--since', '7w'], "'7w'"],
      [['list', '--since', '2026-02-30'], "'2026-02-30'"],
      [['list', '--since', '2026-03-01T08:00'], "'2026-03-01T08:00'"],
      [['list', '--status', 'lost'], "'lost'"],
      [['list', '--brand', 'nope'], "'nope'"],
      [['list', '--limit', '0'], "'0'"],
      [['export', '--format', 'xml'], "'xml'"],
      [['export', '--format', 'csv', '--status', 'sent'], "'sent'"],
      [['export'], '--format'],
      [['show'], 'id'],
      [['retry'], '--failed'],
      [['retry', 'lead-b', '--failed'], '--failed'],
    ];
    for (const [args, named] of usageErrors) {
      test(`leads ${args.join(' ')}: usage error naming ${named}, exit 2`, async () => {
        const result = await run(...args);
        assert.equal(result.code, EXIT_CODES.usage, result.stderr);
        assert.ok(result.stderr.includes(named), result.stderr);
        assert.equal(result.stdout, '');
      });
    }

    test('show: every stored fact, personal values masked, nothing logged', async () => {
      const result = await run('show', 'lead-a');
      assert.equal(result.code, 0, result.stderr);
      for (const expected of [
        /^lead\s+lead-a$/m,
        /^brand\s+tqg$/m,
        /^\s+status\s+delivered$/m,
        /^\s+buyer lead id\s+B-1$/m,
        /^\s+buyer price\s+12\.5$/m,
        /^\s+driver1FirstName\s+J\*\*\*$/m,
        /^\s+driver1Email\s+j\*\*\*@e\*\*\*\.com$/m,
        /^\s+driver1Phone\s+\(\*\*\*\) \*\*\*-4567$/m,
        /^\s+zipcode\s+33187$/m,
        /^\s+button label\s+Get my quotes$/m,
        /^\s+ip\s+198\.51\.100\.23$/m,
        /personal values masked/,
      ]) {
        assert.match(result.stdout, expected);
      }
      // The phone is matched whole: a bare '555' can appear in the printed timestamps' milliseconds.
      for (const secret of ['Jane', 'Doe', 'jane.doe', '(305)', '555-4567', '1980-04-30', 'Main']) assert.ok(!result.stdout.includes(secret), `${secret} is masked`);
      assert.deepEqual(await store.listLeadAccesses('lead-a'), []);
    });

    test('show --reveal: the stored lead as is, and one access-log row per reveal', async () => {
      const json = await run('show', 'lead-a', '--reveal', '--json');
      assert.equal(json.code, 0, json.stderr);
      assert.deepEqual(JSON.parse(json.stdout), await store.getLead('lead-a'));
      const text = await run('show', 'lead-a', '--reveal');
      assert.match(text.stdout, /^\s+driver1Email\s+jane\.doe@example\.com$/m);
      assert.match(text.stdout, new RegExp(`revealed to ${ACTOR}`));
      const accesses = await store.listLeadAccesses('lead-a');
      assert.deepEqual(
        accesses.map(({ leadId, actor, channel }) => ({ leadId, actor, channel })),
        [
          { leadId: 'lead-a', actor: ACTOR, channel: 'cli' },
          { leadId: 'lead-a', actor: ACTOR, channel: 'cli' },
        ],
      );
    });

    test('show --reveal prints nothing when the access cannot be logged', async () => {
      const failing = async () => {
        const real = await open();
        return Object.assign(Object.create(real) as Store, {
          recordLeadAccess: () => Promise.reject(new Error('access log unavailable')),
          close: () => real.close(),
        });
      };
      for (const format of [[], ['--json']]) {
        const result = await cobrandLeads(failing, ['show', 'lead-b', '--reveal', ...format]);
        assert.match(String(result.thrown), /access log unavailable/);
        assert.equal(result.stdout, '');
      }
    });

    const missing: Array<[string[], RegExp]> = [
      [['show', 'nope'], /no lead with id 'nope'/],
      [['show', 'nope', '--reveal'], /no lead with id 'nope'/],
      [['consent', 'nope'], /no lead with id 'nope'/],
      [['consent', 'lead-f'], /lead 'lead-f' has no consent proof/],
      [['retry', 'nope'], /no lead with id 'nope'/],
      [['retry', 'lead-d'], /lead 'lead-d' is call-routed.*cannot be retried/],
    ];
    for (const [args, message] of missing) {
      test(`leads ${args.join(' ')}: exit 1 saying why`, async () => {
        const result = await run(...args);
        assert.equal(result.code, EXIT_CODES.problems);
        assert.match(result.stderr, message);
        assert.equal(result.stdout, '');
      });
    }

    test('consent: the proof, with TrustedForm and Jornaya when present; --json as stored, with the re-render', async () => {
      const result = await run('consent', 'lead-d');
      assert.equal(result.code, 0, result.stderr);
      for (const expected of [
        /^consented at\s+\S+Z$/m,
        /^button label\s+Get my quotes$/m,
        /^page url\s+https:\/\/thequoteguide\.com\/quiz\/auto$/m,
        /^ip\s+198\.51\.100\.23$/m,
        /^user agent\s+Mozilla\/5\.0 \(X11; "quoted"\)$/m,
        new RegExp(`^version\\s+${'a'.repeat(64)}$`, 'm'),
        /^trustedform cert\s+https:\/\/cert\.trustedform\.com\/abc123$/m,
        /^jornaya leadid\s+JORNAYA-TOKEN-1$/m,
        /^text\s+By clicking "Get my quotes", I agree to be contacted,\n\s+including by autodialed calls\.$/m,
      ]) {
        assert.match(result.stdout, expected);
      }
      assert.doesNotMatch((await run('consent', 'lead-c')).stdout, /trustedform|jornaya/);
      // The proof as stored, and the re-render of its consent step beside it (cli-leads-consent.test.ts).
      const { rerender, ...proof } = JSON.parse((await run('consent', 'lead-d', '--json')).stdout) as ConsentProof & { rerender: { matches: boolean | null } };
      assert.deepEqual(proof, (await store.getLead('lead-d'))!.consent);
      assert.equal(rerender.matches, null, 'a proof without an HTML hash is not compared');
    });

    test('export --format ndjson: every lead as stored, oldest first, each access logged; a summary line on stderr', async () => {
      const result = await run('export', '--format', 'ndjson');
      assert.equal(result.code, 0, result.stderr);
      const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as LeadRow);
      const stored = await Promise.all(SEEDED.map((lead) => store.getLead(lead.id)));
      assert.deepEqual(lines, stored);
      // Not a TTY: no progress, only the summary.
      assert.equal(result.stderr, 'exported 6 leads as ndjson\n');
      for (const lead of SEEDED) {
        const exports = (await store.listLeadAccesses(lead.id)).filter((access) => access.channel === 'cli-export');
        assert.deepEqual(exports.map((access) => access.actor), [ACTOR], lead.id);
      }
    });

    test('export --format csv: a header row, one quoted row per lead, parsed back to the stored values', async () => {
      const result = await run('export', '--format', 'csv', '--brand', 'tqg', '--since', '5d');
      assert.equal(result.code, 0, result.stderr);
      const [header, ...rows] = parseCsv(result.stdout);
      assert.deepEqual(header, CSV_COLUMNS);
      const records = rows.map((row) => Object.fromEntries((header ?? []).map((column, index) => [column, row[index]])));
      assert.deepEqual(ids(records as { id: string }[]), ['lead-b', 'lead-e']);
      const [b] = records;
      assert.equal(b?.status, 'failed');
      assert.equal(b?.attempts, '1');
      assert.equal(b?.lastError, 'buyer answered HTTP 500');
      assert.equal(b?.buyerPrice, '');
      assert.equal(b?.['fields.driver1Address'], AUTO_FIELDS.driver1Address);
      assert.equal(b?.['fields.driver1Email'], OTHER_CONTACTS['lead-b']?.driver1Email);
      assert.deepEqual([b?.duplicateOf, b?.missingFields], ['', '']);
      assert.equal(b?.['fields.currentlyInsured'], 'true');
      assert.equal(b?.['fields.haveMedicare'], '', 'a field of another product is an empty cell');
      assert.equal(b?.['consent.text'], CONSENT.text);
      assert.equal(b?.['consent.userAgent'], CONSENT.userAgent);
      assert.equal(b?.['consent.trustedFormCertUrl'], '');
      assert.equal(b?.['fields.other'], '');
      assert.equal(result.stderr, 'exported 2 leads as csv\n');

      const none = await run('export', '--format', 'csv', '--brand', 'gs');
      assert.deepEqual(parseCsv(none.stdout), [CSV_COLUMNS]);
      assert.equal(none.stderr, 'exported 0 leads as csv\n');
    });

    test('export shows progress on stderr only when stderr is a TTY', async () => {
      const result = await cobrandLeads(open, ['export', '--format', 'ndjson', '--status', 'call-routed'], { stderrIsTTY: true });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '\rexporting 2 leads…\r\x1b[Kexported 2 leads as ndjson\n');
    });

    test('export stops, exit 1, when the reader closes the output (| head)', async () => {
      const result = await cobrandLeads(open, ['export', '--format', 'csv'], { stdout: new ClosingPipe() });
      assert.equal(result.code, EXIT_CODES.problems, result.stderr);
      assert.equal(result.stdout, csvHeaderLine());
      assert.equal(result.stderr, 'export stopped after 0 leads: the output was closed (EPIPE)\n');
    });

    // Last: these change the seeded leads.
    test('retry ID requeues one lead; retry --failed every failed one', async () => {
      assert.deepEqual(await run('retry', 'lead-b'), { code: 0, stdout: 'requeued 1 lead (was failed)\n', stderr: '' });
      const requeued = (await store.getLead('lead-b'))!;
      assert.equal(requeued.status, 'captured');
      assert.equal(requeued.attempts, 0);
      assert.deepEqual(await run('retry', '--failed'), { code: 0, stdout: 'requeued 1 failed lead\n', stderr: '' });
      assert.equal((await store.getLead('lead-e'))!.status, 'captured');
      assert.deepEqual(await run('retry', '--failed'), { code: 0, stdout: 'requeued 0 failed leads\n', stderr: '' });
      assert.equal((await store.getLead('lead-d'))!.status, 'call-routed', 'a call-routed lead stays as it was');
    });
  });
}

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand leads: leads never for sale (${dialect})`, () => {
    let target: StoreTarget;
    let store: Store;
    const run = (...args: string[]) => cobrandLeads(() => target.open(), args);
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
      await store.createLead(newLead('lead-first', 'tqg', 'auto', ago(2 * DAY)));
      // Jane again a day later: the store makes it a duplicate of lead-first.
      await store.createLead(newLead('lead-again', 'tqg', 'auto', ago(DAY)));
      await store.createLead(newLead('lead-lacking', 'tqg', 'auto', ago(HOUR), { status: 'incomplete', missingFields: ['vehicle1Year', 'vehicle1Model'], fields: { zipcode: '33187' } }));
    });
    after(async () => {
      await store?.close();
      await target?.cleanup();
    });

    const lists: Array<[string, string[]]> = [
      ['duplicate', ['lead-again']],
      ['incomplete', ['lead-lacking']],
      ['captured', ['lead-first']],
    ];
    for (const [status, expected] of lists) {
      test(`list --status ${status}`, async () => {
        const result = await run('list', '--status', status, '--json');
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(ids(JSON.parse(result.stdout) as LeadRow[]), expected);
      });
    }

    const shows: Array<[string, RegExp]> = [
      ['lead-again', /^\s+status\s+duplicate\n\s+duplicate of\s+lead-first$/m],
      ['lead-lacking', /^\s+status\s+incomplete\n\s+missing\s+vehicle1Year, vehicle1Model$/m],
    ];
    for (const [id, expected] of shows) {
      test(`show ${id} says why it is never delivered`, async () => {
        const result = await run('show', id);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, expected);
      });
    }

    const retries: Array<[string, RegExp]> = [
      ['lead-again', /^lead 'lead-again' is a duplicate of an earlier lead .* never delivered, so it cannot be retried$/m],
      ['lead-lacking', /^lead 'lead-lacking' is incomplete: .* never delivered, so it cannot be retried$/m],
    ];
    for (const [id, message] of retries) {
      test(`retry ${id} is refused, and the lead stays out of the outbox`, async () => {
        const status = (await store.getLead(id))!.status;
        const result = await run('retry', id);
        assert.deepEqual([result.code, result.stdout], [EXIT_CODES.problems, '']);
        assert.match(result.stderr, message);
        assert.equal((await store.getLead(id))!.status, status);
        assert.equal(await store.outboxDepth(), 1);
      });
    }
  });
}

describe('leads --since', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const cases: Array<[string, string | undefined]> = [
    ['7d', '2026-03-03T12:00:00.000Z'],
    ['12h', '2026-03-10T00:00:00.000Z'],
    ['30m', '2026-03-10T11:30:00.000Z'],
    ['0d', '2026-03-10T12:00:00.000Z'],
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T08:00:00Z', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01T08:00+02:00', '2026-03-01T06:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2026-02-29', undefined],
    ['2026-03-01T08:00', undefined],
    ['March 1', undefined],
    ['7', undefined],
    ['-7d', undefined],
    ['7 d', undefined],
    ['', undefined],
  ];
  for (const [value, expected] of cases) {
    test(`${JSON.stringify(value)} → ${expected ?? 'refused'}`, () => {
      assert.equal(sinceTime(value, now), expected);
    });
  }
});

describe('cobrand leads as a child process (the environment store, runCli)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-leads-cli-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  before(async () => {
    await ensureCliBuilt();
    const store = await openStore({ dataDir });
    try {
      await seed(store);
    } finally {
      await store.close();
    }
  });
  const cobrand = (...args: string[]) =>
    runNodeScript(COBRAND_BIN, args, { cwd: dataDir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATA_DIR: dataDir } });

  test('show --reveal reads DATA_DIR and logs the OS user', async () => {
    const result = await cobrand('leads', 'show', 'lead-e', '--reveal', '--json');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(withoutFallbackNote(result.stderr), '');
    assert.equal((JSON.parse(result.stdout) as LeadRow).fields.driver1FirstName, 'Jane');
    const store = await openStore({ dataDir });
    try {
      const [access] = await store.listLeadAccesses('lead-e');
      assert.equal(access?.actor, os.userInfo().username);
      assert.equal(access?.channel, 'cli');
    } finally {
      await store.close();
    }
  });

  test('a bad --since exits 2 naming the value', async () => {
    const result = await cobrand('leads', 'export', '--format', 'csv', '--since', 'yesterday');
    assert.equal(result.code, EXIT_CODES.usage);
    assert.match(result.stderr, /'yesterday'/);
    assert.equal(result.stdout, '');
  });
});
