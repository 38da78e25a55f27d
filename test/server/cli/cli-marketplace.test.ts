/**
 * `cobrand demand-check [replay]`, `cobrand lead map` and `cobrand sandbox marketplace`, run
 * in-process (runCli with captured streams and an environment of their own); one child process
 * checks `lead map -` reading the real standard input and exiting 1 through the bin.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { mapLeadForLeadBuyer } from '../../../src/core/lead-buyer/mapping.ts';
import type { AutoLead } from '../../../src/core/leads/auto.ts';
import { LEAD_PRODUCTS } from '../../../src/core/leads/product.ts';
import { mapLeadForMarketplace } from '../../../src/core/marketplace/lead-mapping.ts';
import { DemandCheckPayloadSchema } from '../../../src/core/marketplace/payload-schemas.ts';
import { buildDemandCheckPayload } from '../../../src/core/marketplace/payloads.ts';
import { PRODUCT_LINES } from '../../../src/core/marketplace/product-line.ts';
import type { AnswerChange } from '../../../src/server/marketplace/answer-diff.ts';
import { lineStatuses } from '../../../src/server/marketplace/line-status.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SANDBOX_PLACEMENT_IDS } from '../../../src/server/marketplace/sandbox/sandbox-rules.ts';
import { PLACEMENT_VARIABLES } from '../../../src/server/marketplace/server-fields.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { injectableApp, startTestServer, type TestServer } from '../../../tools/support/server.ts';
import { Capture, COBRAND_BIN, cobrandInProcess, ensureCliBuilt, runNodeScript, withoutFallbackNote } from '../../support/cli.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const TOKEN = 'cli-test-token';

// Run from an unrelated directory, with a data folder of our own.
const workDir = mkdtempSync(join(tmpdir(), 'cobrand-cli-marketplace-'));
after(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * `cobrand ...args` in-process with a data folder of our own and `env` added (nothing of this
 * process's environment, so no real upstream or store), optionally fed `stdin`.
 */
function cobrand(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string) {
  return cobrandInProcess(args, { env: { DATA_DIR: join(workDir, 'data'), ...env }, ...(stdin === undefined ? {} : { stdin }) });
}

const sandboxEnv = (sandbox: SandboxMarketplace): NodeJS.ProcessEnv => ({
  MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
  MEDIAALPHA_API_TOKEN: TOKEN,
});

