/**
 * `GET /api/ip-lookup` (spec §7 "IP lookup refresh"): where the visitor's address is.
 *
 * Answers `{ city, stateCode, postalCode, value, isp, expiresAt }` (core/contract/ip-lookup.ts) for the
 * request's address (`request.ip`; behind a proxy, from X-Forwarded-For). Loopback and private
 * addresses answer every part null. Outside production `?ip=` looks up another address instead,
 * for tests; in production it is ignored. An address that is not an IP gives 400
 * `{ error, problems }`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod';
import { IP_LOOKUP, IpLookupQuerySchema, type IpLookupResponse } from '../../core/contract/ip-lookup.ts';
import { sendBadRequest } from '../platform/http/bad-request.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../platform/http/endpoint-route.ts';
import { createIpLookup, parseIpAddress, type IpLookup } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Looks addresses up in the bundled city and ASN databases. */
    ipLookup: IpLookup;
  }
}

const notAnAddress = (text: string) => `'${text}' is not an IPv4 or IPv6 address`;

/** The query outside production: an optional address to look up instead of the visitor's. */
const OverrideQuerySchema = IpLookupQuerySchema.extend({
  ip: z
    .string()
    .refine((text) => parseIpAddress(text) !== undefined, { error: (issue) => notAnAddress(String(issue.input)) })
    .optional(),
});

/** In production the query is not read at all: `?ip=` is ignored there, whatever it holds. */
const queryIgnored: RequestCheck<{ ip?: string }> = () => ({ ok: true, value: {} });

/** Decorates `app.ipLookup` and registers the route; `allowIpOverride` enables `?ip=`. */
export const ipLookupPlugin = fp(async function ipLookupPlugin(app: FastifyInstance, options: { allowIpOverride: boolean }) {
  app.decorate('ipLookup', createIpLookup());

  routeEndpoint(app, IP_LOOKUP, { check: options.allowIpOverride ? schemaCheck(OverrideQuerySchema) : queryIgnored }, async (request, reply) => {
    const address = parseIpAddress(request.query.ip ?? request.ip);
    if (address === undefined) return sendBadRequest(reply, 'Invalid IP address', [`the request address: ${notAnAddress(request.ip)}`]);
    // Typed as the contract's answer, so the lookup's result and the contract cannot drift apart.
    const result: IpLookupResponse = await app.ipLookup.lookup(address);
    // Per visitor and per address: no shared cache may keep it.
    return reply.header('cache-control', 'private, no-store').send(result);
  });
});
