/**
 * Expiring attempt counts and holds, in this process's memory or in Redis (shared by every node),
 * for throttles that must count an attempt before the work it guards runs (the sign-in throttle
 * counts a guess before its password hash, so a burst of concurrent guesses is counted as a burst).
 */
import type { Redis } from 'ioredis';

/** What a hold attempt found: whether this caller took it, and how long the hold has left. */
export interface HoldState {
  acquired: boolean;
  ttlMs: number;
}

/** Expiring counters and holds keyed by string. */
export interface AttemptCounts {
  /** Adds one and answers the new count; a count started here expires `windowMs` later. */
  add(key: string, windowMs: number): Promise<number>;
  /** Takes back one {@link add} (never below zero): an attempt that turned out not to count. */
  subtract(key: string): Promise<void>;
  /** Takes the hold `key` for `ms` unless someone holds it; answers who has it and for how long. */
  hold(key: string, ms: number): Promise<HoldState>;
  /** Forgets these counts and holds. */
  clear(...keys: string[]): Promise<void>;
}

/** Most keys kept in memory: about 10 MB; the least recently touched go first. */
const MEMORY_KEYS = 100_000;

/** In-memory counts and holds, for a single process (no REDIS_URL). Bounded: oldest keys go first. */
export function memoryAttemptCounts(maxKeys = MEMORY_KEYS): AttemptCounts {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > Date.now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const put = (key: string, entry: { count: number; expiresAt: number }) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxKeys) entries.delete(entries.keys().next().value as string);
  };
  return {
    async add(key, windowMs) {
      const entry = live(key) ?? { count: 0, expiresAt: Date.now() + windowMs };
      entry.count += 1;
      put(key, entry);
      return entry.count;
    },
    async subtract(key) {
      const entry = live(key);
      if (entry !== undefined && entry.count > 0) entry.count -= 1;
    },
    async hold(key, ms) {
      const held = live(key);
      if (held !== undefined) return { acquired: false, ttlMs: held.expiresAt - Date.now() };
      put(key, { count: 1, expiresAt: Date.now() + ms });
      return { acquired: true, ttlMs: ms };
    },
    async clear(...keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

/**
 * Resolves once `redis` is ready, or after `ms` if it is still connecting (the command that follows
 * then fails fast as usual); at once when it is ready or closed for good.
 */
export async function untilConnected(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready' || redis.status === 'end') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

/** The answers of a Redis transaction, or its first error thrown. */
function transactionReplies(replies: Array<[Error | null, unknown]> | null): unknown[] {
  const failed = replies?.find(([error]) => error)?.[0];
  if (!replies || failed) throw failed ?? new Error('Redis transaction aborted');
  return replies.map(([, reply]) => reply);
}

/**
 * Counts and holds in Redis under `prefix`, shared by every node. Each call first waits up to
 * `reconnectWaitMs` for a connection still being made (a reconnect after a blip, or a start-up
 * connect that lost its first attempt should cost a moment, not a refusal); then a command fails
 * fast, and the caller decides what a missing count means.
 */
export function redisAttemptCounts(redis: Redis, prefix: string, reconnectWaitMs: number): AttemptCounts {
  const at = (key: string) => prefix + key;
  return {
    async add(key, windowMs) {
      await untilConnected(redis, reconnectWaitMs);
      // One transaction: start the window if none is running, then count.
      const [, count] = transactionReplies(await redis.multi().set(at(key), '0', 'PX', windowMs, 'NX').incr(at(key)).exec());
      return Number(count);
    },
    async subtract(key) {
      await untilConnected(redis, reconnectWaitMs);
      // Only a count that still exists, and never below zero: a Lua script keeps the check and the change one step.
      await redis.eval("local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then redis.call('DECR', KEYS[1]) end return 0", 1, at(key));
    },
    async hold(key, ms) {
      await untilConnected(redis, reconnectWaitMs);
      const [taken, ttl] = transactionReplies(await redis.multi().set(at(key), '1', 'PX', ms, 'NX').pttl(at(key)).exec());
      return { acquired: taken === 'OK', ttlMs: Math.max(0, Number(ttl)) };
    },
    async clear(...keys) {
      if (keys.length === 0) return;
      await untilConnected(redis, reconnectWaitMs);
      await redis.del(...keys.map(at));
    },
  };
}
