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
import { IP_LOOKUP_PATH, IpLookupQuerySchema, type IpLookupResponse } from '../../core/contract/ip-lookup.ts';
import { sendBadRequest, zodProblems } from '../platform/http/bad-request.ts';
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

/** Decorates `app.ipLookup` and registers the route; `allowIpOverride` enables `?ip=`. */
export const ipLookupPlugin = fp(async function ipLookupPlugin(app: FastifyInstance, options: { allowIpOverride: boolean }) {
  app.decorate('ipLookup', createIpLookup());

  app.get(IP_LOOKUP_PATH, async (request, reply) => {
    let override: string | undefined;
    if (options.allowIpOverride) {
      const query = OverrideQuerySchema.safeParse(request.query);
      if (!query.success) return sendBadRequest(reply, 'Invalid query', zodProblems(query.error));
      override = query.data.ip;
    }
    const address = parseIpAddress(override ?? request.ip);
    if (address === undefined) return sendBadRequest(reply, 'Invalid IP address', [`the request address: ${notAnAddress(request.ip)}`]);
    // Typed as the contract's answer, so the lookup's result and the contract cannot drift apart.
    const result: IpLookupResponse = await app.ipLookup.lookup(address);
    // Per visitor and per address: no shared cache may keep it.
    return reply.header('cache-control', 'private, no-store').send(result);
  });
});
