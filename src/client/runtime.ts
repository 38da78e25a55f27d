import type { BootData } from '../ui/boot-data.ts';
import type { Runtime } from '../ui/runtime.tsx';
import { colorModeRuntime, startColorMode } from './color-mode.ts';
import { createLeadCapture, pageInputValue } from './leads/lead-capture.ts';
import { startMarketplace } from './marketplace/start-marketplace.ts';
import { interceptLinkClicks } from './navigation/link-intercept.ts';
import { Navigator } from './navigation/navigator.ts';
import { createScrollMemory, manageScrollRestoration } from './navigation/scroll-memory.ts';
import { fetchPayload, loadRouteRules } from './payloads.ts';
import { schedulePrefetch } from './prefetch.ts';
import { createProgressBar } from './progress-bar.ts';
import { startTracking } from './tracking/start-tracking.ts';
import { startVersionCheck } from './version-check.ts';
import { randomId } from './visitor/random-id.ts';
import { startVisitor } from './visitor/start-visitor.ts';

/** @deprecated The twin's path is the contract's `payloadPath` (core/contract/page-payload.ts); kept for old imports. */
export { payloadPath as payloadUrl } from '../core/contract/paths.ts';

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
 * Back/Forward, payload prefetch, the visitor's state and tracking, and the marketplace.
 */
export function startRuntime(boot: BootData): { navigator: Navigator; runtime: Runtime } {
  const routeRules = loadRouteRules(boot.payload.buildId);

  // Before the navigator: it caches the first payload under the address with the captured facts already removed.
  const visitor = startVisitor();
  const versionCheck = startVersionCheck({ currentId: boot.payload.buildId });
  const progress = createProgressBar(document.getElementById('progress-bar')!);
  const navigator = new Navigator(boot.payload, {
    fetchPayload: (pathAndSearch) => fetchPayload(pathAndSearch),
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
  const tracking = startTracking(boot.payload.brand, visitor, navigator);
  const marketplace = startMarketplace({
    pages: navigator,
    forms: visitor.forms,
    ipLookup: tracking.ipLookup,
    userState: visitor.userSync,
    sessionParams: () => visitor.sessionParams,
    track: (event, props) => tracking.track(event, props),
  });

  const runtime: Runtime = {
    navigate: (href, options) => navigator.navigate(href, options),
    track: (event, props) => tracking.track(event, props),
    forms: visitor.forms,
    demandCheck: marketplace.demandCheck.run,
    demand: marketplace.demandCheck,
    auth: tracking.auth,
    phone: marketplace.phone,
    ads: marketplace.ads,
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
  Object.assign(window, { __cobrand: { navigator, colorMode, runtime, visitor, tracking, marketplace, versionCheck } });
  return { navigator, runtime };
}
