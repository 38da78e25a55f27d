// Where the compiled CLI is, and whether it still matches its sources. Plain JavaScript with no
// dependencies: cli/bin.js asks before anything else is loaded, on every command line.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The compiled CLI's folder, relative to the project root. */
export const CLI_DIST = 'dist/cli';

/** The file the build writes last: when it started, its entry file and every source it read. */
export const CLI_BUILD_INFO = 'build.json';

/**
 * The compiled entry under `root` when it is there and no source it was built from changed (or
 * went away) since the build started; otherwise why not.
 * @param {string} root the project root
 * @returns {{ entry: string } | { reason: string }}
 */
export function compiledCli(root) {
  const dist = path.join(root, CLI_DIST);
  let info;
  try {
    info = JSON.parse(readFileSync(path.join(dist, CLI_BUILD_INFO), 'utf8'));
  } catch {
    return { reason: `the CLI is not compiled (no ${CLI_DIST}/${CLI_BUILD_INFO})` };
  }
  if (typeof info?.startedAt !== 'number' || typeof info.entry !== 'string' || !Array.isArray(info.inputs)) {
    return { reason: `${CLI_DIST}/${CLI_BUILD_INFO} is not a CLI build record` };
  }
  for (const input of info.inputs) {
    const stats = statSync(path.join(root, input), { throwIfNoEntry: false });
    if (stats === undefined) return { reason: `${input}, compiled into ${CLI_DIST}, is gone` };
    if (stats.mtimeMs > info.startedAt) return { reason: `${input} changed after ${CLI_DIST} was built` };
  }
  const entry = path.join(dist, info.entry);
  if (statSync(entry, { throwIfNoEntry: false }) === undefined) return { reason: `${CLI_DIST}/${info.entry} is missing` };
  return { entry };
}
