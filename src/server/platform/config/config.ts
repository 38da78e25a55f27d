import * as z from 'zod';
import { BASE_ENV } from './base-env.ts';
import { CONTENT_FACTORY_ENV } from '../../control-center/content-factory/content-factory-env.ts';
import { HTTP_ENV } from './http-env.ts';
import { LEADS_ENV } from '../../leads/leads-env.ts';
import { LIMITS_ENV } from './limits-env.ts';
import { MARKETPLACE_ENV } from '../../marketplace/marketplace-env.ts';
import { OPS_ENV } from './ops-env.ts';
import { PHONES_ENV } from '../../marketplace/phones-env.ts';
import { PROXY_ENV } from './proxy-env.ts';
import { SESSION_ENV } from '../../auth/session-env.ts';
import { STORE_ENV } from './store-env.ts';

/**
 * Start-up configuration, read once from the environment (DESIGN.md "Config"). Each concern
 * declares its variables in a `*-env.ts` module (here for the platform's, beside its feature
 * otherwise); they are validated together so every bad
 * variable is reported in one message.
 */
const EnvSchema = z.object({ ...BASE_ENV, ...PROXY_ENV, ...STORE_ENV, ...SESSION_ENV, ...MARKETPLACE_ENV, ...LEADS_ENV, ...LIMITS_ENV, ...HTTP_ENV, ...PHONES_ENV, ...OPS_ENV, ...CONTENT_FACTORY_ENV });

/** The validated environment, variable names as keys. */
export type Env = z.infer<typeof EnvSchema>;

/** The validated configuration. */
export interface Config {
  port: number;
  host: string;
  env: Env['NODE_ENV'];
  logLevel: string;
  /** Every validated variable, for the concerns that read their own. */
  vars: Env;
}

/**
 * Thrown when the environment is invalid; its message lists every bad variable at once, each as
 * `NAME: rule`. Never the value: a mistyped secret (SESSION_KEY, a password in DATABASE_URL) must
 * not end up in a terminal, a CI log or a crash report.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws {@link ConfigError} naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = result.data;
  return { port: vars.PORT, host: vars.HOST, env: vars.NODE_ENV, logLevel: vars.LOG_LEVEL, vars };
}