describe('cobrand demand-check --dry-run', { concurrency: true }, () => {
  test('--json prints the payload the page would send: version 17, the 7-entry source, the route URL with the afid', async () => {
    const result = await cobrand(
      ['demand-check', '--brand', 'ac', '--route', 'quiz-otc', '--zip', '90210', '--state', 'CA', '--afid', 'AFF-1', '--hour', '9', '--dry-run', '--json'],
      { MEDIAALPHA_PLACEMENT_MEDICARE: 'pl-medicare' },
    );
    assert.equal(result.code, 0, result.stderr);
    const { payload } = JSON.parse(result.stdout) as { payload: unknown };
    assert.equal(DemandCheckPayloadSchema.safeParse(payload).success, true);
    assert.deepEqual(
      payload,
      buildDemandCheckPayload({
        ip: '203.0.113.7',
        localHour: 9,
        ua: 'cobrand-cli demand-check',
        url: 'https://americancoverage.com/quiz/otc?afid=AFF-1',
        placementId: 'pl-medicare',
        urlParams: { afid: 'AFF-1' },
        geo: { postalCode: '90210', stateCode: 'CA' },
      }),
    );
    const sent = payload as { version: number; source: string[]; sub_1: string };
    assert.equal(sent.version, 17);
    assert.deepEqual(sent.source, ['AFF-1', 'null', 'null', 'null', 'null', 'null', 'null']);
    assert.equal(sent.sub_1, 'AFF-1');
  });

  test('without an afid the configured affiliate id is used; the text output shows the payload', async () => {
    const result = await cobrand(['demand-check', '--brand', 'tqg', '--route', 'quiz-auto', '--zip', '33187', '--dry-run'], {
      MEDIAALPHA_AFFILIATE_ID: 'AFF-CONF',
      MEDIAALPHA_PLACEMENT_AUTO: 'pl-auto',
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^payload \(dry run, not sent\):/);
    const payload = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { source: string[]; placement_id: string; url: string; version: number };
    assert.equal(payload.version, 17);
    assert.equal(payload.source.length, 7);
    assert.equal(payload.source[0], 'AFF-CONF');
    assert.equal(payload.placement_id, 'pl-auto');
    assert.equal(payload.url, 'https://thequoteguide.com/quiz/auto');
  });

  const lines: Array<[string, string, string]> = [
    ['wc', 'go-4-life', 'pl-life'],
    ['bh', 'go-4-health', 'pl-health'],
    ['wc', 'index', 'pl-medicare'],
  ];
  for (const [brand, route, placement] of lines) {
    test(`${brand} ${route}: the placement of the route's own product line (${placement})`, async () => {
      const result = await cobrand(['demand-check', '--brand', brand, '--route', route, '--zip', '33145', '--dry-run', '--json'], {
        MEDIAALPHA_PLACEMENT_MEDICARE: 'pl-medicare',
        MEDIAALPHA_PLACEMENT_LIFE: 'pl-life',
        MEDIAALPHA_PLACEMENT_HEALTH: 'pl-health',
      });
      assert.equal(result.code, 0, result.stderr);
      assert.equal((JSON.parse(result.stdout) as { payload: { placement_id: string } }).payload.placement_id, placement);
    });
  }

  const usageErrors: Array<[string, string[], RegExp]> = [
    ['an unknown brand', ['--brand', 'zz', '--route', 'quiz-otc', '--zip', '90210'], /unknown brand 'zz'/],
    ['a 4-digit ZIP', ['--brand', 'ac', '--route', 'quiz-otc', '--zip', '9021'], /ZIP '9021' must be exactly 5 digits/],
    ['an unknown route', ['--brand', 'ac', '--route', 'nope', '--zip', '90210'], /unknown route 'nope'/],
    ['a route the brand does not serve', ['--brand', 'tqg', '--route', 'quiz-otc', '--zip', '90210'], /route 'quiz-otc' is not served on brand 'tqg'/],
    ['a route with a required parameter', ['--brand', 'ccc', '--route', 'cc-branch', '--zip', '90210'], /needs the parameter \{branch\}/],
    ['a bad IP', ['--brand', 'ac', '--route', 'quiz-otc', '--zip', '90210', '--ip', '300.1.1.1'], /'300\.1\.1\.1' is not an IPv4 or IPv6 address/],
    ['an hour out of range', ['--brand', 'ac', '--route', 'quiz-otc', '--zip', '90210', '--hour', '24'], /--hour/],
    ['missing options', ['--route', 'quiz-otc'], /missing required option --brand, --zip/],
    ['a bad --against URL', ['--brand', 'ac', '--route', 'quiz-otc', '--zip', '90210', '--against', 'ftp://x'], /'ftp:\/\/x' is not an http/],
  ];
  for (const [label, args, message] of usageErrors) {
    test(`${label}: exit 2 naming the value`, async () => {
      const result = await cobrand(['demand-check', ...args, '--dry-run']);
      assert.equal(result.code, 2, result.stdout);
      assert.match(result.stderr, message);
    });
  }
});

describe('cobrand demand-check (sending)', { concurrency: true }, () => {
  let sandbox: SandboxMarketplace;
  let server: TestServer;
  before(async () => {
    sandbox = await startSandboxMarketplace({ token: TOKEN });
    server = await startTestServer(sandboxEnv(sandbox));
  });
  after(async () => {
    await server.close();
    await sandbox.close();
  });

  test('to the configured marketplace: status, latency, bid and isLowBid', async () => {
    const result = await cobrand(['demand-check', '--brand', 'ac', '--route', 'quiz-otc', '--zip', '01001'], sandboxEnv(sandbox));
    assert.equal(result.code, 0, result.stderr);
    assert.ok(result.stdout.includes(`POST ${sandbox.endpoints.demandCheck}, the configured marketplace`), result.stdout);
    assert.match(result.stdout, /^status 200, latency \d+ ms, bid 4\.5, isLowBid true$/m);
  });

  test('--json: the answer as data', async () => {
    const result = await cobrand(['demand-check', '--brand', 'ac', '--route', 'quiz-otc', '--zip', '90210', '--json'], sandboxEnv(sandbox));
    assert.equal(result.code, 0, result.stderr);
    const answer = JSON.parse(result.stdout) as { status: number; bid: number; isLowBid: boolean; sentTo: string; raw: string };
    assert.deepEqual([answer.status, answer.bid, answer.isLowBid, answer.sentTo], [200, 26, false, sandbox.endpoints.demandCheck]);
    assert.equal((JSON.parse(answer.raw) as { ctc: { ev: number } }).ctc.ev, 26);
  });

  test('with no upstream configured: an in-process sandbox answers', async () => {
    const result = await cobrand(['demand-check', '--brand', 'ac', '--route', 'quiz-otc', '--zip', '90210']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /the in-process sandbox marketplace, no MEDIAALPHA_DEMAND_CHECK_URL configured/);
    assert.match(result.stdout, /^status 200, latency \d+ ms, bid 26, isLowBid false$/m);
  });

  test('an upstream failure: the reason, exit 1', async () => {
    const result = await cobrand(['demand-check', '--brand', 'ac', '--route', 'quiz-otc', '--zip', '00002'], sandboxEnv(sandbox));
    assert.equal(result.code, 1);
    assert.match(result.stdout, /^status 500, latency \d+ ms, failed: upstream answered HTTP 500$/m);
  });

  test('--against a cobrand server: through its /api/mediaalpha/demand-check, as the brand', async () => {
    const result = await cobrand(['demand-check', '--brand', 'tqg', '--route', 'quiz-auto', '--zip', '33150', '--against', `http://127.0.0.1:${server.port}`]);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(result.stdout.includes(`POST http://127.0.0.1:${server.port}/api/mediaalpha/demand-check as thequoteguide.com`), result.stdout);
    assert.match(result.stdout, /^status 200, latency \d+ ms, bid 30, isLowBid false$/m);
    // Other tests of this suite run at the same time: find this check's record by its ZIP.
    const rows = await server.app.store.listExchanges({ last: 50 });
    const row = rows.find((entry) => (entry.request as { data: { zip?: string } }).data.zip === '33150');
    assert.ok(row, 'the server recorded the exchange');
    assert.equal(row.brandId, 'tqg');
    assert.equal((row.request as { placement_id: string }).placement_id, 'sandbox-auto');
  });

  test('--against a server that refuses the payload: its answer, exit 1', async () => {
    const result = await cobrand(['demand-check', '--brand', 'ac', '--route', 'quiz-otc', '--zip', '00003', '--against', `http://127.0.0.1:${server.port}`]);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /^status 502, .*failed: upstream answered HTTP 502: \{"error":"upstream answered HTTP 200 with a body that is not JSON"\}$/m);
  });
});

