#!/usr/bin/env node
// `npm start` (package.json runs it with `exec`, so npm's shell is replaced by this process and
// SIGTERM and SIGINT from npm, a supervisor or Ctrl-C reach the server itself: no child process,
// nothing left behind).
//
// With NODE_ENV=production it runs the compiled server, dist/server/start.js (`npm run build`
// makes it; no tsx, no TypeScript at run time) and stops with one line when it is missing.
// Otherwise it registers tsx in this same process (no watcher, no child), builds the client when
// it is missing or older than its sources (build.ts buildIfNeeded: a fresh clone has no dist/),
// and runs the sources, src/server/start.ts. The server itself never builds: the build is a step
// of its own, and the compiled server leaves it to `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url);
if (process.env.NODE_ENV === 'production') {
  const compiled = fileURLToPath(new URL('dist/server/start.js', root));
  if (!existsSync(compiled)) {
    process.stderr.write('cobrand: cannot start: dist/server/start.js is missing; production runs the compiled server: run `npm run build` first\n');
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('tsconfig.json', root)) });
  const { buildIfNeeded } = await import(new URL('build.ts', root).href);
  try {
    await buildIfNeeded();
  } catch (error) {
    // Said as the server says a failed start: one line, exit 1.
    const reason = String(error instanceof Error ? error.message : error).replace(/\s*\n\s*/g, ' ').trim();
    process.stderr.write(`cobrand: cannot start: ${reason}\n`);
    process.exit(1);
  }
  await import(new URL('src/server/start.ts', root).href);
}
