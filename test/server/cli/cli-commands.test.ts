/**
 * `cobrand routes|brands|completion`, --help, --version and usage errors, run in-process
 * (runCli with captured streams); two child processes check what needs a real one: the bin
 * through a symlink from another directory (how npm links it) with its exit code, and a reader
 * that closes the pipe early.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { bashCompletion, COMPLETION_SHELLS, completionTree } from '../../../cli/completion.ts';
import { createProgram } from '../../../cli/index.ts';
import { ROUTES } from '../../../routes.ts';
import { COBRAND_BIN, cobrandInProcess, ensureCliBuilt, runNodeScript, testIo, withoutFallbackNote } from '../../support/cli.ts';

const cobrand = (...args: string[]) => cobrandInProcess(args);

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('the cobrand bin (child processes)', () => {
  // Run from an unrelated directory: the bin must not depend on the working directory.
  const elsewhere = mkdtempSync(join(tmpdir(), 'cobrand-cli-'));
  after(() => rmSync(elsewhere, { recursive: true, force: true }));
  before(ensureCliBuilt);

  test('a symlink to cli/bin.js (how npm links bins), run from another directory: output and exit codes', async () => {
    const linked = join(elsewhere, 'cobrand');
    symlinkSync(COBRAND_BIN, linked);
    const result = await runNodeScript(linked, ['routes', 'list', '--brand', 'zz'], { cwd: elsewhere });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /unknown brand 'zz'/);
    assert.equal(result.stdout, '');
  });

  test('a reader that closes the pipe early (| head): exit 0, no stack trace', async () => {
    const child = spawn(process.execPath, [COBRAND_BIN, 'routes', 'list', '--json'], { cwd: elsewhere, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the first byte: the bin's first write to stdout fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (...ended) => resolve(ended)));
    assert.deepEqual([code, signal], [0, null], stderr);
    assert.equal(withoutFallbackNote(stderr), '');
  });
});

describe('cobrand --version and --help', { concurrency: true }, () => {
  test('--version and -V print the package version, exit 0', async () => {
    for (const flag of ['--version', '-V']) assert.deepEqual(await cobrand(flag), { code: 0, stdout: `${PACKAGE_VERSION}\n`, stderr: '' });
  });

  test('--help lists every command and exits 0', async () => {
    const result = await cobrand('--help');
    assert.equal(result.code, 0);
    for (const command of ['routes', 'brands', 'events', 'funnels', 'demand-check', 'lead', 'leads', 'sandbox', 'users', 'images', 'pages', 'experiments', 'phone-rules', 'content-factory', 'prerender', 'completion']) assert.match(result.stdout, new RegExp(`^  ${command}\\b`, 'm'));
    assert.match(result.stdout, /--version/);
  });

  test('a group without a command shows its help on stderr: usage error', async () => {
    const result = await cobrand('routes');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /list/);
  });
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
    { args: ['completion', 'fish'], mentions: "'fish'" },
    { args: ['completion'], mentions: 'shell' },
  ];
  for (const { args, mentions } of cases) {
    test(`cobrand ${args.join(' ')}`, async () => {
      const result = await cobrand(...args);
      assert.equal(result.code, 2);
      assert.ok(result.stderr.includes(mentions), result.stderr);
      assert.equal(result.stdout, '');
    });
  }
});

describe('cobrand routes validate', () => {
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

describe('cobrand completion', () => {
  const program = createProgram(testIo().io);
  const tree = completionTree(program);
  const node = (key: string) => tree.find((entry) => entry.key === key);
  const words = (key: string) => [...(node(key)?.subcommands ?? []), ...(node(key)?.options ?? [])].map((entry) => entry.word);

  test('the tree holds every command, subcommand and option of the program', () => {
    assert.deepEqual(
      tree.map((entry) => entry.key),
      ['', 'routes', 'routes/list', 'routes/validate', 'brands', 'brands/coverage', 'events', 'events/tail', 'events/stats', 'funnels', 'funnels/report', 'demand-check', 'demand-check/replay', 'lead', 'lead/map', 'leads', 'leads/list', 'leads/show', 'leads/consent', 'leads/export', 'leads/retry', 'sandbox', 'sandbox/marketplace', 'sandbox/content-factory', 'users', 'users/add', 'users/list', 'users/disable', 'users/enable', 'users/totp', 'users/password', 'images', 'images/add', 'images/list', 'pages', 'pages/publish', 'experiments', 'experiments/results', 'phone-rules', 'phone-rules/list', 'phone-rules/test', 'content-factory', 'content-factory/authors', 'content-factory/run', 'prerender', 'completion'],
    );
    assert.deepEqual(words(''), ['routes', 'brands', 'events', 'funnels', 'demand-check', 'lead', 'leads', 'sandbox', 'users', 'images', 'pages', 'experiments', 'phone-rules', 'content-factory', 'prerender', 'completion', 'help', '-V', '--version', '-h', '--help']);
    assert.deepEqual(words('events/tail'), ['--brand', '--event', '--limit', '--json', '-f', '--follow', '-h', '--help']);
    assert.deepEqual(
      node('events/tail')?.valueOptions.map((option) => option.flag),
      ['--brand', '--event', '--limit'],
    );
    assert.deepEqual(node('events/tail')?.valueOptions[0]?.values, BRAND_IDS, 'an enum option offers its values');
    assert.deepEqual(words('completion'), ['bash', 'zsh', '-h', '--help'], "an argument's choices are offered");
    assert.ok(words('demand-check').includes('replay') && words('demand-check').includes('--dry-run'));
  });

  for (const shell of COMPLETION_SHELLS) {
    test(`completion ${shell} prints the script for every command`, async () => {
      const result = await cobrand('completion', shell);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      for (const entry of tree) if (entry.key !== '') assert.ok(result.stdout.includes(entry.key), `${shell}: ${entry.key}`);
      assert.match(result.stdout, shell === 'bash' ? /^complete -o default -F _cobrand_completion cobrand$/m : /^#compdef cobrand$/m);
      if (shell === 'zsh') {
        assert.match(result.stdout, /'--follow:then print new events as they arrive'/);
        assert.match(result.stdout, /^ {4}\('leads\/list --status'\|'leads\/export --status'\) compadd -- 'captured' 'delivered' 'rejected' 'failed' 'call-routed' 'incomplete' 'duplicate'; return ;;$/m);
      }
    });
  }

  test('bash completes commands, subcommands and options from the words typed so far', () => {
    // One bash process answers every case: what COMPREPLY holds for each command line.
    const lines: [string, string[]][] = [
      ['cobrand ', ['routes', 'brands', 'events', 'funnels', 'demand-check', 'lead', 'leads', 'sandbox', 'users', 'images', 'pages', 'experiments', 'phone-rules', 'content-factory', 'prerender', 'completion', 'help', '-V', '--version', '-h', '--help']],
      ['cobrand le', ['lead', 'leads']],
      ['cobrand leads ', ['list', 'show', 'consent', 'export', 'retry', 'help', '-h', '--help']],
      ['cobrand events tail --', ['--brand', '--event', '--limit', '--json', '--follow', '--help']],
      ['cobrand events tail --brand ac --f', ['--follow']],
      ['cobrand demand-check re', ['replay']],
      ['cobrand demand-check replay --l', ['--last']],
      ['cobrand events tail --brand ', [...BRAND_IDS]],
      ['cobrand leads export --format n', ['ndjson']],
      ['cobrand events tail --limit ', []],
      ['cobrand completion ', ['bash', 'zsh', '-h', '--help']],
    ];
    const script = [
      bashCompletion(program),
      ...lines.map(([line]) => {
        const typed = line.split(' ');
        return `COMP_WORDS=(${typed.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${typed.length - 1}; _cobrand_completion; echo "\${COMPREPLY[*]}"`;
      }),
    ].join('\n');
    const bash = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
    assert.equal(bash.status, 0, bash.stderr);
    assert.equal(bash.stderr, '');
    assert.deepEqual(
      bash.stdout.split('\n').slice(0, lines.length),
      lines.map(([, expected]) => expected.join(' ')),
    );
  });
});
