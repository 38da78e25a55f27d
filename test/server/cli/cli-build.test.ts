/**
 * The compiled CLI (build-cli.ts): built into a folder of its own, it runs, `--help` loads none
 * of the heavy modules (checked on esbuild's own account of which chunks the entry imports), and
 * cli/compiled.js tells a fresh build from a stale one.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BUNDLED_PACKAGES, buildCli, CLI_ENTRY, type CliBuild } from '../../../build-cli.ts';
import { CLI_BUILD_INFO, CLI_DIST, compiledCli } from '../../../cli/compiled.js';
import { CLI_VERSION } from '../../../cli/index.ts';
import { ROUTES } from '../../../routes.ts';
import { runNodeScript } from '../../support/cli.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('the compiled CLI', () => {
  // Inside the project, so the packages left external resolve from its node_modules (dist/ is ignored by git).
  const outdir = path.join(ROOT, 'dist', `cli-test-${process.pid}`);
  let built: CliBuild;
  before(async () => {
    built = await buildCli(outdir);
  });
  after(() => rmSync(outdir, { recursive: true, force: true }));

  test('what every command line loads holds no store, database driver, React, server or route table', () => {
    const outputs = built.metafile.outputs;
    const key = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
    // The entry and the chunks it imports statically; dynamic imports (command actions) are left out.
    const loaded = new Set<string>();
    const externals = new Set<string>();
    const pending = [key(built.entry)];
    while (pending.length > 0) {
      const output = pending.pop()!;
      if (loaded.has(output)) continue;
      loaded.add(output);
      for (const imported of outputs[output]?.imports ?? []) {
        if (imported.kind !== 'import-statement') continue;
        if (imported.external) externals.add(imported.path);
        else pending.push(imported.path);
      }
    }
    const sources = [...loaded].flatMap((output) => Object.keys(outputs[output]?.inputs ?? {}));
    assert.deepEqual(
      [...externals].filter((name) => !name.startsWith('node:')),
      [],
      'only Node built-ins are imported at start (commander and zod are bundled)',
    );
    // (src/server/leads/lead-store.ts, the lead statuses --status accepts, is a module of constants.)
    const heavy = ['routes.ts', 'brands/index.ts', 'src/server/platform/store/index.ts', 'src/server/platform/store/sqlite.ts', 'src/server/platform/store/postgres.ts', 'src/server/platform/config/config.ts', 'src/server/app.ts', 'src/ui/'];
    for (const module of heavy) assert.ok(!sources.some((source) => source.startsWith(module)), `${module} is loaded only by the commands that use it`);
    assert.ok(sources.includes('cli/index.ts'));
    assert.ok(sources.some((source) => source.startsWith('node_modules/commander/')));
    assert.deepEqual(
      built.inputs.filter((input) => input.startsWith('node_modules/')),
      BUNDLED_PACKAGES.map((name) => `node_modules/${name}/package.json`).sort(),
      'a bundled package is stale by its package.json, not by each of its files',
    );
  });

  test('it runs on its own: --version, and a command that loads its chunk', async () => {
    const entry = path.join(outdir, CLI_ENTRY);
    const version = await runNodeScript(entry, ['--version'], { cwd: tmpdir() });
    assert.deepEqual(version, { code: 0, stdout: `${CLI_VERSION}\n`, stderr: '' });
    const routes = await runNodeScript(entry, ['routes', 'list', '--json'], { cwd: tmpdir() });
    assert.equal(routes.code, 0, routes.stderr);
    assert.equal((JSON.parse(routes.stdout) as unknown[]).length, ROUTES.length);
  });
});

describe('compiledCli (cli/compiled.js): is the compiled CLI fresh?', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cobrand-compiled-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const dist = path.join(root, CLI_DIST);
  const startedAt = Date.now() - 60_000;
  const at = (file: string, time: number) => utimesSync(path.join(root, file), time / 1000, time / 1000);
  const record = (inputs: string[]) => writeFileSync(path.join(dist, CLI_BUILD_INFO), JSON.stringify({ startedAt, entry: CLI_ENTRY, inputs }));

  before(() => {
    mkdirSync(path.join(root, 'cli'), { recursive: true });
    mkdirSync(dist, { recursive: true });
    for (const file of ['cli/index.ts', 'cli/routes.ts']) {
      writeFileSync(path.join(root, file), '');
      at(file, startedAt - 1000);
    }
  });

  test('no build record: not compiled', () => {
    assert.deepEqual(compiledCli(root), { reason: `the CLI is not compiled (no ${CLI_DIST}/${CLI_BUILD_INFO})` });
  });

  test('every source older than the build: the entry', () => {
    record(['cli/index.ts', 'cli/routes.ts']);
    writeFileSync(path.join(dist, CLI_ENTRY), '');
    assert.deepEqual(compiledCli(root), { entry: path.join(dist, CLI_ENTRY) });
  });

  test('a source changed after the build started: stale, naming it', () => {
    record(['cli/index.ts', 'cli/routes.ts']);
    at('cli/routes.ts', startedAt + 1000);
    assert.deepEqual(compiledCli(root), { reason: `cli/routes.ts changed after ${CLI_DIST} was built` });
    at('cli/routes.ts', startedAt - 1000);
  });

  test('a source gone, or the entry gone: stale', () => {
    record(['cli/index.ts', 'cli/gone.ts']);
    assert.deepEqual(compiledCli(root), { reason: `cli/gone.ts, compiled into ${CLI_DIST}, is gone` });
    record(['cli/index.ts']);
    rmSync(path.join(dist, CLI_ENTRY));
    assert.deepEqual(compiledCli(root), { reason: `${CLI_DIST}/${CLI_ENTRY} is missing` });
  });

  test('a record that is not one: stale', () => {
    writeFileSync(path.join(dist, CLI_BUILD_INFO), '{"inputs": "all"}');
    assert.deepEqual(compiledCli(root), { reason: `${CLI_DIST}/${CLI_BUILD_INFO} is not a CLI build record` });
  });
});