describe('cobrand demand-check replay', () => {
  let sandbox: SandboxMarketplace;
  const dataDir = join(workDir, 'replay-data');
  let recordedId = 0;
  before(async () => {
    sandbox = await startSandboxMarketplace({ token: TOKEN });
    // The server records one demand check in dataDir, then stops, as a real deployment would have.
    const app = await injectableApp({ ...sandboxEnv(sandbox), DATA_DIR: dataDir });
    // Two checks: the replay of several shows progress; the tests of one use the newest (90210).
    for (const postalCode of ['33187', '90210']) {
      const payload = buildDemandCheckPayload({
        ip: '198.51.100.23',
        localHour: 10,
        ua: 'test',
        url: 'https://americancoverage.com/quiz/otc',
        placementId: 'p',
        urlParams: {},
        geo: { postalCode },
      });
      const response = await app.inject({ method: 'POST', url: '/api/mediaalpha/demand-check', headers: { host: 'ac.localhost' }, payload });
      assert.equal(response.statusCode, 200, response.body);
    }
    recordedId = (await app.store.listExchanges({ last: 1 }))[0]!.id;
    await app.close();
  });
  after(() => sandbox.close());

  const env = () => ({ ...sandboxEnv(sandbox), DATA_DIR: dataDir });

  test('an unchanged upstream: the answer is unchanged', async () => {
    const result = await cobrand(['demand-check', 'replay', '--last', '1'], env());
    assert.equal(result.code, 0, result.stderr);
    assert.ok(result.stdout.includes(`exchange ${recordedId} (brand ac, recorded `), result.stdout);
    assert.match(result.stdout, /^ {2}before: HTTP 200 in \d+ ms$/m);
    assert.match(result.stdout, /^ {2}now: {4}HTTP 200 in \d+ ms$/m);
    assert.match(result.stdout, /^ {2}the answer is unchanged$/m);
  });

  test('after the sandbox changes its answer: the changed key, before and after', async () => {
    sandbox.setBidOffset(10);
    try {
      const text = await cobrand(['demand-check', 'replay'], env());
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^ {2}changed ctc\.ev: 26 -> 36$/m);
      assert.doesNotMatch(text.stdout, /unchanged/);
      const json = await cobrand(['demand-check', 'replay', '--id', String(recordedId), '--json'], env());
      assert.equal(json.code, 0, json.stderr);
      const [replay] = JSON.parse(json.stdout) as { id: number; changes: AnswerChange[] }[];
      assert.equal(replay?.id, recordedId);
      assert.deepEqual(replay?.changes, [{ kind: 'changed', path: 'ctc.ev', before: 26, after: 36 }]);
    } finally {
      sandbox.setBidOffset(0);
    }
  });

  test('several exchanges: a progress bar on stderr for a person at a terminal, nothing on a pipe', async () => {
    const tty = await cobrandInProcess(['demand-check', 'replay', '--last', '2'], { env: env(), stderrIsTTY: true });
    assert.equal(tty.code, 0, tty.stderr);
    assert.equal(tty.stdout.match(/^exchange \d+ /gm)?.length, 2, tty.stdout);
    assert.match(tty.stderr, /^\rreplaying \[#+-*\] 1\/2 exchanges 50%/);
    assert.ok(tty.stderr.includes('\rreplaying [########################] 2/2 exchanges 100%'), JSON.stringify(tty.stderr));
    assert.ok(tty.stderr.endsWith('\r\x1b[K'), 'the bar is erased at the end');
    const piped = await cobrandInProcess(['demand-check', 'replay', '--last', '2'], { env: env() });
    assert.equal(piped.code, 0, piped.stderr);
    assert.equal(piped.stderr, '');
    assert.equal(piped.stdout.replace(/\d+ ms/g, ''), tty.stdout.replace(/\d+ ms/g, ''));
  });

  test('a failing upstream now: the reason, exit 1', async () => {
    const closed = await startSandboxMarketplace();
    await closed.close();
    const result = await cobrand(['demand-check', 'replay', '--to', closed.endpoints.demandCheck], env());
    assert.equal(result.code, 1);
    assert.match(result.stdout, /^ {2}now: {4}no response in \d+ ms \(upstream refused the connection\)$/m);
    assert.match(result.stdout, /^ {2}changed \(whole answer\): \{"request_id":.*\} -> null$/m);
  });

  const usageErrors: Array<[string, string[], RegExp]> = [
    ['an id nothing has', ['--id', '999'], /no recorded exchange with id 999/],
    ['an id that is not a number', ['--id', 'x'], /--id/],
    ['--id with --last', ['--id', '1', '--last', '2'], /cannot be used with/],
  ];
  for (const [label, args, message] of usageErrors) {
    test(`${label}: exit 2`, async () => {
      const result = await cobrand(['demand-check', 'replay', ...args], env());
      assert.equal(result.code, 2, result.stdout);
      assert.match(result.stderr, message);
    });
  }
});

describe('cobrand lead map', { concurrency: true }, () => {
  const lead: AutoLead = {
    zipcode: '33187',
    currentlyInsured: false,
    homeowner: true,
    driver1FirstName: 'Ada',
    driver1LastName: 'Lovelace',
    driver1Phone: '(305) 555-0142',
    driver1Gender: 'female',
    vehicle1Year: '2019',
    vehicle1Make: 'Toyota',
  };
  const goodFile = join(workDir, 'lead.json');
  const badFile = join(workDir, 'bad-lead.json');
  const garbledFile = join(workDir, 'garbled.json');
  writeFileSync(goodFile, JSON.stringify(lead));
  writeFileSync(badFile, JSON.stringify({ zipcode: '331', driver1Gender: 'robot' }));
  writeFileSync(garbledFile, '{"zipcode": ');

  test('an auto lead for the marketplace: the mapped data, exit 0', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'marketplace', '--product', 'auto', goodFile]);
    assert.equal(result.code, 0, result.stderr);
    const mapped = JSON.parse(result.stdout) as { contact: string; drivers: { gender: string }[] };
    assert.deepEqual(mapped, mapLeadForMarketplace('auto', lead));
    assert.equal(mapped.contact, 'Ada Lovelace');
    assert.equal(mapped.drivers[0]?.gender, 'F');
  });

  test('an auto lead for the lead buyer, read from stdin', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'lead-buyer', '--product', 'auto', '-'], {}, JSON.stringify(lead));
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      zip: '33187',
      drivers: [{ first_name: 'Ada', last_name: 'Lovelace', primary_phone: '3055550142', gender: 'female', own_or_rent: 'own' }],
      vehicles: [{ year: '2019', make: 'Toyota' }],
      coverage: { has_coverage: 'no' },
    });
  });

  test('a medicare lead for the marketplace', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'marketplace', '--product', 'medicare', '-'], {}, '{"zipcode":"90210","haveMedicaid":true}');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { zip: '90210', currently_insured: 0, dsnp: 1 });
  });

  test('a medicare lead for the lead buyer: the error, exit 1', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'lead-buyer', '--product', 'medicare', '-'], {}, '{"zipcode":"90210"}');
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr.trim(), 'error: schema not implemented for medicare');
  });

  test('--strict: an invalid lead is refused, one line per problem, exit 1', async () => {
    const result = await cobrand(['lead', 'map', '--strict', '--provider', 'lead-buyer', '--product', 'auto', badFile]);
    assert.equal(result.code, 1);
    assert.deepEqual(result.stdout.trim().split('\n'), ['zipcode: Enter a 5-digit ZIP code.', 'driver1Gender: Choose male, female or non-binary.']);
  });

  // Spec §5: a stored lead's invalid or untouched (empty) values read as absent; the rest is mapped.
  const untouched = { ...lead, driver1Email: '', driver1Address: '', zipcode: '331', driver1Gender: 'robot', notALeadField: 'x' };
  test('lenient by default: empty and invalid fields are dropped with a warning each, the rest mapped, exit 0', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'lead-buyer', '--product', 'auto', '-'], {}, JSON.stringify(untouched));
    assert.equal(result.code, 0, result.stderr);
    const { zipcode: _zipcode, driver1Gender: _gender, ...kept } = lead;
    assert.deepEqual(JSON.parse(result.stdout), mapLeadForLeadBuyer('auto', kept));
    // In the lead's key order, named with why, never with the value (it may be personal); keys of no auto field are not warned about.
    assert.deepEqual(result.stderr.trim().split('\n'), [
      'warning: dropped zipcode: Enter a 5-digit ZIP code.',
      'warning: dropped driver1Gender: Choose male, female or non-binary.',
      'warning: dropped driver1Email: empty',
      'warning: dropped driver1Address: empty',
    ]);
  });

  test('lenient or not, something that is not an object of fields is refused, exit 1', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'marketplace', '--product', 'auto', '-'], {}, '["33187"]');
    assert.equal(result.code, 1);
    assert.equal(result.stdout.trim(), '(lead): Send the lead as an object of fields.');
  });

  test('a file that is not JSON: exit 1', async () => {
    const result = await cobrand(['lead', 'map', '--provider', 'marketplace', '--product', 'auto', garbledFile]);
    assert.equal(result.code, 1);
    assert.ok(result.stdout.startsWith(`${garbledFile}: not JSON`), result.stdout);
  });

  const usageErrors: Array<[string, string[], RegExp]> = [
    ['an unknown provider', ['--provider', 'acme', '--product', 'auto', goodFile], /unknown provider 'acme'/],
    ['an unknown product', ['--provider', 'marketplace', '--product', 'boat', goodFile], new RegExp(`unknown product 'boat' \\(known: ${LEAD_PRODUCTS.join(', ')}\\)`)],
    ['a missing file', ['--provider', 'marketplace', '--product', 'auto', join(workDir, 'nope.json')], /cannot read lead file '.*nope\.json' \(ENOENT\)/],
    ['no --provider', ['--product', 'auto', goodFile], /--provider/],
  ];
  for (const [label, args, message] of usageErrors) {
    test(`${label}: exit 2`, async () => {
      const result = await cobrand(['lead', 'map', ...args]);
      assert.equal(result.code, 2, result.stdout);
      assert.match(result.stderr, message);
    });
  }
});

