import { classifyNavigation } from '../../core/navigation/external.ts';
import type { Payload } from '../../core/payload/types.ts';
import type { RouteRule } from '../../core/router/route.ts';
import { ruleRedirect } from '../../core/router/rules.ts';
import type { PayloadAnswer } from '../payloads.ts';
import { createScrollMemory, type ScrollMemory, type ScrollPosition } from './scroll-memory.ts';

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
  /** Fetches what the twin of a path with its query string answers: its payload or its rule's redirect. */
  fetchPayload(pathAndSearch: string): Promise<PayloadAnswer>;
  /** The route rule of a path, from the build manifest (spec §2 "A global guard asks ... for a route rule"). */
  routeRule(path: string): RouteRule | undefined;
  progress: Progress;
  /** True once the version check saw a new build: the next navigation is then a full load. */
  newVersionAvailable(): boolean;
  fullLoad(href: string): void;
  /**
   * What showing `payload` needs loaded first (its template's own chunk, ui/templates/index.ts),
   * or undefined when nothing: awaited before a navigation or Back/Forward shows it, whether its
   * payload was fetched or cached; a failure is handled as a failed payload fetch.
   */
  prepare?(payload: Payload): Promise<void> | undefined;
  /** Scroll positions by history entry; kept for this document only unless given (the runtime gives sessionStorage's). */
  scrollMemory?: ScrollMemory;
  /** The page's address, session history and scroll position: the browser's own unless given (tests give happy-dom's). */
  location?: Pick<Location, 'href'>;
  history?: Pick<History, 'state' | 'pushState' | 'replaceState'>;
  scrollPosition?: () => ScrollPosition;
}

/** A navigation that has been rendered: the payload and how the view should scroll. */
export interface NavigationState {
  payload: Payload;
  /** Increments on every navigation so the view knows when to scroll. */
  id: number;
  scroll: { kind: 'top' } | { kind: 'hash'; hash: string } | { kind: 'restore'; x: number; y: number } | { kind: 'none' };
}

const PAYLOAD_CACHE_LIMIT = 50;

/** Route-rule redirects followed in a row before the navigator hands over to a full load (a loop in the rules). */
const MAX_RULE_REDIRECTS = 5;

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
 *
 * One counter orders everything that changes the page: every navigation, Back/Forward restore
 * and `show` takes the next ticket, and only the holder of the newest ticket may render, touch
 * history, drive the progress bar to its end or fall back to a full load. A slow older
 * navigation or restore therefore never overwrites a newer one, and a failed one never replaces
 * a newer success with a full page load.
 */
export class Navigator {
  private state: NavigationState;
  private readonly listeners = new Set<() => void>();
  private readonly cache = new Map<string, PayloadAnswer>();
  private readonly scrollMemory: ScrollMemory;
  private readonly location: Pick<Location, 'href'>;
  private readonly history: Pick<History, 'state' | 'pushState' | 'replaceState'>;
  private readonly scrollPosition: () => ScrollPosition;
  /** The newest ticket handed out; see the class comment. */
  private latest = 0;

