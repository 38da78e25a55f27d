/**
 * Rate limits, and the store of the sign-in throttle's attempt counts.
 *
 * Every request is counted per client address (`request.ip`, as TRUST_PROXY decides it; IPv6 by
 * /64, the block one household or phone gets) in one of a few route groups, each with its own
 * budget per minute ({@link RATE_LIMIT_BUDGETS}); every endpoint of the contract declares its
 * group, the other routes are grouped by their pattern ({@link limitGroupOf}). Over budget, the
 * answer is 429 with `Retry-After` (seconds until the window resets), before the brand lookup,
 * the session or a body is read. The counters live in Redis when REDIS_URL is set, so every node
 * behind the load balancer shares them; otherwise in this process's memory. /healthz, /readyz and
 * /metrics are never counted.
 *
 * Sign-in (`POST /api/_auth/session`) also has a throttle per account (auth/sign-in-throttle.ts),
 * whose attempt counts this plugin keeps beside its own (`signInAttempts`, same Redis or memory).
 *
 * If a counter cannot be read (Redis unreachable, or slower than {@link REDIS_COMMAND_TIMEOUT_MS}),
 * sign-in and lead capture answer 503 with Retry-After: their protection never silently switches
 * off. Everything a page view needs is let through (a visitor must not lose a page because a counter
 * is slow). Either way the error is logged (at most once a minute) and the decision counted in
 * /metrics (`cobrand_rate_limit_counter_failures_total`).
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { API_PREFIX } from '../../../core/contract/endpoint.ts';
import type { RateLimitGroup } from '../../../core/contract/rate-limit-groups.ts';
import { protectionEnabled, type LimitsEnv } from '../config/limits-env.ts';
import { HEALTHZ_PATH, READYZ_PATH } from './health.ts';
import { METRICS_PATH } from './metrics.ts';
import { memoryAttemptCounts, redisAttemptCounts, untilConnected, type AttemptCounts } from './attempt-counts.ts';

const MINUTE_MS = 60_000;

/** A budget: at most `max` requests per `windowMs` from one client address. */
export interface Budget {
  max: number;
  windowMs: number;
}

/** The route groups counted separately (core/contract/rate-limit-groups.ts); `exempt` (health, readiness, metrics) is never counted. */
export type LimitGroup = RateLimitGroup | 'exempt';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where sign-in attempts are counted (Redis or memory), for the sign-in throttle (auth/sign-in-throttle.ts). */
    signInAttempts?: AttemptCounts;
    /** Requests refused with 429 since start, by group (`signInThrottle` for held accounts); for /metrics. */
    rateLimitRefusals?: Record<string, number>;
    /** Requests whose rate-limit counter could not be read, by `group:decision` (`refused` or `letThrough`); for /metrics. */
    rateLimitCounterFailures?: Record<string, number>;
  }
  interface FastifyContextConfig {
    /** The group the route's requests are counted in; every contract endpoint's route declares it (endpoint-route.ts). */
    limitGroup?: RateLimitGroup;
  }
}

/**
 * The budgets, per client address and minute. Each is set far above what one real visitor can
 * send, with room for a household or an office behind one address (and for mobile carriers'
 * shared addresses), yet low enough that one address cannot take a noticeable share of a node:
 * a node renders several hundred pages a second, so even the pages budget (20 a second) is a few
 * percent of it.
 */
