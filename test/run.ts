/**
 * `npm test`: makes sure Chromium is there (browser tests never skip), builds the client, then runs
 * every `*.test.ts` under test/ (or the files/folders given as arguments) with node:test.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../build.ts';
import { launchChromium, SHARED_CHROMIUM_ENV } from './support/browser.ts';
import { ensureChromium } from './support/chromium.ts';
import { UNIT_FILES_ENV } from './support/unit-process.ts';

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
// Unit test files share one process (test/support/unit-process.ts); every other file has its own.
const isUnit = (file: string) => file.includes(`${path.sep}test${path.sep}unit${path.sep}`);
const unitFiles = files.filter(isUnit);
const processFiles = [...(unitFiles.length ? [path.join(ROOT, 'test/support/unit-process.ts')] : []), ...files.filter((file) => !isUnit(file))];
// Not spawnSync: this process keeps serving Chromium's pipes while the tests run.
const tests = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...processFiles], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', [UNIT_FILES_ENV]: JSON.stringify(unitFiles), ...(chromium ? { [SHARED_CHROMIUM_ENV]: chromium.browser.wsEndpoint() } : {}) },
});
const status = await new Promise<number>((resolve) => tests.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
await chromium?.close();
process.exit(status);
