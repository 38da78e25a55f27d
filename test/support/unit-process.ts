/**
 * Every unit test file in one process (test/run.ts runs this file with the list in
 * UNIT_FILES_ENV (file-groups.ts)): a Node and tsx start-up costs about half a second of CPU, which 70
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
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { installDomGlobals } from './dom-globals.ts';
import { filesFromEnvironment, runFilesInSuites, UNIT_FILES_ENV } from './file-groups.ts';

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

/**
 * Runs `files` in this process as the shared unit process does. unit-alone-process.ts uses it
 * for the unit files that must not share a process (see test/run.ts).
 */
export function runUnitFiles(files: readonly string[]): void {
  if (files.length === 0) return;
  installDomGlobals(new Window({ url: 'http://localhost/' }));
  runFilesInSuites(files, {
    beforeFile: async () => {
      restoreNodeGlobals();
      await freshFetchConnections();
    },
  });
}

// As the entry of its own process only (unit-alone-process.ts imports runUnitFiles from here).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runUnitFiles(filesFromEnvironment(UNIT_FILES_ENV));
