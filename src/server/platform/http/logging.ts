/**
 * What the server's logs may say about a visitor: nothing personal.
 *
 * - URLs: the path, and the query's keys with their values replaced by `*`, except the values of
 *   {@link LOGGED_QUERY_VALUES} (campaign and affiliate codes, the same for every visitor of an
 *   ad). Landing URLs carry captured visitor facts (firstname, phone, dateofbirth…) and click ids
 *   (gclid, fbclid…: per click, so per person), never logged.
 * - The client IP: only as a keyed hash (HMAC-SHA256, 16 hex characters), so one visitor's
 *   requests can be told apart and followed without the address being in the log. The key is
 *   derived from SESSION_KEY, so every node behind the proxy hashes an address alike; without one
 *   (development) it is random per process.
 * - Headers and bodies are never serialized by the request serializer; pino `redact` removes
 *   cookies, authorization and Set-Cookie, and bodies, should anything log them anyway.
 * - Fastify's own "Route … not found" line gets the same URL treatment ({@link PrivateLogController}).
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { decodeSessionKey } from '../../auth/session-env.ts';

/** Query keys whose values are kept in logged URLs: campaign codes, never about one person. */
export const LOGGED_QUERY_VALUES: ReadonlySet<string> = new Set(['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'afid']);

/** What replaces a query value (and a key that does not look like a parameter name). */
export const REDACTED_VALUE = '*';

/** A key kept as it is: a parameter name, not a value someone put where a key goes (`?ann@example.com`, `?5551234567`). */
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,39}$/;

/** Where pino `redact` looks; the value becomes `[redacted]`. */
export const LOG_REDACT_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.body',
  'body',
  'fields',
  'password',
];

/**
 * `url` (a request target: path and query) as it may be logged: the path, each query key (or `*`
 * when it does not look like a parameter name) and `*` for each value not in
 * {@link LOGGED_QUERY_VALUES}. A fragment never reaches the server; anything after `#` is dropped.
 */
export function loggableUrl(url: string): string {
  const [target = ''] = url.split('#');
  const index = target.indexOf('?');
  if (index < 0) return target;
  const query = target
    .slice(index + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      if (!PARAMETER_NAME.test(key)) return REDACTED_VALUE;
      if (equals < 0) return key;
      return `${key}=${LOGGED_QUERY_VALUES.has(key) ? pair.slice(equals + 1) : REDACTED_VALUE}`;
    });
  return `${target.slice(0, index)}?${query.join('&')}`;
}

/** How many addresses' hashes {@link ipHasher} remembers before it starts over. */
const REMEMBERED_IP_HASHES = 4096;

/** Hashes client addresses for the log: the same address gives the same 16 hex characters under one key. */
export type IpHasher = (ip: string | undefined) => string | undefined;

/**
 * The log's address hasher. Keyed by HKDF from SESSION_KEY (its own purpose label, so the log key
 * says nothing about the cookie key), or a random key when none is configured.
 */
export function ipHasher(sessionKey: string | undefined): IpHasher {
  const secret = sessionKey === undefined ? undefined : decodeSessionKey(sessionKey);
  const key = secret === undefined ? randomBytes(32) : Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'cobrand log ip hash v1', 32));
  // A visitor's requests come from one address: its hash is remembered rather than computed per
  // line (an HMAC was 1% of a cached page answer's CPU). Bounded, and only in this process's memory.
  const known = new Map<string, string>();
  return (ip) => {
    if (ip === undefined) return undefined;
    let hashed = known.get(ip);
    if (hashed === undefined) {
      hashed = createHmac('sha256', key).update(ip).digest('hex').slice(0, 16);
      if (known.size >= REMEMBERED_IP_HASHES) known.clear();
      known.set(ip, hashed);
    }
    return hashed;
  };
}

/** The request as logged (the "request completed" line, 5xx errors): no query values, no address, no headers. */
function requestSerializer(hashIp: IpHasher) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: loggableUrl(request.url ?? ''),
    host: request.host,
    ipHash: hashIp(request.ip),
  });
}

/** The reply as logged: its status only. */
function replySerializer(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}

/** What {@link loggerOptions} builds the logger from. */
export interface LoggerSettings {
  level: string;
  /** SESSION_KEY, from which the address-hash key is derived. */
  sessionKey: string | undefined;
  /** Where lines go (default: stdout); tests capture them. */
  stream?: { write(line: string): void };
}

/** Fastify's `logger` option: the level, the private serializers and the redaction paths. */
export function loggerOptions(settings: LoggerSettings): NonNullable<FastifyServerOptions['logger']> {
  const hashIp = ipHasher(settings.sessionKey);
  return {
    level: settings.level,
    serializers: { req: requestSerializer(hashIp), res: replySerializer },
    redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' },
    ...(settings.stream ? { stream: settings.stream } : {}),
  };
}

/**
 * Fastify's internal log lines, with two changes:
 *
 * - One line per request, when it is answered ("request completed": the request as the private
 *   serializer writes it, the route pattern, the status and the time in ms), where Fastify writes
 *   two ("incoming request" and "request completed"); each line costs about 2% of a cached page
 *   answer's CPU. A request that errors is logged once at error.
 * - Its "Route GET:/x?phone=… not found" line (which prints the raw URL) is written with
 *   {@link loggableUrl}.
 *
 * Every other line is Fastify's own: they log the request through the private serializer above.
 */
export class PrivateLogController extends LogController {
  override incomingRequest(): void {
    // Logged once, when answered: requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // 'unmatched' without a route, as /metrics labels it.
    const line = { req: request, res: reply, route: request.routeOptions.url ?? 'unmatched', responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${loggableUrl(request.raw.url ?? '')} not found`);
  }
}
