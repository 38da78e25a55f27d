import { EVENT_NAMES, type EventName } from '../core/tracking/event-props.ts';
import type { BootData } from '../ui/boot-data.ts';
import type { Runtime } from '../ui/runtime.tsx';
import { loadPageParts } from '../ui/templates/index.ts';
import type { AfterPaint } from './after-paint.ts';
import { createAfterPaintRuntime } from './after-paint-runtime.ts';
import { loadChunk } from './chunk-reload.ts';
import { createLeasedPhoneStore } from './marketplace/leased-phone-store.ts';
import { colorModeRuntime, startColorMode } from './color-mode.ts';
import { createLeadCapture, pageInputValue } from './leads/lead-capture.ts';
import { interceptLinkClicks } from './navigation/link-intercept.ts';
import { Navigator } from './navigation/navigator.ts';
import { createScrollMemory, manageScrollRestoration } from './navigation/scroll-memory.ts';
import { fetchPayload, loadRouteRules } from './payloads.ts';
import { schedulePrefetch } from './prefetch.ts';
import { createProgressBar } from './progress-bar.ts';
import { startClickTracking } from './tracking/element-clicks.ts';
import { startExperimentEntries } from './tracking/experiment-entries.ts';
import { startPageViews } from './tracking/page-views.ts';
import { createTrackingQueue } from './tracking/tracking-queue.ts';
import { startVersionCheck } from './version-check.ts';
import { randomId } from './visitor/random-id.ts';
import { startVisitor } from './visitor/start-visitor.ts';

/** Events that do not hurry the tracker's chunk: a click may leave the page, so it does. */
const EVENTS_THAT_WAIT: ReadonlySet<EventName> = new Set([EVENT_NAMES.pageView, EVENT_NAMES.experimentEntered]);

/** How long after hydration the after-paint chunk waits at most for the browser to be idle. */
const AFTER_PAINT_IDLE_TIMEOUT_MS = 2000;

/** Runs `task` when the browser is idle (within `timeout` ms); where there is no requestIdleCallback (Safari), after a short timer. */
function whenIdle(task: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout });
  else setTimeout(task, 1);
}

/** The tab's sessionStorage, or undefined where touching it throws (storage disabled, sandboxed frames). */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Starts everything that runs in the browser besides React: the navigator with its progress bar,
 * route rules from the build manifest, the version check, colour mode, link interception,
 * Back/Forward, payload prefetch, the visitor's state and the tracking queue. Tracking itself and
 * the marketplace are a chunk of their own (after-paint.ts) that `afterHydration` starts once the
 * browser is idle, or sooner when a click or a marketplace call needs it, so neither weighs on the first load.
 */
export function startRuntime(boot: BootData): { navigator: Navigator; runtime: Runtime; afterHydration: () => void } {
  const routeRules = loadRouteRules(boot.payload.buildId);

  // Before the navigator: it caches the first payload under the address with the captured facts already removed.
  const visitor = startVisitor();
  const versionCheck = startVersionCheck({ currentId: boot.payload.buildId });
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the document shell (ui/Document.tsx) always renders #progress-bar
  const progress = createProgressBar(document.getElementById('progress-bar')!);
  const navigator = new Navigator(boot.payload, {
    fetchPayload: (pathAndSearch) => fetchPayload(pathAndSearch),
    // A template with a chunk of its own is loaded before its page is shown: never an empty template.
    prepare: (payload) => loadPageParts(payload),
    routeRule: (path) => routeRules.routeRule(path),
    progress,
    newVersionAvailable: () => versionCheck.newVersionAvailable(),
    fullLoad: (href) => location.assign(href),
    scrollMemory: createScrollMemory(sessionStore()),
  });
  const colorMode = startColorMode({ forced: boot.payload.kind === 'page' ? boot.payload.page.colorMode : undefined });
  navigator.subscribe(() => {
    const { payload } = navigator.getSnapshot();
    colorMode.setForced(payload.kind === 'page' ? payload.page.colorMode : undefined);
  });

  manageScrollRestoration(window, () => navigator.saveScroll());
  interceptLinkClicks(document, { navigate: (href) => navigator.navigate(href), location });
  window.addEventListener('popstate', () => void navigator.restore());
  // Prefetch the links of the first page, and again of every page a navigation shows.
  const prefetchLinks = () => schedulePrefetch({ navigator, fetchPayload: (path) => fetchPayload(path), payloadKey: (url) => url.pathname + url.search });
  let prefetch = prefetchLinks();
  navigator.subscribe(() => {
    prefetch.stop();
    prefetch = prefetchLinks();
  });
  // The leased number shows right after hydration, as before; only a new lease waits for the chunk.
  const phoneStore = createLeasedPhoneStore({ userState: visitor.userSync });
  // From the first moment: page views, experiment entries and clicks wait in the queue, in order,
  // until the tracker's chunk is in.
  const queue = createTrackingQueue({
    pages: navigator,
    touchSession: (now) => visitor.identity.touch(now),
    onHeld: (event) => {
      if (!EVENTS_THAT_WAIT.has(event)) startSoon();
    },
  });
  startPageViews(navigator, (props) => queue.record('pageView', props));
  startExperimentEntries(navigator, visitor.localStorage, (props) => queue.record('experimentEntered', props));
  startClickTracking(document, {
    elementClicked: (props) => queue.record('elementClicked', props),
    call: (props) => queue.record('call', props),
    learnMoreClicked: (props) => queue.record('learnMoreClicked', props),
  });

  // What tests and the console reach; tracking and marketplace join once started.
  const cobrand: Record<string, unknown> = {};
  let afterPaint: Promise<AfterPaint> | undefined;
  const startAfterPaint = () =>
    (afterPaint ??= loadChunk(() => import('./after-paint.ts'), location.href).then(
      (module) => {
        const parts = module.startAfterPaint({ brand: boot.payload.brand, visitor, pages: navigator, queue, phoneStore });
        later.attach(parts);
        Object.assign(cobrand, parts);
        return parts;
      },
      (error: unknown) => {
        console.error('Tracking and marketplace code failed to load', error);
        throw error;
      },
    ));
  // The failure is logged above; the page goes on without tracking and marketplace.
  const startSoon = () => void startAfterPaint().catch(() => undefined);
  const later = createAfterPaintRuntime(startAfterPaint, phoneStore);

  const runtime: Runtime = {
    navigate: (href, options) => navigator.navigate(href, options),
    track: (event, props) => queue.track(event, props),
    forms: visitor.forms,
    ...later.runtime,
    leads: createLeadCapture({
      anonymousId: () => visitor.identity.anonymousId,
      sessionId: () => visitor.identity.touch(),
      pageUrl: () => location.href,
      newId: () => randomId(),
      inputValue: (name) => pageInputValue(name),
      fetch: (input, init) => fetch(input, init),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }),
    colorMode: colorModeRuntime(colorMode),
  };
  Object.assign(cobrand, { navigator, colorMode, runtime, visitor, versionCheck, queue });
  Object.assign(window, { __cobrand: cobrand });
  return { navigator, runtime, afterHydration: () => whenIdle(startSoon, AFTER_PAINT_IDLE_TIMEOUT_MS) };
}