describe('cobrand sandbox marketplace', () => {
  test('prints its URLs, answers with the given token, stops on Ctrl-C', async () => {
    const stdout = new Capture();
    const interrupt = new AbortController();
    const running = cobrandInProcess(['sandbox', 'marketplace', '--token', TOKEN], { stdout, interruption: interrupt.signal });
    try {
      await whenEmitted(stdout, 'written', () => stdout.text.includes('Ctrl-C'), 'the line saying it listens');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout.text)?.[1];
      assert.ok(url, stdout.text);
      assert.ok(stdout.text.includes(`MEDIAALPHA_DEMAND_CHECK_URL=${url}/demand-check`), stdout.text);
      assert.ok(stdout.text.includes(`MEDIAALPHA_API_TOKEN=${TOKEN}`), stdout.text);
      // The printed environment is complete: a server started with it makes every line's calls.
      const printed = /point a cobrand server at it with:\n {2}(.+)\n/.exec(stdout.text)?.[1];
      assert.ok(printed, stdout.text);
      const env = Object.fromEntries(printed.split(' ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
      for (const line of PRODUCT_LINES) assert.equal(env[PLACEMENT_VARIABLES[line]], SANDBOX_PLACEMENT_IDS[line], `${line}'s placement is printed`);
      const statuses = lineStatuses(loadConfig({ NODE_ENV: 'test', ...env }).vars, []);
      for (const line of PRODUCT_LINES) {
        const { demandCheck, phoneLease, ads } = statuses[line];
        assert.deepEqual([demandCheck, phoneLease, ads], [{ state: 'live' }, { state: 'live' }, { state: 'live' }], `${line}: nothing left off`);
      }
      const response = await request(`${url}/demand-check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { zip: '90210' } }),
      });
      assert.equal(response.statusCode, 200);
      assert.equal(((await response.body.json()) as { ctc: { ev: number } }).ctc.ev, 26);
    } finally {
      interrupt.abort();
    }
    const result = await running;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /POST \/demand-check zip=90210 mode=ok/);
    assert.match(result.stdout, /sandbox marketplace stopped/);
  });
});

describe('cobrand lead map as a child process (the bin, compiled)', () => {
  before(ensureCliBuilt);

  test('reads the real standard input; a product the provider has no schema for exits 1', async () => {
    const result = await runNodeScript(COBRAND_BIN, ['lead', 'map', '--provider', 'lead-buyer', '--product', 'medicare', '-'], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test' },
      stdin: '{"zipcode":"90210"}',
    });
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.equal(withoutFallbackNote(result.stderr).trim(), 'error: schema not implemented for medicare');
  });
});
