/**
 * `npm start` without a text-generation provider: outside production, when
 * CONTENT_FACTORY_URL is unset, the sandbox provider is started in-process on a free loopback
 * port and the server is pointed at it, as the sandbox marketplace stands in for the marketplace
 * (auto-start.ts). In production it never starts (a sandbox would fill Articles with canned
 * drafts): runs stay queued until a provider is configured.
 */
import type { ContentFactoryEnv } from './content-factory-env.ts';
import { startSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';

/** What {@link startSandboxProviderIfUnconfigured} decided. */
export interface SandboxProviderDecision {
  /** The running sandbox, when one was started; close it with the server. */
  sandbox?: SandboxProvider;
  /** The environment to load the config from: `env` itself, or `env` pointed at the sandbox. */
  env: NodeJS.ProcessEnv;
  /** One line for the start-up output saying what was decided and why. */
  notice: string;
}

/** Starts the sandbox provider when CONTENT_FACTORY_URL is unset and `production` is false; otherwise says why not. */
export async function startSandboxProviderIfUnconfigured(vars: ContentFactoryEnv, env: NodeJS.ProcessEnv, production: boolean): Promise<SandboxProviderDecision> {
  if (vars.CONTENT_FACTORY_URL !== undefined) return { env, notice: 'Content factory: the provider at CONTENT_FACTORY_URL writes drafts.' };
  if (production) return { env, notice: 'Content factory: CONTENT_FACTORY_URL is not set; in production the sandbox provider is not started and runs stay queued.' };
  const sandbox = await startSandboxProvider();
  return {
    sandbox,
    env: { ...env, CONTENT_FACTORY_URL: sandbox.url },
    notice: `Content factory: CONTENT_FACTORY_URL is not set, so the sandbox provider runs in-process at ${sandbox.url} and writes canned drafts (set CONTENT_FACTORY_URL for a real one).`,
  };
}
