#!/usr/bin/env node
// The package bin (`npx cobrand ...`): registers tsx in this process, then runs cli/index.ts.
// Paths resolve from this file, not the working directory, so it works from any cwd; the
// project tsconfig is named explicitly for the same reason.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { runCli } = await import('./index.ts');
await runCli(process.argv);
