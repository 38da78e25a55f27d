/**
 * Every browser test file in one process (test/run.ts runs this file with the list in
 * BROWSER_FILES_ENV (file-groups.ts)), so they share one test server ({@link sharedTestServer} in
 * server.ts) as they share the run's Chromium. The server closes when the last file is done.
 */
import path from 'node:path';
import { after } from 'node:test';
import { BROWSER_FILES_ENV, filesFromEnvironment, runFilesInSuites } from './file-groups.ts';
import { closeSharedTestServer, SHARED_SERVER_MODE } from '../../tools/support/server.ts';

/**
 * The slowest browser files, slowest first (measured in a whole `npm test` run). They
 * start first so that no long file begins last and runs alone while the other slot sits idle.
 */
const SLOWEST_FIRST = ['funnel-first-screen', 'header-layout', 'navigation', 'tracking', 'funnel', 'vehicle-choices', 'security-headers', 'lazy-templates', 'cc-articles', 'leads'];

/** `files` with the known slow ones first, in {@link SLOWEST_FIRST} order, the rest as given. */
function slowestFirst(files: readonly string[]): string[] {
  const rank = (file: string) => {
    const at = SLOWEST_FIRST.indexOf(path.basename(file, '.test.ts'));
    return at === -1 ? SLOWEST_FIRST.length : at;
  };
  return [...files].sort((a, b) => rank(a) - rank(b));
}

const files = slowestFirst(filesFromEnvironment(BROWSER_FILES_ENV));
if (files.length > 0) {
  SHARED_SERVER_MODE.shared = true;
  // Three at a time: a browser file mostly waits on Chromium and the server (page loads, selectors),
  // so a third keeps the two cores busier than two did.
  runFilesInSuites(files, { concurrency: 3 });
  after(closeSharedTestServer);
}
