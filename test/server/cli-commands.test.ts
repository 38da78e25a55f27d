import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BRAND_IDS } from '../../brands/ids.ts';
import { ROUTES } from '../../routes.ts';
import { COBRAND_BIN, runNodeScript, type CliRun } from '../support/cli.ts';

const INDEX = fileURLToPath(new URL('../../cli/index.ts', import.meta.url));
const TSX_CLI = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

// Run from an unrelated directory: the bin must not depend on the working directory.
const elsewhere = mkdtempSync(join(tmpdir(), 'cobrand-cli-'));
after(() => rmSync(elsewhere, { recursive: true, force: true }));

const run = (file: string, args: string[]) => runNodeScript(file, args, { cwd: elsewhere });

/** The real CLI, as `node cli/bin.js ...`. */
const cobrand = (...args: string[]) => run(COBRAND_BIN, args);

describe('cobrand launchers', { concurrency: true }, () => {
  const linked = join(elsewhere, 'cobrand');
  symlinkSync(COBRAND_BIN, linked);
  const launchers: { name: string; launch: (args: string[]) => Promise<CliRun> }[] = [
    { name: 'node cli/bin.js', launch: (args) => run(COBRAND_BIN, args) },
    { name: 'a symlink to cli/bin.js (how npm links bins)', launch: (args) => run(linked, args) },
    { name: 'tsx cli/index.ts (npm run cli)', launch: (args) => run(TSX_CLI, [INDEX, ...args]) },
  ];
  for (const { name, launch } of launchers) {
    test(`${name} runs routes list --json`, async () => {
      const result = await launch(['routes', 'list', '--json']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal((JSON.parse(result.stdout) as unknown[]).length, ROUTES.length);
    });
  }
});

describe('cobrand routes list', { concurrency: true }, () => {
  test('--json prints every route with name, path, brands, language, smid, xsmid', async () => {
    const result = await cobrand('routes', 'list', '--json');
    assert.equal(result.code, 0, result.stderr);
    const listed = JSON.parse(result.stdout) as Record<string, unknown>[];
    assert.equal(listed.length, ROUTES.length);
    for (const entry of listed) assert.deepEqual(Object.keys(entry), ['name', 'path', 'brands', 'language', 'smid', 'xsmid']);
    const tos = listed.find((entry) => entry.name === 'tos');
    assert.equal(tos?.path, '/tos/{step?}');
    assert.equal(tos?.smid, null);
    const spanish = listed.find((entry) => entry.name === 'chat-ad-es');
    assert.equal(spanish?.language, 'spanish');
    assert.equal(typeof (spanish?.smid as Record<string, string>).ac, 'string');
  });

  test('--brand keeps only that brand’s routes', async () => {
    const result = await cobrand('routes', 'list', '--brand', 'm10', '--json');
    assert.equal(result.code, 0, result.stderr);
    const listed = JSON.parse(result.stdout) as { name: string; brands: string[] }[];
    assert.equal(listed.length, ROUTES.filter((route) => route.brands.includes('m10')).length);
    assert.ok(listed.every((entry) => entry.brands.includes('m10')));
    assert.ok(listed.some((entry) => entry.name === 'playground'));
    assert.ok(!listed.some((entry) => entry.name.startsWith('cc-')));
  });

  test('the human table has a header and one line per route', async () => {
    const result = await cobrand('routes', 'list', '--brand', 'ccc');
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^NAME\s+PATH\s+BRANDS\s+LANGUAGE$/);
    assert.equal(lines.length - 1, ROUTES.filter((route) => route.brands.includes('ccc')).length);
    assert.match(result.stdout, /cc-branch\s+\/branches\/\{branch\}\s+ccc\s+english/);
  });
});

describe('cobrand usage errors exit 2 and name the bad value on stderr', { concurrency: true }, () => {
  const cases: { args: string[]; mentions: string }[] = [
    { args: ['routes', 'list', '--brand', 'zz'], mentions: "unknown brand 'zz'" },
    { args: ['routes', 'list', '--frobnicate'], mentions: '--frobnicate' },
    { args: ['routes', 'frob'], mentions: 'frob' },
    { args: ['frob'], mentions: 'frob' },
    { args: ['routes', 'list', 'extra'], mentions: 'too many arguments' },
    { args: ['brands', 'coverage', '--brand', 'ac'], mentions: '--brand' },
  ];
  for (const { args, mentions } of cases) {
    test(`cobrand ${args.join(' ')}`, async () => {
      const result = await cobrand(...args);
      assert.equal(result.code, 2);
      assert.ok(result.stderr.includes(mentions), result.stderr);
      assert.equal(result.stdout, '');
    });
  }

  test('--help is not an error', async () => {
    const result = await cobrand('--help');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /routes/);
    assert.match(result.stdout, /brands/);
  });
});

describe('cobrand routes validate', { concurrency: true }, () => {
  test('the shipped route table passes: exit 0 and a one-line OK summary', async () => {
    const result = await cobrand('routes', 'validate');
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.equal(result.stdout, `OK: ${ROUTES.length} routes across ${BRAND_IDS.length} brands, no problems\n`);
  });
});

describe('cobrand brands coverage', { concurrency: true }, () => {
  test('--json totals equal each brand’s route count and the splits add up', async () => {
    const result = await cobrand('brands', 'coverage', '--json');
    assert.equal(result.code, 0, result.stderr);
    const rows = JSON.parse(result.stdout) as {
      brand: string;
      name: string;
      total: number;
      byProduct: Record<string, number>;
      byLanguage: Record<string, number>;
    }[];
    assert.deepEqual(rows.map((row) => row.brand).sort(), [...BRAND_IDS].sort());
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    for (const row of rows) {
      assert.equal(row.total, ROUTES.filter((route) => route.brands.includes(row.brand as never)).length, row.brand);
      assert.deepEqual(Object.keys(row.byProduct), ['medicare', 'auto', 'health', 'life', 'none']);
      assert.deepEqual(Object.keys(row.byLanguage), ['english', 'spanish']);
      assert.equal(sum(row.byProduct), row.total, row.brand);
      assert.equal(sum(row.byLanguage), row.total, row.brand);
      assert.ok(row.name.length > 0);
    }
    const totals = rows.map((row) => row.total);
    assert.deepEqual(totals, [...totals].sort((a, b) => b - a), 'most routes first');
    const ps = rows.find((row) => row.brand === 'ps');
    assert.ok((ps?.byProduct.auto ?? 0) > 0);
  });

  test('the human table lists every brand under a header', async () => {
    const result = await cobrand('brands', 'coverage');
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^BRAND\s+NAME\s+TOTAL\s+MEDICARE\s+AUTO\s+HEALTH\s+LIFE\s+NONE\s+ENGLISH\s+SPANISH$/);
    assert.equal(lines.length, 1 + BRAND_IDS.length);
  });
});
