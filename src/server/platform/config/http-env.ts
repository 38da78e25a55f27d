import type { ServerOptions } from 'node:http';
import * as z from 'zod';

/**
 * Default timeouts of the HTTP server, in milliseconds. Node's own defaults
 * let a client that sends its body one byte at a time hold a connection for 300 s.
 */
export const HTTP_TIMEOUT_DEFAULTS = Object.freeze({
  /** The whole request, headers and body, must arrive within this (Node's requestTimeout). */
  request: 30_000,
  /** The headers must arrive within this (Node's headersTimeout); at most the request timeout. */
  headers: 10_000,
  /** A socket with no traffic either way is closed after this (Fastify's connectionTimeout). */
  connection: 30_000,
  /** An idle kept-alive socket is closed after this (Node's keepAliveTimeout). */
  keepAlive: 5_000,
});

/** Shortest accepted timeout: anything shorter would cut real visitors on a slow phone link. */
const MIN_TIMEOUT_MS = 100;

/** Longest accepted timeout: ten minutes. */
const MAX_TIMEOUT_MS = 600_000;

/** Longest gap between two of Node's timeout checks (headers and request timeouts are checked periodically). */
const MAX_CHECK_INTERVAL_MS = 5_000;

const timeoutMs = (fallback: number) => z.coerce.number().int().min(MIN_TIMEOUT_MS).max(MAX_TIMEOUT_MS).default(fallback);

/**
 * Environment variables of the HTTP server's timeouts, in milliseconds (see
 * {@link HTTP_TIMEOUT_DEFAULTS}). A request still arriving when HTTP_REQUEST_TIMEOUT_MS has
 * passed is answered 408 and its connection closed; HTTP_HEADERS_TIMEOUT_MS is capped at it.
 */
export const HTTP_ENV = {
  HTTP_REQUEST_TIMEOUT_MS: timeoutMs(HTTP_TIMEOUT_DEFAULTS.request),
  HTTP_HEADERS_TIMEOUT_MS: timeoutMs(HTTP_TIMEOUT_DEFAULTS.headers),
  HTTP_CONNECTION_TIMEOUT_MS: timeoutMs(HTTP_TIMEOUT_DEFAULTS.connection),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: timeoutMs(HTTP_TIMEOUT_DEFAULTS.keepAlive),
};

/** The validated timeout variables (a part of the whole validated environment). */
export type HttpEnv = z.output<z.ZodObject<typeof HTTP_ENV>>;

/** The timeout options of Fastify() and of the node:http server it creates. */
export interface HttpTimeoutOptions {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  http: Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'>;
}

/**
 * The Fastify() options for `vars`. The headers timeout is capped at the request timeout (Node
 * refuses a larger one), and Node checks both every quarter of the shorter one (at most every
 * 5 s; its default, 30 s, would let a 1 s timeout wait up to 31 s).
 */
export function httpTimeoutOptions(vars: HttpEnv): HttpTimeoutOptions {
  const requestTimeout = vars.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(vars.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  const connectionsCheckingInterval = Math.min(MAX_CHECK_INTERVAL_MS, Math.max(MIN_TIMEOUT_MS / 4, Math.floor(headersTimeout / 4)));
  return {
    connectionTimeout: vars.HTTP_CONNECTION_TIMEOUT_MS,
    requestTimeout,
    keepAliveTimeout: vars.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout, requestTimeout, keepAliveTimeout: vars.HTTP_KEEP_ALIVE_TIMEOUT_MS, connectionsCheckingInterval },
  };
}
