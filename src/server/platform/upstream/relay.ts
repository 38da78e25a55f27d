/**
 * The one upstream relay: every call the server makes to a
 * provider (the ad marketplace's demand check, phone lease and ad list; the lead buyer's
 * deliveries) goes through here, so they share
 *
 * - one connection pool ({@link upstreamPool}) for the whole process;
 * - one timeout rule: the call's budget (MEDIAALPHA_TIMEOUT_MS) covers connect, headers and body,
 *   and no other clock runs (the pool's own timeouts are off);
 * - one size cap: an answer larger than {@link UPSTREAM_ANSWER_MAX_BYTES} is a failure,
 *   kept truncated to the cap;
 * - one shape rule: an answer nested deeper or holding more keys than a request body may
 *   (JSON_BODY_LIMITS) is a failure before it is parsed, as it is for what visitors send: a
 *   `[[[…]]]` answer would otherwise cost seconds of CPU and overflow the stack of the schema checks;
 * - one way to fail: never a throw, always a one-line reason a route can answer with a 502;
 * - one exchange record ({@link relay}): the body as sent, PII redacted, and the outcome.
 *
 * A caller states only what differs: kind, URL, body, token, headers.
 */
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { redactPii } from '../../marketplace/redact.ts';
import type { ExchangeKind, NewExchange } from '../store/index.ts';
import { JSON_BODY_LIMITS } from '../../../core/contract/body-limits.ts';
import { jsonShapeProblem } from '../http/json-body.ts';

/** The largest upstream answer read, in bytes (256 KB): an ad list of 100 ads is about 60 KB. */
export const UPSTREAM_ANSWER_MAX_BYTES = 262_144;

/** The failure reason of an answer over {@link UPSTREAM_ANSWER_MAX_BYTES}. */
export const OVERSIZED_ANSWER_ERROR = `upstream answer larger than ${UPSTREAM_ANSWER_MAX_BYTES} bytes`;

/**
 * Starts a call's budget: calls `expire` once `timeoutMs` have passed, unless the returned
 * function (called when the call ends) stopped it first.
 */
export type BudgetTimer = (expire: () => void, timeoutMs: number) => () => void;

/** The real clock's budget: a timer. */
export const budgetTimer: BudgetTimer = (expire, timeoutMs) => {
  const timer = setTimeout(expire, timeoutMs);
  return () => clearTimeout(timer);
};

/** What to send and how long to wait. */
export interface UpstreamCall {
  url: string;
  /** Serialised as the JSON request body. */
  body: unknown;
  /** Sent as `Authorization: Bearer {token}`, never in the body, so recorded bodies hold no secret. */
  token?: string;
  /** The whole call's budget (connect, headers and body), in milliseconds. */
  timeoutMs: number;
  /** What runs the budget; {@link budgetTimer} when absent. Tests pass their own to say when a call that hangs expires. */
  budget?: BudgetTimer;
  /** Aborts the call early, e.g. when the visitor disconnects; its reason becomes the error. */
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key for the lead buyer; the CLI sets Host to reach a brand). */
  headers?: Record<string, string>;
  /** The connection pool; {@link upstreamPool} when absent. */
  dispatcher?: Dispatcher;
}

/** The upstream answered 2xx with JSON of at most {@link UPSTREAM_ANSWER_MAX_BYTES}. */
export interface UpstreamSuccess {
  ok: true;
  status: number;
  /** The body exactly as received. */
  raw: string;
  /** `raw` parsed as JSON. */
  parsed: unknown;
  latencyMs: number;
}

/** The call failed; `error` is one line, safe to show a browser (no URL, no token). */
export interface UpstreamFailure {
  ok: false;
  /** The upstream's HTTP status when one arrived (non-2xx, not JSON, too large), else null. */
  status: number | null;
  /** The body when one arrived (cut to the size cap when larger), else null. */
  raw: string | null;
  error: string;
  latencyMs: number;
}

/** How an upstream call ended. */
export type UpstreamOutcome = UpstreamSuccess | UpstreamFailure;

type Undici = typeof import('undici').default;

let undici: Promise<Undici> | undefined;

/**
 * undici, loaded on the first upstream call: about 1 MB of
 * source a first page request never needs, and a process that calls no upstream never reads.
 * Its default export (the CommonJS module.exports): the only one the compiled server's chunk of
 * it has, esbuild giving a dynamically imported CommonJS module no named exports.
 */
function loadUndici(): Promise<Undici> {
  undici ??= import('undici').then((module) => module.default);
  return undici;
}

let pool: Promise<Dispatcher> | undefined;

/**
 * The connection pool of every upstream call in this process, made on first use. Its idle
 * keep-alive sockets are unref'd by undici, so it never keeps a process alive, and it is never
 * closed: an app closing while another (tests, the CLI's sandbox) still calls out loses nothing.
 * Its connect, headers and body timeouts are off; each call's budget is the only clock.
 */
export function upstreamPool(): Promise<Dispatcher> {
  pool ??= loadUndici().then(({ Agent }) => new Agent({ connectTimeout: 0, headersTimeout: 0, bodyTimeout: 0 }));
  return pool;
}

