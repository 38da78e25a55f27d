/**
 * `npm start` without (all) upstreams: outside production, the sandbox marketplace is started
 * in-process on a free loopback port and stands in for each marketplace URL left unset, so setting
 * one variable (a real lead buyer, say) never switches the others off. It never starts in
 * production (where a sandbox would hand visitors fictional phone numbers): there the
 * unconfigured routes answer 503, and the start banner says so line by line (line-status.ts).
 *
 * The sandbox lead buyer stands in (for every line) only when no upstream at all is configured: a fictional buyer
 * "accepting" leads while a real marketplace runs would lose them without a word.
 */
import { PRODUCT_LINES } from '../../../core/marketplace/product-line.ts';
import type { MarketplaceEnv } from '../marketplace-env.ts';
import { lineStatusLines } from '../line-status.ts';
import { PLACEMENT_VARIABLES } from '../server-fields.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from './sandbox-marketplace.ts';
import { SANDBOX_PLACEMENT_IDS } from './sandbox-rules.ts';

/** The variables naming the marketplace's upstreams. */
export const MARKETPLACE_URL_VARIABLES = ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL'] as const;

/** The variables naming real upstreams: the marketplace's and the lead buyers'. */
export const UPSTREAM_URL_VARIABLES = [...MARKETPLACE_URL_VARIABLES, 'LEAD_BUYER_URL', 'LEAD_BUYER_URL_LIFE', 'LEAD_BUYER_URL_HEALTH', 'LEAD_BUYER_URL_MEDICARE'] as const;

/** One of {@link UPSTREAM_URL_VARIABLES}. */
export type UpstreamUrlVariable = (typeof UPSTREAM_URL_VARIABLES)[number];

/** The sandbox's endpoint each upstream variable is pointed at. */
const SANDBOX_ENDPOINT_OF = {
  MEDIAALPHA_DEMAND_CHECK_URL: 'demandCheck',
  MEDIAALPHA_GET_PHONE_URL: 'getPhone',
  MEDIAALPHA_ADS_URL: 'ads',
  LEAD_BUYER_URL: 'leadBuyer',
  LEAD_BUYER_URL_LIFE: 'leadBuyer',
  LEAD_BUYER_URL_HEALTH: 'leadBuyer',
  LEAD_BUYER_URL_MEDICARE: 'leadBuyer',
} as const satisfies Record<UpstreamUrlVariable, keyof SandboxMarketplace['endpoints']>;

/** True when no upstream URL is configured. */
export function noUpstreamConfigured(vars: MarketplaceEnv): boolean {
  return UPSTREAM_URL_VARIABLES.every((name) => vars[name] === undefined);
}

/**
 * The upstream variables the sandbox stands in for: none in production; else every unset
 * marketplace URL, and the lead buyers' too when no upstream at all is configured.
 *
 * @example
 * sandboxStandIns(vars({ LEAD_BUYER_URL: 'https://buyer.example/leads' }), false);
 * // ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL']
 */
export function sandboxStandIns(vars: MarketplaceEnv, production: boolean): UpstreamUrlVariable[] {
  if (production) return [];
  if (noUpstreamConfigured(vars)) return [...UPSTREAM_URL_VARIABLES];
  return MARKETPLACE_URL_VARIABLES.filter((name) => vars[name] === undefined);
}

/**
 * `env` pointed at a running sandbox for the `standIns` variables (all by default), with its
 * token. When the sandbox stands in for the whole marketplace, each product line's placement id is
 * set too unless already set (an operator's placement ids are kept; the sandbox accepts any); a
 * real marketplace's placements are never filled with the sandbox's.
 */
export function sandboxUpstreamEnv(
  sandbox: Pick<SandboxMarketplace, 'endpoints' | 'token'>,
  env: NodeJS.ProcessEnv,
  standIns: readonly UpstreamUrlVariable[] = UPSTREAM_URL_VARIABLES,
): NodeJS.ProcessEnv {
  const pointed: NodeJS.ProcessEnv = { ...env, MEDIAALPHA_API_TOKEN: sandbox.token };
  for (const name of standIns) pointed[name] = sandbox.endpoints[SANDBOX_ENDPOINT_OF[name]];
  if (MARKETPLACE_URL_VARIABLES.every((name) => standIns.includes(name))) {
    for (const line of PRODUCT_LINES) pointed[PLACEMENT_VARIABLES[line]] = env[PLACEMENT_VARIABLES[line]] || SANDBOX_PLACEMENT_IDS[line];
  }
  return pointed;
}

/** What {@link startSandboxIfUnconfigured} decided. */
export interface SandboxDecision {
  /** The running sandbox, when one was started; close it with the server. */
  sandbox?: SandboxMarketplace;
  /** The environment to load the config from: `env` itself, or `env` pointed at the sandbox. */
  env: NodeJS.ProcessEnv;
  /** The variables the sandbox stands in for (empty when none was started). */
  standIns: readonly UpstreamUrlVariable[];
  /** Lines for the start-up output: what was decided and why, then every product line's calls and buyer. */
  notice: string;
}

/**
 * Starts the sandbox for the unset upstreams ({@link sandboxStandIns}) unless `production`;
 * otherwise leaves `env` as it is. The notice ends with each product line's status
 * (line-status.ts), worked out from the environment the server will load.
 */
export async function startSandboxIfUnconfigured(vars: MarketplaceEnv, env: NodeJS.ProcessEnv, production: boolean): Promise<SandboxDecision> {
  const standIns = sandboxStandIns(vars, production);
  if (standIns.length === 0) {
    const unset = UPSTREAM_URL_VARIABLES.filter((name) => vars[name] === undefined);
    const why = production && unset.length > 0 ? `; in production the sandbox is not started, so ${unset.join(', ')} answer 503 or stay off` : '';
    return { env, standIns, notice: [`Upstreams: as configured${why}.`, ...lineStatusLines(vars, [])].join('\n') };
  }
  // A real marketplace's token is accepted too, so the routes the sandbox stands in for work with it.
  const sandbox = await startSandboxMarketplace(vars.MEDIAALPHA_API_TOKEN ? { token: vars.MEDIAALPHA_API_TOKEN } : {});
  const pointed = sandboxUpstreamEnv(sandbox, env, standIns);
  // The real upstreams beside it; the unset ones the sandbox does not answer for are named in the lines below.
  const kept = UPSTREAM_URL_VARIABLES.filter((name) => !standIns.includes(name) && vars[name] !== undefined);
  const keptNote = kept.length > 0 ? `; ${kept.join(', ')} ${kept.length === 1 ? 'is' : 'are'} used as configured` : '';
  return {
    sandbox,
    env: pointed,
    standIns,
    notice: [
      `Upstreams: the sandbox marketplace runs in-process at ${sandbox.url} and stands in for ${standIns.join(', ')} (not set)${keptNote}.`,
      ...lineStatusLines(pointed, standIns),
    ].join('\n'),
  };
}
