/**
 * Every browser test file in one process (test/run.ts runs this file with the list in
 * BROWSER_FILES_ENV (file-groups.ts)), so they share one test server ({@link sharedTestServer} in
 * server.ts) as they share the run's Chromium. The server closes when the last file is done.
 */
import { after } from 'node:test';
import { BROWSER_FILES_ENV, filesFromEnvironment, runFilesInSuites } from './file-groups.ts';
import { closeSharedTestServer, SHARED_SERVER_MODE } from './server.ts';

const files = filesFromEnvironment(BROWSER_FILES_ENV);
if (files.length > 0) {
  SHARED_SERVER_MODE.shared = true;
  // Two at a time, as two processes ran them before: the machine's two cores stay busy.
  runFilesInSuites(files, { concurrency: 2 });
  after(closeSharedTestServer);
}
