/**
 * Every unit test file in one process (test/run.ts runs this file with the list in
 * {@link UNIT_FILES_ENV}): a Node and tsx start-up costs about half a second of CPU, which 70
 * files paid one each. Node 20 has no `--test-isolation=none`, so this does what it would.
 *
 * Each file is imported inside a suite of its own, so the file's top-level tests and hooks
 * (`before`, `after`, `beforeEach`) become that suite's and run only around that file's tests;
 * suites run one after another. Every module is evaluated up front, though, so a file must not
 * rely on a global it set at import time: before each file's tests the browser globals some files
 * define (window, document, navigator, location, history...) are put back as Node has them, and
 * files that render with happy-dom install their window again in a `before` hook of their own
 * (test/support/dom-globals.ts). A bootstrap window is installed first so that react-dom/client,
 * imported once for all files, finds a browser at import. Each file also gets a fresh fetch
 * connection pool (see {@link freshFetchConnections}).
 */
import path from 'node:path';
import { before, describe } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { installDomGlobals } from './dom-globals.ts';

/** The environment variable holding the JSON list of unit test files (absolute paths). */
export const UNIT_FILES_ENV = 'COBRAND_UNIT_FILES';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Globals that unit tests define for browser code; each file starts with Node's own. */
const BROWSER_GLOBALS = ['window', 'document', 'navigator', 'location', 'history', 'scrollX', 'scrollY', 'IS_REACT_ACT_ENVIRONMENT'];

/** Node's own descriptors of {@link BROWSER_GLOBALS} (undefined: Node has no such global). */
const nodeGlobals = new Map(BROWSER_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));

/** Puts {@link BROWSER_GLOBALS} back as Node had them. */
function restoreNodeGlobals(): void {
  for (const [name, descriptor] of nodeGlobals) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
}

/**
 * A new connection pool for fetch, the old one's sockets closed: no file's keep-alive sockets (and
 * undici's timers for them) outlive it into the next file, as they would not in a process of its
 * own. Files that fake timers do it per test (`t.mock.timers`), so a timer another file left
 * behind never lands in their fake clock.
 */
async function freshFetchConnections(): Promise<void> {
  const previous = getGlobalDispatcher();
  setGlobalDispatcher(new Agent());
  await previous.destroy();
}

if (process.env[UNIT_FILES_ENV] !== undefined) {
  const files = JSON.parse(process.env[UNIT_FILES_ENV]) as string[];
  installDomGlobals(new Window({ url: 'http://localhost/' }));
  for (const file of files) {
    describe(path.relative(ROOT, file), async () => {
      // Registered before the file's own hooks, so it runs first.
      before(async () => {
        restoreNodeGlobals();
        await freshFetchConnections();
      });
      await import(pathToFileURL(file).href);
    });
  }
}
