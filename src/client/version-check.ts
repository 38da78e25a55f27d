import { isLatestBuild } from '../core/contract/checks.ts';
import { LATEST_BUILD_PATH } from '../core/contract/paths.ts';

/**
 * How often the page asks for the latest build. The spec leaves the interval unstated (§9 "Version
 * check interval: not shown"). A new build only matters at the next navigation, which then does
 * a full load, so minutes of delay are harmless; 5 minutes catches a deploy within a typical
 * funnel visit for one tiny uncached request per open page, and a tab that comes back into view
 * checks at once when the interval has passed, so long-idle tabs are covered too.
 */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** The timers the check runs on; injected so tests can drive it with a fake clock. */
export type VersionCheckTimers = Pick<WindowOrWorkerGlobalScope, 'setInterval' | 'clearInterval'>;

/** What {@link startVersionCheck} needs; everything but the current id defaults to the browser's own. */
export interface VersionCheckOptions {
  /** The build id this page was rendered by. */
  currentId: string;
  intervalMs?: number;
  fetch?: typeof fetch;
  timers?: VersionCheckTimers;
  /** Wall clock in milliseconds: the cache-busting query and the "interval has elapsed" test. */
  now?: () => number;
  /** Tells when the page is visible again; defaults to the browser's document. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** The running version check. */
export interface VersionCheck {
  /** True once a build other than the current one has been published. */
  newVersionAvailable(): boolean;
  /** Checks at once; resolves to {@link VersionCheck.newVersionAvailable}'s answer. Never rejects. */
  checkNow(): Promise<boolean>;
  /** Stops polling and listening. */
  stop(): void;
}

/**
 * Polls `builds/latest.json?t={now}` (spec §7; the timestamp defeats caches) every `intervalMs`
 * while the page is visible, and when it becomes visible again after the interval has passed.
 * Once the published id differs from `currentId` the check stops and
 * {@link VersionCheck.newVersionAvailable} stays true, so the navigator does a full load on the
 * next navigation (spec §4 "New version"). Failures are only logged (spec §8).
 */
export function startVersionCheck(options: VersionCheckOptions): VersionCheck {
  const { currentId, intervalMs = VERSION_CHECK_INTERVAL_MS, fetch: fetchLatest = globalThis.fetch, timers = globalThis, now = () => Date.now() } = options;
  const page = options.document ?? globalThis.document;
  if (!currentId) throw new TypeError('startVersionCheck needs the current build id');
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new RangeError(`Version check interval must be a positive number of ms, got ${intervalMs}`);

  let newVersion = false;
  let lastCheckAt = now();
  let inFlight: Promise<boolean> | undefined;
  let stopped = false;

  async function check(): Promise<boolean> {
    lastCheckAt = now();
    try {
      const response = await fetchLatest(`${LATEST_BUILD_PATH}?t=${lastCheckAt}`, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${LATEST_BUILD_PATH} answered ${response.status}`);
      const latest: unknown = await response.json();
      if (!isLatestBuild(latest)) throw new Error(`${LATEST_BUILD_PATH} holds no build id and timestamp`);
      if (latest.id !== currentId) {
        newVersion = true;
        stop(); // Nothing more to learn: the next navigation reloads anyway.
      }
    } catch (error) {
      console.error('Version check failed', error);
    }
    return newVersion;
  }

  function checkNow(): Promise<boolean> {
    if (newVersion) return Promise.resolve(true);
    inFlight ??= check().finally(() => (inFlight = undefined));
    return inFlight;
  }

  const poll = timers.setInterval(() => {
    // A hidden tab does not poll; it catches up when it is shown again.
    if (page?.visibilityState !== 'hidden') void checkNow();
  }, intervalMs);

  function onVisibilityChange() {
    if (page?.visibilityState === 'visible' && now() - lastCheckAt >= intervalMs) void checkNow();
  }
  page?.addEventListener('visibilitychange', onVisibilityChange);

  function stop() {
    if (stopped) return;
    stopped = true;
    timers.clearInterval(poll);
    page?.removeEventListener('visibilitychange', onVisibilityChange);
  }

  return { newVersionAvailable: () => newVersion, checkNow, stop };
}
