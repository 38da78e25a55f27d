#!/usr/bin/env node
// The package bin (`npx cobrand ...`). Runs the compiled CLI (dist/cli/cobrand.js, built by
// `npm run build` and by npm's prepare script on `npm ci`) when it is there and no source changed
// since it was built; otherwise registers tsx in this process and runs cli/index.ts, saying so on
// stderr (the same commands, about 2 s slower). Paths resolve from this file, not the working
// directory, so it works from any cwd; the project tsconfig is named explicitly for the same reason.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledCli } from './compiled.js';

const compiled = compiledCli(fileURLToPath(new URL('..', import.meta.url)));
let runCli;
if ('entry' in compiled) {
  ({ runCli } = await import(pathToFileURL(compiled.entry).href));
} else {
  process.stderr.write(`cobrand: ${compiled.reason}; running the TypeScript sources with tsx (slower; npm run build compiles them)\n`);
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  ({ runCli } = await import('./index.ts'));
}
await runCli(process.argv);
