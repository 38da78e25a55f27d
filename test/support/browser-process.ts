/**
 * Every browser test file in one process (test/run.ts runs this file with the list in
 * BROWSER_FILES_ENV (file-groups.ts)), so they share one test server ({@link sharedTestServer} in
 * server.ts) as they share the run's Chromium. The server closes when the last file is done.
 */
import path from 'node:path';
import { after } from 'node:test';
import { BROWSER_FILES_ENV, filesFromEnvironment, runFilesInSuites } from './file-groups.ts';
import { closeSharedTestServer, SHARED_SERVER_MODE } from './server.ts';

/**
 * The longest browser files (a whole-suite run on the 2-core machine, 2026-11-26: 250, 210, 57, 54
 * and 52 s), started first so no long file begins last and holds the run open alone.
 */
const LONGEST_FIRST = ['funnel-first-screen', 'header-layout', 'navigation', 'tracking', 'funnel'];

/** Where `file` stands in {@link LONGEST_FIRST}; files not listed after them, in their given order. */
function startRank(file: string): number {
  const rank = LONGEST_FIRST.indexOf(path.basename(file, '.test.ts'));
  return rank === -1 ? LONGEST_FIRST.length : rank;
}

const files = filesFromEnvironment(BROWSER_FILES_ENV).sort((a, b) => startRank(a) - startRank(b));
if (files.length > 0) {
  SHARED_SERVER_MODE.shared = true;
  // Three at a time: a browser file mostly waits on Chromium and the server (page loads, selectors),
  // so a third keeps the two cores busier than two did.
  runFilesInSuites(files, { concurrency: 3 });
  after(closeSharedTestServer);
}