export const RATE_LIMIT_BUDGETS: Readonly<Record<Exclude<LimitGroup, 'exempt'>, Budget>> = Object.freeze({
  /**
   * Sign-in: 5 a minute. Staff sign in once a day; a mistyped password or two fits easily, a
   * password guesser gets 7,200 tries a day per address (and the per-account throttle slows
   * guessing against one account to a handful an hour).
   */
  signIn: { max: 5, windowMs: MINUTE_MS },
  /** Reading or ending the session, the IP lookup: the client asks once per page load at most. */
  session: { max: 300, windowMs: MINUTE_MS },
  /**
   * Event intake: 600 a minute. A visitor's tracker batches (up to 50 events a request) and sends
   * a handful of requests per page: page view, clicks, step submissions, retries backing off from
   * 1 s. Even a visitor clicking through a funnel as fast as pages load stays under 60 a minute.
   */
  events: { max: 600, windowMs: MINUTE_MS },
  /**
   * User state: 300 a minute. Pushed once per page load and once per funnel step, one request in
   * flight at a time (a change during a push waits for it), retried after 3 s: under 30 a minute
   * for the fastest visitor.
   */
  userState: { max: 300, windowMs: MINUTE_MS },
  /**
   * Lead capture: 20 a minute. A visitor sends one lead per finished funnel (at most 3 attempts
   * under one id); 20 lets twenty people behind one address finish in the same minute, while a
   * script posting fake leads (which are sold) is cut off quickly.
   */
  leads: { max: 20, windowMs: MINUTE_MS },
  /**
   * Marketplace (demand check, phone lease, ad list): 60 a minute. Each is an upstream call that
   * costs quota; a visitor makes two or three at a funnel's end.
   */
  marketplace: { max: 60, windowMs: MINUTE_MS },
  /**
   * Pages, their payload twins and no-JavaScript form posts: 1,200 a minute (20 a second). A page
   * view is one document plus at most 20 prefetched payloads (spec §9), and a visitor reads a page
   * for seconds; a whole office behind one address browsing flat out stays under it.
   */
  pages: { max: 1200, windowMs: MINUTE_MS },
  /**
   * Files (hashed assets, build files, brand images): 2,400 a minute. About ten per first page
   * view, then cached (assets for a year); this only stops a download loop.
   */
  files: { max: 2400, windowMs: MINUTE_MS },
});

/** Most client addresses (per group) counted in memory without Redis: about 10 MB; the least recently seen go first. */
const MEMORY_COUNTER_KEYS = 100_000;

/** Redis commands are given this long before the request goes on without them (fail open). */
const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * How long a sign-in waits for Redis while its connection is being (re)made before it is refused:
 * a reconnect after a blip, or a start-up connect that lost its first attempt, should cost staff a
 * moment, not a 503.
 */
const REDIS_RECONNECT_WAIT_MS = 2000;

/** The same Redis error is logged at most this often while Redis is down. */
const REDIS_ERROR_LOG_INTERVAL_MS = 60_000;

const EXEMPT_ROUTES = new Set([HEALTHZ_PATH, READYZ_PATH, METRICS_PATH]);

/**
 * The groups refused (503) while their counter cannot be read: sign-in and lead capture, where a
 * missing limit is a guessing or lead-forging window. Every other group serves a page view (the
 * page, its files, its session, events and marketplace calls) and is let through: a visitor must not
 * lose a page because a counter is slow.
 */
const FAIL_CLOSED_GROUPS: ReadonlySet<LimitGroup> = new Set<LimitGroup>(['signIn', 'leads']);

/** Retry-After of a request refused because its group's counter cannot be read. */
const COUNTER_UNAVAILABLE_RETRY_S = 5;
const FILE_ROUTE = /^\/(assets|builds|static)\//;

/**
 * The group a request is counted in: its route's declared group (every contract endpoint
 * declares one), else by its route pattern (never the raw URL): health, readiness and metrics
 * exempt, static files, and pages for the rest.
 */
export function limitGroupOf(request: FastifyRequest): LimitGroup {
  const declared = request.routeOptions.config?.limitGroup;
  if (declared !== undefined) return declared;
  const route = request.routeOptions.url;
  // No route matched: the not-found answer, a page-like request.
  if (route === undefined) return 'pages';
  if (EXEMPT_ROUTES.has(route)) return 'exempt';
  return FILE_ROUTE.test(route) ? 'files' : 'pages';
}

/** True when the request should get an HTML answer (a page load) rather than JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  return !request.url.startsWith(API_PREFIX) && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Prepares the answer of a refused request: `status` with `Retry-After`, never cached; returns the
 * body to send. A page load gets a short page that reloads itself after that many seconds,
 * anything else `{ error }`. Shared by the rate limits (429) and load shedding (503), which both
 * answer before the brand is known.
 */
export function refusal(request: FastifyRequest, reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number, message: string): string | { error: string } {
  reply.code(status).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
  if (!wantsHtml(request)) return { error: message };
  reply.type('text/html; charset=utf-8');
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterSeconds}">` +
    '<title>Please wait a moment</title></head><body style="font:1.25rem/1.5 system-ui,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem">' +
    `<h1>Please wait a moment</h1><p>${message}</p><p>This page will try again by itself in ${retryAfterSeconds} seconds.</p></body></html>`
  );
}

/** Sends {@link refusal}'s answer. */
export function sendRefusal(request: FastifyRequest, reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number, message: string): FastifyReply {
  return reply.send(refusal(request, reply, status, retryAfterSeconds, message));
}

