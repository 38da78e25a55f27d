import { getHeapStatistics } from 'node:v8';
import * as z from 'zod';

/**
 * Environment variables of abuse protection and load shedding: where the rate-limit
 * and sign-in throttle counters live, who may read /metrics, and when the server sheds load.
 * The budgets themselves are constants with their reasoning (src/server/platform/http/limits.ts).
 */

/** Event-loop lag (ms: how long the current or the previous turn of the loop ran) above which requests are answered 503 at once. */
export const DEFAULT_SHED_MAX_EVENT_LOOP_DELAY_MS = 200;

/**
 * Length (ms) of event-loop turns beyond which, when the previous turn ran that long too, the
 * requests still arriving in the turn are shed: under a flood every turn is long, and Node accepts
 * one new connection per turn, so long turns keep a new visitor (and a health probe) out.
 */
export const DEFAULT_SHED_MAX_LOOP_TURN_MS = 50;

/**
 * Heap in use (MB) above which requests are shed: three quarters of V8's heap limit (about 3.1 GB
 * with Node's default limit on a 24 GB box), so the server refuses work while the garbage
 * collector can still recover instead of thrashing into an out-of-memory crash.
 */
export const DEFAULT_SHED_MAX_HEAP_USED_MB = Math.floor((getHeapStatistics().heap_size_limit / 2 ** 20) * 0.75);

/**
 * Resident memory (MB) above which requests are shed. A process normally stays well under 512 MB
 * (heap, geolocation databases, SSR buffers); on a 2-core 24 GB box running one process per core,
 * 4 GB each still leaves more than half the memory to PostgreSQL, Redis and the page cache.
 */
export const DEFAULT_SHED_MAX_RSS_MB = 4096;

/** Prefix of every Redis key this app writes, unless REDIS_KEY_PREFIX says otherwise. */
export const DEFAULT_REDIS_KEY_PREFIX = 'cobrand:';

/** Shortest accepted METRICS_TOKEN: it is a bearer secret, so no short guessable ones. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** An optional variable; set-but-empty (`VAR=`) counts as unset, as shells and .env files write it. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A non-negative whole number; 0 switches the check off. */
const threshold = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/** `on` or `off`; unset means on, except under NODE_ENV=test (see {@link protectionEnabled}). */
const onOff = optional(z.enum(['on', 'off'], { error: 'must be on or off' }));

export const LIMITS_ENV = {
  /**
   * Rate limits and the sign-in throttle. On unless `off`; under NODE_ENV=test off unless `on`,
   * because the suites send hundreds of requests a minute from loopback to one app.
   */
  RATE_LIMITS: onOff,
  /** Load shedding (503 under event-loop lag or memory pressure). On unless `off`; under NODE_ENV=test off unless `on`. */
  LOAD_SHEDDING: onOff,
  /**
   * `redis://` or `rediss://` URL: rate-limit counters and sign-in failure counts live there, so
   * every node behind the load balancer shares them. Unset: each process counts in memory.
   */
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
  /** Prefix of every key written to Redis, so several deployments (or test runs) can share one. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1 to 64 letters, digits or : . _ -')
    .default(DEFAULT_REDIS_KEY_PREFIX),
  /** Bearer token that lets a scraper read /metrics from another host (loopback needs none). */
  METRICS_TOKEN: optional(z.string().trim().min(METRICS_TOKEN_MIN_LENGTH)),
  /** Length (ms) of one event-loop turn (the current or the previous) beyond which requests are shed with 503; 0 switches it off. */
  SHED_MAX_EVENT_LOOP_DELAY_MS: threshold(DEFAULT_SHED_MAX_EVENT_LOOP_DELAY_MS, 60_000),
  /** Length (ms) of two event-loop turns in a row beyond which requests are shed with 503; 0 switches it off. */
  SHED_MAX_LOOP_TURN_MS: threshold(DEFAULT_SHED_MAX_LOOP_TURN_MS, 60_000),
  /** Heap in use (MB) above which requests are shed with 503; 0 switches it off. */
  SHED_MAX_HEAP_USED_MB: threshold(DEFAULT_SHED_MAX_HEAP_USED_MB, 1_048_576),
  /** Resident memory (MB) above which requests are shed with 503; 0 switches it off. */
  SHED_MAX_RSS_MB: threshold(DEFAULT_SHED_MAX_RSS_MB, 1_048_576),
};

/** The validated limit variables (a part of the whole validated environment). */
export type LimitsEnv = z.output<z.ZodObject<typeof LIMITS_ENV>>;

/**
 * Whether a protection switch (RATE_LIMITS, LOAD_SHEDDING) is on: as set, else on everywhere but
 * NODE_ENV=test, where the suites' own traffic would trip it (the protection tests set it `on`).
 */
export function protectionEnabled(setting: 'on' | 'off' | undefined, nodeEnv: string): boolean {
  return setting === undefined ? nodeEnv !== 'test' : setting === 'on';
}
