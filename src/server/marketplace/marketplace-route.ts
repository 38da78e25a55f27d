/**
 * The ad-marketplace relay (spec §7, core/contract/marketplace.ts): POST
 * /api/mediaalpha/demand-check and /api/mediaalpha/get-phone take the browser's payload, check
 * it, add what only the server knows (API token, placement id, affiliate id, the visitor's
 * address) and forward it upstream. The browser gets `{ parsed, raw }` (raw: the upstream body
 * as received; parsed: its JSON), get-phone also `leased` (the leased phone record, or null); any
 * upstream failure is a 502 with a one-line `error`, a bad payload a 400 `{ error, problems }` (src/server/platform/http/bad-request.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMAND_CHECK, GET_PHONE, type GetPhoneRelayAnswer, type RelayAnswer } from '../../core/contract/marketplace.ts';
import { productLine } from '../../core/marketplace/product-line.ts';
import type { MarketplaceEnv } from './marketplace-env.ts';
import { leasedPhoneFromAnswer } from './leased-phone.ts';
import { routeMarketplaceRelay } from './relay-route.ts';
import { withServerFields } from './server-fields.ts';

/**
 * `payload` with `ip` set to the address the server saw (request.ip: the TCP peer, or the
 * visitor's address as reported by a trusted proxy, see TRUST_PROXY). The browser still sends its
 * own `ip` field (the contract requires one), but a page could put any address there; the
 * marketplace prices and checks fraud by it, so the one sent upstream is always the server's.
 */
function visitorAddress<P extends { ip: string }>(payload: P, request: FastifyRequest): P {
  return { ...payload, ip: request.ip };
}

/** Registers the two marketplace routes; reads only the upstream variables. */
export async function marketplacePlugin(app: FastifyInstance, options: { vars: MarketplaceEnv }): Promise<void> {
  const { vars } = options;
  routeMarketplaceRelay(app, DEMAND_CHECK, vars, {
    kind: 'demand-check',
    urlVariable: 'MEDIAALPHA_DEMAND_CHECK_URL',
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
    body: (payload, request) => withServerFields(visitorAddress(payload, request), productLine(request.brand!.id), vars),
    answer: ({ parsed, raw }) => ({ ok: true, body: { parsed, raw } satisfies RelayAnswer }),
  });
  routeMarketplaceRelay(app, GET_PHONE, vars, {
    kind: 'get-phone',
    urlVariable: 'MEDIAALPHA_GET_PHONE_URL',
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
    body: (payload, request) => withServerFields(visitorAddress(payload, request), productLine(request.brand!.id), vars),
    answer: ({ parsed, raw }) => ({ ok: true, body: { parsed, raw, leased: leasedPhoneFromAnswer(parsed) } satisfies GetPhoneRelayAnswer }),
  });
}
