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
import { MARKETPLACE_LEAD_SCHEMAS } from '../../core/marketplace/lead-mapping-schemas.ts';
import type { GetPhonePayload, GetPhoneRequest } from '../../core/marketplace/payloads.ts';
import { zodProblems } from '../platform/http/bad-request.ts';
import type { MarketplaceEnv } from './marketplace-env.ts';
import { leasedPhoneFromAnswer } from './leased-phone.ts';
import { pathOfUrl, requestLine } from './page-line.ts';
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

/** The get-phone payload as it goes upstream: the browser's, without the page path only our server reads. */
function withoutPagePath(request: GetPhoneRequest): GetPhonePayload {
  const { page_path: _pagePath, ...payload } = request;
  return payload;
}

/**
 * Why a get-phone `data` is refused: it is not a lead in the shape of the page's product line (a
 * life page's lease must carry a life lead, never a Medicare one); none when it is.
 */
function leadProblems(input: GetPhoneRequest, request: FastifyRequest): string[] {
  const line = requestLine(request, input.page_path);
  const checked = MARKETPLACE_LEAD_SCHEMAS[line].safeParse(input.data);
  return checked.success ? [] : zodProblems(checked.error).map((problem) => `data is not a ${line} lead: ${problem}`);
}

/** Registers the two marketplace routes; reads only the upstream variables. */
export async function marketplacePlugin(app: FastifyInstance, options: { vars: MarketplaceEnv }): Promise<void> {
  const { vars } = options;
  routeMarketplaceRelay(app, DEMAND_CHECK, vars, {
    kind: 'demand-check',
    urlVariable: 'MEDIAALPHA_DEMAND_CHECK_URL',
    body: (payload, request) => withServerFields(visitorAddress(payload, request), requestLine(request, pathOfUrl(payload.url)), vars),
    answer: ({ parsed, raw }) => ({ ok: true, body: { parsed, raw } satisfies RelayAnswer }),
  });
  routeMarketplaceRelay(app, GET_PHONE, vars, {
    kind: 'get-phone',
    urlVariable: 'MEDIAALPHA_GET_PHONE_URL',
    problems: leadProblems,
    body: (input, request) => withServerFields(visitorAddress(withoutPagePath(input), request), requestLine(request, input.page_path), vars),
    answer: ({ parsed, raw }) => ({ ok: true, body: { parsed, raw, leased: leasedPhoneFromAnswer(parsed) } satisfies GetPhoneRelayAnswer }),
  });
}
