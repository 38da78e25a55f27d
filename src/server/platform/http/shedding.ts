/**
 * Load shedding: when the server is overloaded, a request is answered
 * 503 with `Retry-After` at once, in the first hook, instead of joining a queue every visitor
 * would wait in. A page load gets a short page that reloads itself after that many seconds.
 *
 * Two measures decide, both from config/limits-env.ts:
 *
 * - The event loop's turns, measured here ({@link loopTurnClock}). A request is shed when the
 *   current turn or the previous one has run longer than SHED_MAX_EVENT_LOOP_DELAY_MS (200 ms: the
 *   loop just stalled), or when both have run longer than SHED_MAX_LOOP_TURN_MS (50 ms: the load is
 *   sustained, not one burst). Node reads every ready socket in one turn and accepts only one new
 *   connection per turn, so under a flood of kept-alive connections each turn would render
 *   hundreds of pages while a new visitor's connection waits its turn, for seconds; bounding the
 *   turns is what lets a new visitor (and a health probe) in. A shed connection is then not read
 *   for {@link SHED_CONNECTION_PAUSE_MS}: a client that ignores Retry-After is slowed down instead
 *   of costing a turn again at once (its next request waits in the kernel, nothing is dropped).
 * - @fastify/under-pressure, sampled every {@link SHED_SAMPLE_INTERVAL_MS}: heap in use
 *   (SHED_MAX_HEAP_USED_MB) and resident memory (SHED_MAX_RSS_MB); memory pressure sheds
 *   everything until garbage collection recovers. Its own lag check (a mean over the sample) is
 *   left off: its first sample averages in the start-up work, so a freshly started node shed its
 *   first second of visitors, and an empty sample reads as infinite lag. It still measures the
 *   mean lag, which /metrics shows.
 *
 * Never shed: /healthz, /readyz and /metrics (a probe must see the process, and an operator the
 * overload), and lead capture (`POST /api/leads`): a visitor at the end of a funnel is worth more
 * than a new page view, the browser retries a capture for only two seconds, and storing a lead is
 * one cheap write, where a page is a render.
 */
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LEADS_PATH } from '../../../core/contract/leads.ts';
import { protectionEnabled, type LimitsEnv } from '../config/limits-env.ts';
import { HEALTHZ_PATH, READYZ_PATH } from './health.ts';
import { refusal } from './limits.ts';
import { METRICS_PATH } from './metrics.ts';

/** How often under-pressure samples memory (and the mean lag /metrics shows), in ms: its default, a second. */
export const SHED_SAMPLE_INTERVAL_MS = 1000;

/** Retry-After of a shed request (seconds): a flood passes or is cut by the rate limits in seconds. */
export const SHED_RETRY_AFTER_S = 5;

/**
 * How long a connection that was answered 503 is not read (ms). Shorter than the keep-alive
 * timeout (5 s), so a kept-alive connection survives it; a browser that got the 503 page reloads
 * after {@link SHED_RETRY_AFTER_S} anyway.
 */
export const SHED_CONNECTION_PAUSE_MS = 1000;

const MB = 2 ** 20;

const NEVER_SHED = new Set([HEALTHZ_PATH, READYZ_PATH, METRICS_PATH]);

/** True for the requests answered whatever the load. */
function neverShed(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (NEVER_SHED.has(route) || (request.method === 'POST' && route === LEADS_PATH));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests shed since start, by reason (loopTurn, heapUsedBytes, rssBytes); for /metrics. */
    shedRequests?: Record<string, number>;
  }
}

/** How long the event loop's current turn has run, and how long the previous one ran (ms). */
export interface LoopTurns {
  current: number;
  previous: number;
}

/**
 * Measures the event loop's turns while requests arrive: a 1 ms timer fires once per turn (timers
 * run first in a turn), so the time since it last fired is how long the current turn has run, and
 * the gap between its last two firings how long the previous turn ran. The timer runs only while
 * requests keep arriving, so an idle server is never woken; the first request after a pause
 * starts it (and sees two zero-length turns).
 */
