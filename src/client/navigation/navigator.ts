import { classifyNavigation } from '../../core/navigation/external.ts';
import type { Payload } from '../../core/payload/types.ts';
import type { RouteRule } from '../../core/router/route.ts';

/** Options of one navigation (spec §2 "Multi-step form": keep the query string or replace history). */
export interface NavigateOptions {
  replace?: boolean;
  /** Carry the current query string over when the target has none. */
  keepQuery?: boolean;
  /** Permit a full load of another origin. */
  allowExternal?: boolean;
}

/** The top progress bar as the navigator drives it. */
export interface Progress {
  start(): void;
  finish(): void;
  fail(): void;
}

/** What the navigator needs from the rest of the runtime; injected so tests can drive it. */
export interface NavigatorDeps {
  /** Fetches the payload of a path with its query string. */
  fetchPayload(pathAndSearch: string): Promise<Payload>;
  routeRule(path: string): RouteRule | undefined;
  progress: Progress;
  /** True once the version check saw a new build: the next navigation is then a full load. */
  newVersionAvailable(): boolean;
  fullLoad(href: string): void;
}

/** A navigation that has been rendered: the payload and how the view should scroll. */
export interface NavigationState {
  payload: Payload;
  /** Increments on every navigation so the view knows when to scroll. */
  id: number;
  scroll: { kind: 'top' } | { kind: 'hash'; hash: string } | { kind: 'restore'; x: number; y: number } | { kind: 'none' };
}

const PAYLOAD_CACHE_LIMIT = 50;

function cacheKey(url: URL): string {
  return url.pathname + url.search;
}

function pageIdentity(payload: Payload): string {
  return payload.kind === 'page' ? `page:${payload.route.name}` : `error:${payload.path}`;
}

/**
 * The client navigation layer: takes over internal navigations, fetches `{path}/_payload.json`,
 * keeps a payload cache for Back/Forward, pushes or replaces history and tells the view how to
 * scroll. Implements the store contract of React's useSyncExternalStore.
 */
export class Navigator {
  private state: NavigationState;
  private readonly listeners = new Set<() => void>();
  private readonly cache = new Map<string, Payload>();
  private readonly scrollPositions = new Map<string, { x: number; y: number }>();
  private pending = 0;

  constructor(initial: Payload, private readonly deps: NavigatorDeps) {
    this.state = { payload: initial, id: 0, scroll: { kind: 'none' } };
    this.cache.set(cacheKey(new URL(location.href)), initial);
    if (!history.state?.key) history.replaceState({ ...history.state, key: this.newKey() }, '');
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.state;

  /** Caches a payload fetched ahead of time (prefetch). */
  remember(path: string, payload: Payload) {
    this.cache.set(path, payload);
    if (this.cache.size > PAYLOAD_CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
  }

  /** True when the payload for this path+search is cached. */
  has(path: string) {
    return this.cache.has(path);
  }

  /**
   * Navigates to `href`. Internal targets render client-side; external ones need permission and
   * then do a full load; dangerous protocols are always refused (the promise rejects).
   */
  async navigate(href: string, options: NavigateOptions = {}): Promise<void> {
    const target = classifyNavigation(href, location.href, options.allowExternal);
    if (target.kind === 'refused') throw new Error(target.reason);
    if (target.kind === 'external') return this.deps.fullLoad(target.url.href);
    const url = target.url;
    if (options.keepQuery && !url.search) url.search = location.search;

    const rule = this.deps.routeRule(url.pathname);
    if (rule?.redirect) {
      const redirect = classifyNavigation(rule.redirect, url.href, true);
      if (redirect.kind === 'external') return this.deps.fullLoad(redirect.url.href);
      if (redirect.kind === 'internal' && redirect.url.pathname !== url.pathname) return this.navigate(redirect.url.href, { ...options, replace: true });
    }
    if (this.deps.newVersionAvailable()) return this.deps.fullLoad(url.href);

    const ticket = ++this.pending;
    this.deps.progress.start();
    let payload: Payload;
    try {
      payload = this.cache.get(cacheKey(url)) ?? (await this.deps.fetchPayload(url.pathname + url.search));
    } catch (error) {
      console.error('Failed to load page payload', error);
      this.deps.progress.fail();
      // The visitor still gets where they asked to go, the slow way.
      return this.deps.fullLoad(url.href);
    }
    if (ticket !== this.pending) return; // A newer navigation started meanwhile.
    this.remember(cacheKey(url), payload);
    this.saveScroll();
    const key = this.newKey();
    if (options.replace) history.replaceState({ key }, '', url.href);
    else history.pushState({ key }, '', url.href);
    const samePage = pageIdentity(payload) === pageIdentity(this.state.payload);
    this.commit(payload, url.hash ? { kind: 'hash', hash: url.hash } : samePage ? { kind: 'none' } : { kind: 'top' });
    this.deps.progress.finish();
  }

  /** Back/Forward: render the cached payload of the entry and restore its scroll position. */
  async restore(): Promise<void> {
    const url = new URL(location.href);
    const key = history.state?.key as string | undefined;
    let payload = this.cache.get(cacheKey(url));
    if (!payload) {
      try {
        this.deps.progress.start();
        payload = await this.deps.fetchPayload(url.pathname + url.search);
        this.remember(cacheKey(url), payload);
        this.deps.progress.finish();
      } catch (error) {
        console.error('Failed to load page payload', error);
        this.deps.progress.fail();
        return this.deps.fullLoad(url.href);
      }
    }
    const saved = key ? this.scrollPositions.get(key) : undefined;
    this.commit(payload, saved ? { kind: 'restore', ...saved } : url.hash ? { kind: 'hash', hash: url.hash } : { kind: 'top' });
  }

  /** Shows a payload for the current entry without touching history (e.g. a guard's 404). */
  show(payload: Payload) {
    this.remember(cacheKey(new URL(location.href)), payload);
    this.commit(payload, { kind: 'none' });
  }

  /** Records the scroll position of the current entry before leaving it. */
  saveScroll() {
    const key = history.state?.key as string | undefined;
    if (key) this.scrollPositions.set(key, { x: scrollX, y: scrollY });
  }

  private commit(payload: Payload, scroll: NavigationState['scroll']) {
    this.state = { payload, id: this.state.id + 1, scroll };
    for (const listener of this.listeners) listener();
  }

  private newKey() {
    return Math.random().toString(36).slice(2, 10);
  }
}
