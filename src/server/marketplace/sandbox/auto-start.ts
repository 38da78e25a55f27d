/**
 * `npm start` without upstreams: outside production, when none of the upstream URLs is set, the
 * sandbox marketplace is started in-process on a free loopback port and the server is pointed at
 * it. It never starts when any real upstream URL is set, nor in production (where a sandbox would
 * hand visitors fictional phone numbers): there the unconfigured routes answer 503.
 */
import type { MarketplaceEnv } from '../marketplace-env.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from './sandbox-marketplace.ts';
import { SANDBOX_PLACEMENT_IDS } from './sandbox-rules.ts';

/** The variables naming real upstreams; any one set means "do not stand in". */
export const UPSTREAM_URL_VARIABLES = ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL', 'LEAD_BUYER_URL'] as const;

/** True when no upstream URL is configured, so the sandbox can stand in for all of them. */
export function noUpstreamConfigured(vars: MarketplaceEnv): boolean {
  return UPSTREAM_URL_VARIABLES.every((name) => vars[name] === undefined);
}

/**
 * `env` pointed at a running sandbox: every upstream URL, its token, and the placement ids
 * unless already set (an operator's placement ids are kept; the sandbox accepts any).
 */
export function sandboxUpstreamEnv(sandbox: Pick<SandboxMarketplace, 'endpoints' | 'token'>, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
    MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
    MEDIAALPHA_ADS_URL: sandbox.endpoints.ads,
    LEAD_BUYER_URL: sandbox.endpoints.leadBuyer,
    MEDIAALPHA_API_TOKEN: sandbox.token,
    MEDIAALPHA_PLACEMENT_MEDICARE: env.MEDIAALPHA_PLACEMENT_MEDICARE || SANDBOX_PLACEMENT_IDS.medicare,
    MEDIAALPHA_PLACEMENT_AUTO: env.MEDIAALPHA_PLACEMENT_AUTO || SANDBOX_PLACEMENT_IDS.auto,
  };
}

/** What {@link startSandboxIfUnconfigured} decided. */
export interface SandboxDecision {
  /** The running sandbox, when one was started; close it with the server. */
  sandbox?: SandboxMarketplace;
  /** The environment to load the config from: `env` itself, or `env` pointed at the sandbox. */
  env: NodeJS.ProcessEnv;
  /** One line for the start-up output saying what was decided and why. */
  notice: string;
}

/**
 * Starts the sandbox when no upstream is configured and `production` is false; otherwise
 * leaves `env` as it is and says why.
 */
export async function startSandboxIfUnconfigured(vars: MarketplaceEnv, env: NodeJS.ProcessEnv, production: boolean): Promise<SandboxDecision> {
  if (!noUpstreamConfigured(vars)) {
    const unset = UPSTREAM_URL_VARIABLES.filter((name) => vars[name] === undefined);
    const note = unset.length > 0 ? ` (not set: ${unset.join(', ')}; those routes answer 503)` : '';
    return { env, notice: `Upstreams: as configured${note}.` };
  }
  if (production) {
    return { env, notice: `Upstreams: none configured (${UPSTREAM_URL_VARIABLES.join(', ')}); in production the sandbox is not started and those routes answer 503.` };
  }
  const sandbox = await startSandboxMarketplace();
  return {
    sandbox,
    env: sandboxUpstreamEnv(sandbox, env),
    notice: `Upstreams: none configured, so the sandbox marketplace runs in-process at ${sandbox.url} and the server uses it (set ${UPSTREAM_URL_VARIABLES.join(', ')} for real ones).`,
  };
}
