import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian's chromium package installs the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const CANDIDATES = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM, '/usr/bin/chromium-browser'].filter((path): path is string => Boolean(path));

/** The Chromium executable, or undefined when none is installed. */
export function findChromium(): string | undefined {
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * Makes sure Chromium is installed: installs Debian's `chromium` package when running as root with
 * apt, otherwise throws one clear line saying how. Browser tests never skip silently.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium is missing: installing Debian package "chromium" with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error('Chromium not found: run `sudo apt-get install -y chromium` (Debian) or set CHROMIUM_PATH to a Chromium binary.');
}
