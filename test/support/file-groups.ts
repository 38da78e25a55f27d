/**
 * Test files of one kind run in one process (test/run.ts): each file imported inside a suite of
 * its own, so its top-level tests and hooks become that suite's and run only around its tests,
 * one file after another. Used for the unit files (unit-process.ts) and the browser files
 * (browser-process.ts).
 */
import path from 'node:path';
import { before, describe } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The environment variable holding the JSON list of unit test files (absolute paths) for unit-process.ts. */
export const UNIT_FILES_ENV = 'COBRAND_UNIT_FILES';

/** The environment variable holding the JSON list of unit files run by unit-alone-process.ts, each in a process of its own. */
export const UNIT_ALONE_FILES_ENV = 'COBRAND_UNIT_ALONE_FILES';

/** The environment variable holding the JSON list of browser test files for browser-process.ts. */
export const BROWSER_FILES_ENV = 'COBRAND_BROWSER_FILES';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The absolute test file paths test/run.ts put, as JSON, in the environment variable `name`; none when unset. */
export function filesFromEnvironment(name: string): string[] {
  const value = process.env[name];
  return value === undefined ? [] : (JSON.parse(value) as string[]);
}

/** How {@link runFilesInSuites} runs the files. */
export interface FileSuiteOptions {
  /** Runs first in each file's suite, before the file's own hooks. */
  beforeFile?: () => Promise<void> | void;
  /**
   * How many files run at once (default 1, one after another). Files that share process globals
   * (the unit files' happy-dom windows) must run one at a time; browser files, each in a Chromium
   * context of its own, may overlap as separate processes did.
   */
  concurrency?: number;
}

/** Registers one suite per file, named by its path. */
export function runFilesInSuites(files: readonly string[], options: FileSuiteOptions = {}): void {
  const register = () => {
    for (const file of files) {
      // concurrency 1: a file's own tests run in order, as in a process of their own (node:test
      // hands a suite's concurrency down to the tests inside it unless they say otherwise).
      describe(path.relative(ROOT, file), { concurrency: 1 }, async () => {
        // Registered before the file's own hooks, so it runs first.
        if (options.beforeFile) before(options.beforeFile);
        await import(pathToFileURL(file).href);
      });
    }
  };
  if ((options.concurrency ?? 1) === 1) register();
  else describe(`${files.length} files, ${options.concurrency} at a time`, { concurrency: options.concurrency }, register);
}
