/**
 * Answers to requests that never became requests: bytes that are not HTTP, headers too large, a
 * request too slow to arrive. Node's HTTP parser refuses them before Fastify routes anything, so
 * none of the app's hooks runs, and Fastify's own answer carries no security header. This one
 * carries the headers every other answer has that make sense for a bare error (no framing, no
 * sniffing, no script, no referrer, and HSTS in production).
 */
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { HSTS_MAX_AGE_SECONDS } from './security.ts';

/** What Fastify calls with a client error: the error and the connection it came on. */
type ClientErrorHandler = (error: ConnectionError, socket: Socket) => void;

/** The status of each client error Node reports, by its code; anything else is a 400. */
const STATUS_BY_CODE: Readonly<Record<string, [status: number, reason: string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/** The security headers of a bare error answer, in production with HSTS. */
export function clientErrorHeaders(production: boolean): string[] {
  return [
    'X-Content-Type-Options: nosniff',
    'X-Frame-Options: DENY',
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
    'Referrer-Policy: no-referrer',
    'Cache-Control: no-store',
    ...(production ? [`Strict-Transport-Security: max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`] : []),
  ];
}

/**
 * Fastify's `clientErrorHandler`: writes `400 Bad Request` (408 for a request too slow, 431 for
 * headers too large) with the security headers, and closes the connection.
 *
 * @example
 * Fastify({ clientErrorHandler: clientErrorHandler(config.env === 'production') });
 */
export function clientErrorHandler(production: boolean): ClientErrorHandler {
  const headers = clientErrorHeaders(production);
  return (error, socket) => {
    // A connection already gone (reset, half-closed) has nobody left to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason] = STATUS_BY_CODE[error.code ?? ''] ?? [400, 'Bad Request'];
    const body = `${reason}\n`;
    socket.end(
      [`HTTP/1.1 ${status} ${reason}`, 'Content-Type: text/plain; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', ...headers, '', body].join('\r\n'),
    );
  };
}
