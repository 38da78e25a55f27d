import { isIP } from 'node:net';
import * as z from 'zod';

/** Most proxies accepted as a hop count: more than a CDN, a load balancer and an ingress is a typo. */
const MAX_PROXY_HOPS = 10;

/** Address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which peers the server believes about the client's address (Fastify's `trustProxy`):
 * `false` believes nobody (request.ip is the TCP peer), a number that many proxies in front of the
 * server, a list the proxies at those addresses or CIDR ranges. Never `true`: that would let any
 * visitor choose their own address with an X-Forwarded-For header.
 */
export type TrustProxy = false | number | string[];

/**
 * `trust` as Fastify's `trustProxy` option takes it. Fastify also accepts a bare hop count, but its
 * types do not; a count becomes the function Fastify itself makes of one (hop `i` is trusted
 * while `i < hops`; hop 0 is the TCP peer).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** True when `text` is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const REFUSED_TRUE =
  'true is refused: it would believe any X-Forwarded-For a visitor sends; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';
const RULE = `must be unset or false (trust no proxy), a number of proxies (1 to ${MAX_PROXY_HOPS}), or a comma list of proxy addresses, CIDR ranges or ${NAMED_RANGES.join('/')}`;

/** Parses TRUST_PROXY; the problem's text never repeats the value. */
function parseTrustProxy(text: string | undefined, context: z.RefinementCtx): TrustProxy {
  const value = text?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    context.addIssue({ code: 'custom', message: REFUSED_TRUE });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({ code: 'custom', message: RULE });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !NAMED_RANGES.includes(entry) && !isAddressOrRange(entry))) {
    context.addIssue({ code: 'custom', message: RULE });
    return z.NEVER;
  }
  return entries;
}

/**
 * Environment variables of the reverse proxy in front of the server.
 *
 * - `TRUST_PROXY`: off by default, so `request.ip` is the TCP peer and X-Forwarded-For,
 *   X-Forwarded-Proto and X-Forwarded-Host are ignored. Behind proxies, either the number of
 *   proxies (`1` for one load balancer: the address it saw is the visitor's) or their addresses
 *   and ranges (`10.0.0.0/8,127.0.0.1`, or the names loopback, linklocal, uniquelocal): only hops
 *   from those addresses are believed. `true` is refused.
 */
export const PROXY_ENV = {
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
};