  constructor(initial: Payload, private readonly deps: NavigatorDeps) {
    this.location = deps.location ?? location;
    this.history = deps.history ?? history;
    this.scrollPosition = deps.scrollPosition ?? (() => ({ x: scrollX, y: scrollY }));
    this.scrollMemory = deps.scrollMemory ?? createScrollMemory(undefined);
    this.cache.set(cacheKey(new URL(this.location.href)), initial);
    const key = this.entryKey();
    // A reload, or Back to an entry whose document is gone: the position saved when it was left.
    const saved = key ? this.scrollMemory.get(key) : undefined;
    this.state = { payload: initial, id: 0, scroll: saved ? { kind: 'restore', ...saved } : { kind: 'none' } };
    if (!key) this.history.replaceState({ ...this.history.state, key: this.newKey() }, '');
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.state;

  /** Caches a payload (or a redirect answer) fetched ahead of time (prefetch). */
  remember(path: string, answer: PayloadAnswer) {
    this.cache.delete(path);
    this.cache.set(path, answer);
    const oldest = this.cache.keys().next();
    if (this.cache.size > PAYLOAD_CACHE_LIMIT && !oldest.done) this.cache.delete(oldest.value);
  }

  /** True when the payload for this path+search is cached. */
  has(path: string) {
    return this.cache.has(path);
  }

  /**
   * Navigates to `href`. Internal targets render client-side; external ones need permission and
   * then do a full load; dangerous protocols are always refused (the promise rejects).
   */
  navigate(href: string, options: NavigateOptions = {}): Promise<void> {
    return this.go(href, options, 0);
  }

  /** {@link navigate}, `redirects` route-rule redirects into the navigation. */
  private async go(href: string, options: NavigateOptions, redirects: number): Promise<void> {
    const target = classifyNavigation(href, this.location.href, options.allowExternal);
    if (target.kind === 'refused') throw new Error(target.reason);
    const ticket = ++this.latest;
    if (target.kind === 'external') return this.deps.fullLoad(target.url.href);
    const url = target.url;
    if (options.keepQuery && !url.search) url.search = new URL(this.location.href).search;

    const ruled = this.followRule(this.deps.routeRule(url.pathname), url, options, redirects);
    if (ruled) return ruled;
    if (this.deps.newVersionAvailable()) return this.deps.fullLoad(url.href);

    this.deps.progress.start();
    let answer: PayloadAnswer;
    try {
      answer = this.cache.get(cacheKey(url)) ?? (await this.deps.fetchPayload(url.pathname + url.search));
      const preparing = answer.kind === 'redirect' ? undefined : this.deps.prepare?.(answer);
      if (preparing) await preparing;
    } catch (error) {
      if (ticket !== this.latest) return; // A newer navigation owns the page now.
      console.error('Failed to load page payload', error);
      this.deps.progress.fail();
      // The visitor still gets where they asked to go, the slow way.
      return this.deps.fullLoad(url.href);
    }
    this.remember(cacheKey(url), answer);
    if (ticket !== this.latest) return; // A newer navigation or restore started meanwhile.
    // The server knew a rule the manifest had not brought (yet): follow it as a manifest rule.
    if (answer.kind === 'redirect') return this.followRule(answer, url, options, redirects) ?? this.deps.fullLoad(url.href);
    this.saveScroll();
    const key = this.newKey();
    if (options.replace) this.history.replaceState({ key }, '', url.href);
    else this.history.pushState({ key }, '', url.href);
    const samePage = pageIdentity(answer) === pageIdentity(this.state.payload);
    this.commit(answer, url.hash ? { kind: 'hash', hash: url.hash } : samePage ? { kind: 'none' } : { kind: 'top' });
    this.deps.progress.finish();
  }

  /** Back/Forward: render the cached payload of the entry and restore its scroll position. */
  async restore(): Promise<void> {
    const ticket = ++this.latest;
    const url = new URL(this.location.href);
    const key = this.entryKey();
    let answer = this.cache.get(cacheKey(url));
    const preparing = answer && answer.kind !== 'redirect' ? this.deps.prepare?.(answer) : undefined;
    if (!answer || preparing) {
      this.deps.progress.start();
      try {
        answer ??= await this.deps.fetchPayload(url.pathname + url.search);
        const prepared = preparing ?? (answer.kind === 'redirect' ? undefined : this.deps.prepare?.(answer));
        if (prepared) await prepared;
      } catch (error) {
        if (ticket !== this.latest) return;
        console.error('Failed to load page payload', error);
        this.deps.progress.fail();
        return this.deps.fullLoad(url.href);
      }
      this.remember(cacheKey(url), answer);
      if (ticket !== this.latest) return;
      this.deps.progress.finish();
    }
    // The entry's address redirects now: go where it leads, in its place.
    if (answer.kind === 'redirect') return this.followRule(answer, url, { replace: true }, 0) ?? this.deps.fullLoad(url.href);
    const saved = key ? this.scrollMemory.get(key) : undefined;
    this.commit(answer, saved ? { kind: 'restore', ...saved } : url.hash ? { kind: 'hash', hash: url.hash } : { kind: 'top' });
  }

  /** Shows a payload for the current entry without touching history (e.g. a guard's 404). */
  show(payload: Payload) {
    ++this.latest;
    this.remember(cacheKey(new URL(this.location.href)), payload);
    this.commit(payload, { kind: 'none' });
  }

  /** Records the scroll position of the current entry before leaving it (a navigation, pagehide). */
  saveScroll() {
    const key = this.entryKey();
    if (key) this.scrollMemory.save(key, this.scrollPosition());
  }

  /**
   * Follows a route rule's redirect from `url` (core/router/rules.ts, the server's reading too):
   * another origin with a full load, an internal path as a client navigation with `options`. As
   * with an HTTP redirect, the redirecting address gets no history entry of its own: a navigation
   * pushes (or replaces) only its target, and the page it started from stays behind it.
   * Undefined when the rule does not redirect. Rules that send a path round in a loop end in a
   * full load, where the browser reports the loop.
   */
  private followRule(rule: RouteRule | undefined, url: URL, options: NavigateOptions, redirects: number): Promise<void> | undefined {
    const redirect = ruleRedirect(rule, url);
    if (!redirect) return undefined;
    if (redirect.kind === 'external' || redirects >= MAX_RULE_REDIRECTS) return Promise.resolve(this.deps.fullLoad(redirect.url.href));
    return this.go(redirect.url.href, options, redirects + 1);
  }

  private entryKey(): string | undefined {
    // The navigator's own entries hold { key }; any other state reads as no key.
    const key = (this.history.state as { key?: unknown } | null)?.key;
    return typeof key === 'string' ? key : undefined;
  }

  private commit(payload: Payload, scroll: NavigationState['scroll']) {
    this.state = { payload, id: this.state.id + 1, scroll };
    for (const listener of this.listeners) listener();
  }

  private newKey() {
    return Math.random().toString(36).slice(2, 10);
  }
}
