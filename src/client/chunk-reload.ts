/** A chunk-load reload is not repeated within this window (spec §9 "Reload guard in session storage: 10000 ms"). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** sessionStorage key holding the time of the last chunk-load reload. */
export const CHUNK_RELOAD_STORAGE_KEY = 'cobrand-chunk-reload';

/**
 * How browsers word a failed dynamic import: Chromium, Safari (WebKit) and Firefox in turn. The
 * usual cause is a deploy that removed the hashed chunk the old page still refers to.
 */
const CHUNK_LOAD_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
] as const;

/** What the reload needs; each defaults to the browser's own. */
export interface ChunkReloadDeps {
  storage?: Storage;
  now?: () => number;
  /** Does the full page load. */
  assign?: (href: string) => void;
}

/** True when `error` is a browser's failure to load a dynamically imported module. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_MESSAGES.some((known) => message.includes(known));
}

/**
 * Chunk-load failure (spec §8): does a full load of `targetHref`, which fetches the current
 * build's chunks, unless such a reload already happened within {@link CHUNK_RELOAD_GUARD_MS}
 * (a chunk that is still missing after a reload would otherwise reload forever). Returns
 * whether it reloaded. Where session storage is unusable the guard cannot be kept, so it does
 * not reload either.
 */
export function reloadAfterChunkError(targetHref: string, deps: ChunkReloadDeps = {}): boolean {
  const { now = () => Date.now(), assign = (href: string) => location.assign(href) } = deps;
  const time = now();
  try {
    const storage = deps.storage ?? sessionStorage;
    const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    const elapsed = time - last;
    // A stored time in the future (the clock was set back) is stale, not a reason to stay put.
    if (last > 0 && elapsed >= 0 && elapsed < CHUNK_RELOAD_GUARD_MS) {
      console.error(`Chunk load failed again within ${CHUNK_RELOAD_GUARD_MS} ms of a reload; not reloading`);
      return false;
    }
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(time));
  } catch (error) {
    console.error('Chunk load failed and the reload guard is unavailable; not reloading', error);
    return false;
  }
  assign(targetHref);
  return true;
}

/**
 * Loads a code chunk with `importer` (a dynamic `import()`); when the browser cannot load the
 * chunk it reloads `targetHref` through {@link reloadAfterChunkError}. Either way the error is
 * rethrown, so the caller's error handling still sees it.
 */
export async function loadChunk<T>(importer: () => Promise<T>, targetHref: string, deps?: ChunkReloadDeps): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (isChunkLoadError(error)) reloadAfterChunkError(targetHref, deps);
    throw error;
  }
}