/** Thrown into the request by the budget timer, so a timeout is told apart from the caller's abort. */
class UpstreamTimeout extends Error {}

/** POSTs `call.body` as JSON and reads the answer up to the size cap; resolves (never rejects) within the budget. */
export async function postToUpstream(call: UpstreamCall): Promise<UpstreamOutcome> {
  // Before the clock starts: loading undici on the first call is not the upstream's latency.
  const { request } = await loadUndici();
  const dispatcher = call.dispatcher ?? (await upstreamPool());
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const budget = new AbortController();
  const stopBudget = (call.budget ?? budgetTimer)(() => budget.abort(new UpstreamTimeout()), call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([budget.signal, call.signal]) : budget.signal;
  let status: number | null = null;
  let answer: CappedText;
  try {
    const response = await request(call.url, {
      method: 'POST',
      headers: {
        ...call.headers,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      },
      body: JSON.stringify(call.body),
      signal,
      dispatcher,
    });
    status = response.statusCode;
    answer = await readCapped(response.body, UPSTREAM_ANSWER_MAX_BYTES);
  } catch (error) {
    const reason = budget.signal.aborted ? `upstream timed out after ${call.timeoutMs} ms` : failureReason(error, call.signal);
    return { ok: false, status, raw: null, error: reason, latencyMs: latency() };
  } finally {
    stopBudget();
  }
  const raw = answer.text;
  if (answer.truncated) return { ok: false, status, raw, error: OVERSIZED_ANSWER_ERROR, latencyMs: latency() };
  if (status < 200 || status > 299) return { ok: false, status, raw, error: `upstream answered HTTP ${status}`, latencyMs: latency() };
  const shape = jsonShapeProblem(raw, JSON_BODY_LIMITS);
  if (shape !== undefined) return { ok: false, status, raw, error: `upstream answer refused: ${shape}`, latencyMs: latency() };
  try {
    return { ok: true, status, raw, parsed: JSON.parse(raw) as unknown, latencyMs: latency() };
  } catch {
    return { ok: false, status, raw, error: `upstream answered HTTP ${status} with a body that is not JSON`, latencyMs: latency() };
  }
}

/** An upstream call to make and record. */
export interface RecordedCall extends UpstreamCall {
  kind: ExchangeKind;
  /** The brand the call is made for ('' when none is known). */
  brandId: string;
}

/** Where {@link relay} records an exchange. */
export interface ExchangeRecorder {
  /** The store's recordExchange. */
  record(exchange: NewExchange): Promise<unknown>;
  /** Told when recording failed; the caller's own answer matters more than its record, so it goes on. */
  recordFailed(error: unknown): void;
  /** The clock the exchange is recorded by (taken when the call is sent); the store's when absent. */
  now?: () => Date;
}

/** Told how every relayed call ended (the metrics plugin counts them); one per process, not per app. */
export type UpstreamObserver = (kind: ExchangeKind, outcome: UpstreamOutcome) => void;

const observers = new Set<UpstreamObserver>();

/** Adds an observer of every {@link relay} call in this process; returns the function removing it. */
export function observeUpstream(observer: UpstreamObserver): () => void {
  observers.add(observer);
  return () => void observers.delete(observer);
}

/**
 * Makes the call, then records the exchange: the body as sent with PII redacted (never the
 * token, which travels in a header), the status, the answer (truncated to the size cap when
 * larger), the error and the latency. Never throws.
 */
export async function relay(call: RecordedCall, recorder: ExchangeRecorder): Promise<UpstreamOutcome> {
  const sentAt = recorder.now?.();
  const outcome = await postToUpstream(call);
  for (const observer of observers) {
    try {
      observer(call.kind, outcome);
    } catch {
      // An observer's failure never changes the call's outcome.
    }
  }
  try {
    await recorder.record({
      kind: call.kind,
      brandId: call.brandId,
      url: call.url,
      request: redactPii(call.body),
      status: outcome.status,
      response: outcome.raw,
      error: outcome.ok ? null : outcome.error,
      latencyMs: outcome.latencyMs,
      ...(sentAt ? { createdAt: sentAt.toISOString() } : {}),
    });
  } catch (error) {
    recorder.recordFailed(error);
  }
  return outcome;
}

/** An answer's text, and whether it was cut at the cap. */
interface CappedText {
  text: string;
  truncated: boolean;
}

/**
 * Reads a body as UTF-8 up to `maxBytes`. A longer body is cut there (an incomplete character
 * at the cut is dropped) and the rest is never read: the stream is destroyed, and its socket
 * with it, so an upstream sending megabytes costs at most `maxBytes` of memory.
 */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, maxBytes: number): Promise<CappedText> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      body.destroy();
      return { text: new StringDecoder('utf8').write(Buffer.concat(chunks)), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

/** One line for a failure other than the budget running out. */
function failureReason(error: unknown, callerSignal: AbortSignal | undefined): string {
  if (callerSignal?.aborted) {
    const reason: unknown = callerSignal.reason;
    return `upstream call aborted: ${reason instanceof Error ? reason.message : String(reason)}`;
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return 'upstream refused the connection';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'upstream host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'upstream closed the connection before answering';
  return `upstream unreachable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}
