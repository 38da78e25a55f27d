import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildManifest, LatestBuild } from '../../core/build-manifest.ts';

/** Reads the current build's manifest from the dist folder; a missing build is a clear start-up error. */
export async function readBuildManifest(distDir: string): Promise<BuildManifest> {
  const latestFile = path.join(distDir, 'builds/latest.json');
  let latest: LatestBuild;
  try {
    latest = JSON.parse(await readFile(latestFile, 'utf8')) as LatestBuild;
  } catch {
    throw new Error(`No client build at ${latestFile}: run \`npm run build\` first.`);
  }
  return JSON.parse(await readFile(path.join(distDir, 'builds/meta', `${latest.id}.json`), 'utf8')) as BuildManifest;
}
