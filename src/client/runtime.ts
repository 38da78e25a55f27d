import type { BuildManifest } from '../core/build-manifest.ts';
import type { Payload } from '../core/payload/types.ts';
import { classifyNavigation } from '../core/navigation/external.ts';
import type { BootData } from '../ui/boot-data.ts';
import type { Runtime } from '../ui/runtime.tsx';
import { startColorMode } from './color-mode.ts';
import { createLeadCapture, pageInputValue } from './leads/lead-capture.ts';
import { startMarketplace } from './marketplace/start-marketplace.ts';
import { interceptableLink } from './navigation/link-intercept.ts';
import { Navigator } from './navigation/navigator.ts';
import { schedulePrefetch } from './prefetch.ts';
import { createProgressBar } from './progress-bar.ts';
import { startTracking } from './tracking/start-tracking.ts';
import { startVersionCheck } from './version-check.ts';
import { randomId } from './visitor/random-id.ts';
import { startVisitor } from './visitor/start-visitor.ts';

/** Link protocols that open another app (dialler, mail, messages) rather than navigate. */
const HANDOFF_PROTOCOLS = new Set(['tel:', 'mailto:', 'sms:']);

/**
 * The JSON twin of a page (spec §7 `{path}/_payload.json`). The query string travels along: route
 * guards and working hours (utm_medium) read it, as they do for the HTML page.
 */
export function payloadUrl(pathAndSearch: string): string {
  const [path = '/', search] = pathAndSearch.split('?', 2);
  return `${path === '/' ? '' : path.replace(/\/$/, '')}/_payload.json${search ? `?${search}` : ''}`;
}

/** Fetches a page payload; a 404 payload is still a payload (the not-found page renders from it). */
async function fetchPayload(path: string): Promise<Payload> {
  const response = await fetch(payloadUrl(path), { headers: { accept: 'application/json' } });
  const body = (await response.json()) as Payload;
  if (!body || (body.kind !== 'page' && body.kind !== 'error')) throw new Error(`Bad payload for ${path} (${response.status})`);
  return body;
}

/**
 * Starts everything that runs in the browser besides React: the navigator with its progress bar,
 * route rules from the build manifest, the version check, colour mode, link interception,
 * Back/Forward, payload prefetch, the visitor's state and tracking, and the marketplace.
 */
export function startRuntime(boot: BootData): { navigator: Navigator; runtime: Runtime } {
  let manifest: BuildManifest | undefined;
  fetch(`/builds/meta/${boot.payload.buildId}.json`)
    .then((response) => (response.ok ? (response.json() as Promise<BuildManifest>) : Promise.reject(new Error(`manifest ${response.status}`))))
    .then((loaded) => (manifest = loaded))
    .catch((error) => console.error('Failed to load the build manifest', error));

  // Before the navigator: it caches the first payload under the address with the captured facts already removed.
  const visitor = startVisitor();
  const versionCheck = startVersionCheck({ currentId: boot.payload.buildId });
  const progress = createProgressBar(document.getElementById('progress-bar')!);
  const navigator = new Navigator(boot.payload, {
    fetchPayload,
    routeRule: (path) => manifest?.routeRules[path] ?? manifest?.routeRules[path.replace(/\/$/, '')],
    progress,
    newVersionAvailable: () => versionCheck.newVersionAvailable(),
    fullLoad: (href) => location.assign(href),
  });
  const colorMode = startColorMode({ forced: boot.payload.kind === 'page' ? boot.payload.page.colorMode : undefined });
  navigator.subscribe(() => {
    const { payload } = navigator.getSnapshot();
    colorMode.setForced(payload.kind === 'page' ? payload.page.colorMode : undefined);
  });

  history.scrollRestoration = 'manual';
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor) return;
    // Phone, mail and text links hand over to another app; the page stays, so they are no navigation.
    if (HANDOFF_PROTOCOLS.has(anchor.protocol)) return;
    const verdict = classifyNavigation(anchor.getAttribute('href')!, location.href, anchor.hasAttribute('data-allow-external'));
    if (verdict.kind === 'refused') {
      // Dangerous protocols and unapproved external links never leave the page.
      event.preventDefault();
      console.warn(verdict.reason, anchor.href);
      return;
    }
    const link = interceptableLink(event, location);
    if (!link) return;
    event.preventDefault();
    navigator.navigate(link.href).catch((error) => console.error(error));
  });
  window.addEventListener('popstate', () => void navigator.restore());
  window.addEventListener('pagehide', () => navigator.saveScroll());
  // Prefetch the links of the first page, and again of every page a navigation shows.
  const prefetchLinks = () => schedulePrefetch({ navigator, fetchPayload, payloadKey: (url) => url.pathname + url.search });
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
  };
  Object.assign(window, { __cobrand: { navigator, colorMode, runtime, visitor, tracking, marketplace, versionCheck } });
  return { navigator, runtime };
}
