/**
 * One JSON POST to an upstream provider (ad marketplace or lead buyer) that always settles
 * within its budget and never throws: every failure (timeout, refused connection, non-2xx
 * status, a body that is not JSON, the caller giving up) becomes a one-line reason the server
 * can answer with a 502 and record.
 */
import { performance } from 'node:perf_hooks';
import { request, type Dispatcher } from 'undici';

/** What to send and how long to wait. */
export interface UpstreamCall {
  url: string;
  /** Serialised as the JSON request body. */
  body: unknown;
  /** Sent as `Authorization: Bearer {token}`, never in the body, so recorded bodies hold no secret. */
  token?: string;
  /** The whole call's budget (connect, headers and body), in milliseconds. */
  timeoutMs: number;
  /** Aborts the call early, e.g. when the visitor disconnects; its reason becomes the error. */
  signal?: AbortSignal;
  /** Extra request headers (the CLI sets Host to reach a brand on a cobrand server). */
  headers?: Record<string, string>;
  /** The undici dispatcher (connection pool) to use; undici's global one when absent. */
  dispatcher?: Dispatcher;
}

/** The upstream answered 2xx with JSON. */
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
  /** The upstream's HTTP status when one arrived (non-2xx or not JSON), else null. */
  status: number | null;
  /** The body when one arrived, else null. */
  raw: string | null;
  error: string;
  latencyMs: number;
}

/** How an upstream call ended. */
export type UpstreamOutcome = UpstreamSuccess | UpstreamFailure;

/** Thrown into the request by the budget timer, so a timeout is told apart from the caller's abort. */
class UpstreamTimeout extends Error {}

/** POSTs `call.body` as JSON and reads the whole answer; resolves (never rejects) within the budget. */
export async function postToUpstream(call: UpstreamCall): Promise<UpstreamOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(new UpstreamTimeout()), call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([budget.signal, call.signal]) : budget.signal;
  let status: number | null = null;
  let raw: string | null = null;
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
      ...(call.dispatcher ? { dispatcher: call.dispatcher } : {}),
    });
    status = response.statusCode;
    raw = await response.body.text();
  } catch (error) {
    const reason = budget.signal.aborted ? `upstream timed out after ${call.timeoutMs} ms` : failureReason(error, call.signal);
    return { ok: false, status, raw, error: reason, latencyMs: latency() };
  } finally {
    clearTimeout(timer);
  }
  if (status < 200 || status > 299) return { ok: false, status, raw, error: `upstream answered HTTP ${status}`, latencyMs: latency() };
  try {
    return { ok: true, status, raw, parsed: JSON.parse(raw) as unknown, latencyMs: latency() };
  } catch {
    return { ok: false, status, raw, error: `upstream answered HTTP ${status} with a body that is not JSON`, latencyMs: latency() };
  }
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
