/**
 * `npm test`: makes sure Chromium is there (browser tests never skip), builds the client, then runs
 * every `*.test.ts` under test/ (or the files/folders given as arguments) with node:test.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../build.ts';
import { launchChromium, SHARED_CHROMIUM_ENV } from '../tools/support/browser.ts';
import { ensureChromium } from '../tools/support/chromium.ts';
import { BROWSER_FILES_ENV, UNIT_ALONE_FILES_ENV, UNIT_FILES_ENV } from './support/file-groups.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(target: string): string[] {
  const full = path.resolve(ROOT, target);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const targets = process.argv.slice(2);
const files = (targets.length ? targets : ['test']).flatMap(testFiles);
try {
  process.env.CHROMIUM_PATH = ensureChromium();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const manifest = await build();
console.log(`client build ${manifest.id}; running ${files.length} test files`);
// One Chromium for every browser test file of the run (each file still gets its own context).
const chromium = files.some((file) => file.includes(`${path.sep}browser${path.sep}`)) ? await launchChromium() : undefined;
// Unit test files share one process (test/support/unit-process.ts), browser test files another
// (browser-process.ts: one test server for all); every server test file has its own.
const inFolder = (folder: string) => (file: string) => file.includes(`${path.sep}test${path.sep}${folder}${path.sep}`);
// `*.alone.test.ts`: unit files that must not share the unit process run in one of their own (unit-alone-process.ts).
const isAlone = (file: string) => file.endsWith('.alone.test.ts');
const aloneFiles = files.filter((file) => inFolder('unit')(file) && isAlone(file));
const unitFiles = files.filter((file) => inFolder('unit')(file) && !isAlone(file));
const browserFiles = files.filter(inFolder('browser'));
const processFiles = [
  ...(browserFiles.length ? [path.join(ROOT, 'test/support/browser-process.ts')] : []),
  ...(unitFiles.length ? [path.join(ROOT, 'test/support/unit-process.ts')] : []),
  ...(aloneFiles.length ? [path.join(ROOT, 'test/support/unit-alone-process.ts')] : []),
  ...files.filter((file) => !unitFiles.includes(file) && !browserFiles.includes(file) && !aloneFiles.includes(file)),
];
// Not spawnSync: this process keeps serving Chromium's pipes while the tests run. Four processes at
// once on two cores: server files mostly wait (sockets, child processes, timeouts), so more than two
// keep the cores busy (with three, the whole suite used 1.2 of the 2 cores on average, 2026-11-26).
// The spec reporter on every Node: it ends with the failing tests, names, files and errors, where a log's
// tail shows them (Node 20 writes TAP when stdout is not a terminal, and a CI that printed only the tail
// of 4,917 results said "fail 2" without naming either).
const tests = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=4', '--test-reporter=spec', ...processFiles], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', [UNIT_FILES_ENV]: JSON.stringify(unitFiles), [UNIT_ALONE_FILES_ENV]: JSON.stringify(aloneFiles), [BROWSER_FILES_ENV]: JSON.stringify(browserFiles), ...(chromium ? { [SHARED_CHROMIUM_ENV]: chromium.browser.wsEndpoint() } : {}) },
});
const status = await new Promise<number>((resolve) => tests.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
await chromium?.close();
process.exit(status);