/** Logs an error at most once per {@link REDIS_ERROR_LOG_INTERVAL_MS}. */
function throttledErrorLog(app: FastifyInstance, message: string): (error: unknown) => void {
  let lastLogged = 0;
  return (error) => {
    if (Date.now() - lastLogged < REDIS_ERROR_LOG_INTERVAL_MS) return;
    lastLogged = Date.now();
    app.log.error({ err: error }, message);
  };
}

/** Opens the Redis connection for the counters; commands fail fast (never queue) while it is down. */
async function openRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a single node never needs the client (it would slow every start and hold memory for nothing).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  redis.on('error', throttledErrorLog(app, 'rate limits: Redis error; limits let requests through until it is back'));
  try {
    await redis.connect();
  } catch (error) {
    // It keeps reconnecting; meanwhile the limits fail open and sign-in answers 503.
    app.log.error({ err: error }, 'rate limits: Redis unreachable at start-up');
  }
  return redis;
}

/**
 * Registers the rate limits (one onRequest hook on every route, ahead of the brand lookup) and
 * the sign-in failure counts. Register it before the routes' own plugins. Does nothing when
 * RATE_LIMITS is off (by default under NODE_ENV=test).
 */
export const limitsPlugin = fp(async function limitsPlugin(app: FastifyInstance, options: { vars: LimitsEnv & { NODE_ENV: string } }) {
  const { REDIS_URL, REDIS_KEY_PREFIX, RATE_LIMITS, NODE_ENV } = options.vars;
  if (!protectionEnabled(RATE_LIMITS, NODE_ENV)) return;
  const redis = REDIS_URL ? await openRedis(app, REDIS_URL) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  const budgetOf = (request: FastifyRequest) => RATE_LIMIT_BUDGETS[limitGroupOf(request) as Exclude<LimitGroup, 'exempt'>];
  await app.register(rateLimit, {
    global: false,
    // Counter errors reach the hook below, which logs them and lets the request through.
    skipOnError: false,
    keyGenerator: (request) => `${limitGroupOf(request)}:${normalizeIP(request.ip)}`,
    max: (request) => budgetOf(request).max,
    timeWindow: (request) => budgetOf(request).windowMs,
    ...(redis ? { redis, nameSpace: `${REDIS_KEY_PREFIX}rate:` } : { cache: MEMORY_COUNTER_KEYS }),
  });
  app.decorate('signInAttempts', redis ? redisAttemptCounts(redis, REDIS_KEY_PREFIX, REDIS_RECONNECT_WAIT_MS) : memoryAttemptCounts());

  const refusals: Record<string, number> = {};
  app.decorate('rateLimitRefusals', refusals);

  const counterFailures: Record<string, number> = {};
  app.decorate('rateLimitCounterFailures', counterFailures);

  const count = app.createRateLimit();
  const logLetThrough = throttledErrorLog(app, 'rate limits: counter unavailable; page-view request let through');
  const logRefused = throttledErrorLog(app, 'rate limits: counter unavailable; sign-in or lead refused with 503');
  app.addHook('onRequest', async (request, reply) => {
    const group = limitGroupOf(request);
    if (group === 'exempt') return;
    const closed = FAIL_CLOSED_GROUPS.has(group);
    let verdict: Awaited<ReturnType<typeof count>> | undefined;
    try {
      verdict = await count(request);
    } catch (first) {
      // A refusal costs a sign-in or a lead: worth waiting a moment for a connection being made, then asking once more.
      verdict = closed && redis ? await untilConnected(redis, REDIS_RECONNECT_WAIT_MS).then(() => count(request)).catch(() => undefined) : undefined;
      if (verdict === undefined) {
        const decision = `${group}:${closed ? 'refused' : 'letThrough'}`;
        counterFailures[decision] = (counterFailures[decision] ?? 0) + 1;
        if (!closed) return logLetThrough(first);
        logRefused(first);
        return sendRefusal(request, reply, 503, COUNTER_UNAVAILABLE_RETRY_S, 'This is unavailable for a moment; please try again shortly.');
      }
    }
    if (verdict.isAllowed || !verdict.isExceeded) return;
    refusals[group] = (refusals[group] ?? 0) + 1;
    return sendRefusal(request, reply, 429, Math.max(1, verdict.ttlInSeconds), 'Too many requests from your connection.');
  });
});