export function loopTurnClock(): { sample(): LoopTurns; stop(): void } {
  let turnStart = 0;
  let previous = 0;
  let timer: NodeJS.Timeout | undefined;
  let requestsSinceTick = false;
  let stopped = false;
  const tick = () => {
    const now = performance.now();
    previous = now - turnStart;
    turnStart = now;
    // tick runs as the timer's callback, so the timer is set.
    if (requestsSinceTick && !stopped && timer) {
      requestsSinceTick = false;
      timer.refresh();
    } else {
      timer = undefined;
    }
  };
  return {
    sample() {
      const now = performance.now();
      requestsSinceTick = true;
      if (timer === undefined && !stopped) {
        turnStart = now;
        previous = 0;
        timer = setTimeout(tick, 1);
        timer.unref();
      }
      return { current: now - turnStart, previous };
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * True when the loop is overloaded: the current or the previous turn ran longer than
 * `maxDelayMs` (a stall), or both ran longer than `maxTurnMs` (sustained load). 0 switches a
 * threshold off.
 */
export function overloaded(turns: LoopTurns, maxDelayMs: number, maxTurnMs: number): boolean {
  const stalled = maxDelayMs > 0 && Math.max(turns.current, turns.previous) > maxDelayMs;
  const sustained = maxTurnMs > 0 && Math.min(turns.current, turns.previous) > maxTurnMs;
  return stalled || sustained;
}

/** Stops reading a shed request's connection for {@link SHED_CONNECTION_PAUSE_MS} once its answer is sent. */
function pauseConnection(socket: Socket | null, reply: FastifyReply): void {
  if (!socket) return;
  reply.raw.once('finish', () => {
    if (socket.destroyed) return;
    socket.pause();
    setTimeout(() => {
      if (!socket.destroyed) socket.resume();
    }, SHED_CONNECTION_PAUSE_MS).unref();
  });
}

/** What the shedder needs: the thresholds, and (tests) a sample interval of their own. */
export interface SheddingOptions {
  vars: Pick<LimitsEnv, 'LOAD_SHEDDING' | 'SHED_MAX_EVENT_LOOP_DELAY_MS' | 'SHED_MAX_LOOP_TURN_MS' | 'SHED_MAX_HEAP_USED_MB' | 'SHED_MAX_RSS_MB'> & { NODE_ENV: string };
  sampleIntervalMs?: number;
}

const BUSY = 'The site is very busy right now.';

/**
 * Registers the shedder's onRequest hooks. Register it before everything that answers requests: a
 * shed request should cost nothing else. Does nothing when LOAD_SHEDDING is off (by default under
 * NODE_ENV=test).
 */
export const sheddingPlugin = fp(async function sheddingPlugin(app: FastifyInstance, options: SheddingOptions) {
  const { LOAD_SHEDDING, NODE_ENV, SHED_MAX_EVENT_LOOP_DELAY_MS, SHED_MAX_LOOP_TURN_MS, SHED_MAX_HEAP_USED_MB, SHED_MAX_RSS_MB } = options.vars;
  if (!protectionEnabled(LOAD_SHEDDING, NODE_ENV)) return;
  const shed: Record<string, number> = {};
  app.decorate('shedRequests', shed);
  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: string) => {
    shed[reason] = (shed[reason] ?? 0) + 1;
    pauseConnection(request.raw.socket, reply);
    return refusal(request, reply, 503, SHED_RETRY_AFTER_S, BUSY);
  };

  const turns = loopTurnClock();
  app.addHook('onClose', async () => turns.stop());
  app.addHook('onRequest', (request, reply, done) => {
    if (neverShed(request)) return done();
    if (overloaded(turns.sample(), SHED_MAX_EVENT_LOOP_DELAY_MS, SHED_MAX_LOOP_TURN_MS)) return reply.send(refuse(request, reply, 'loopTurn'));
    done();
  });

  // Any value but a promise or nullish is sent as the answer (under-pressure's README; its types lag).
  const pressureHandler = (request: FastifyRequest, reply: FastifyReply, type: string) => (neverShed(request) ? undefined : refuse(request, reply, type));
  await app.register(underPressure, {
    maxHeapUsedBytes: SHED_MAX_HEAP_USED_MB * MB,
    maxRssBytes: SHED_MAX_RSS_MB * MB,
    sampleInterval: options.sampleIntervalMs ?? SHED_SAMPLE_INTERVAL_MS,
    retryAfter: SHED_RETRY_AFTER_S,
    pressureHandler: pressureHandler as unknown as NonNullable<FastifyUnderPressureOptions['pressureHandler']>,
  });
});
