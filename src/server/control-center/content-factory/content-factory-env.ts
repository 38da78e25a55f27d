import * as z from 'zod';

/** The model asked for unless CONTENT_FACTORY_MODEL says otherwise (the sandbox answers to any name). */
export const DEFAULT_CONTENT_FACTORY_MODEL = 'gpt-4o-mini';

/** How long one draft may take the provider, connect to last byte, unless CONTENT_FACTORY_TIMEOUT_MS says otherwise. */
export const DEFAULT_CONTENT_FACTORY_TIMEOUT_MS = 120_000;

/** Longest accepted CONTENT_FACTORY_TIMEOUT_MS: ten minutes. */
const MAX_CONTENT_FACTORY_TIMEOUT_MS = 600_000;

/** An optional variable; set-but-empty (`VAR=`) counts as unset, as shells and .env files write it. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Environment variables of the content factory's text-generation provider: any server
 * speaking the OpenAI-compatible chat-completions protocol. CONTENT_FACTORY_URL is its base URL
 * (`https://api.openai.com/v1`): drafts are posted to `{CONTENT_FACTORY_URL}/chat/completions`.
 * With it unset, `npm start` outside production starts the sandbox provider and points it there
 * (src/server/control-center/content-factory/sandbox-auto-start.ts).
 */
export const CONTENT_FACTORY_ENV = {
  /** The provider's base URL; `/chat/completions` is appended. */
  CONTENT_FACTORY_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** The provider's secret key, sent as `Authorization: Bearer {key}`; never logged or recorded. */
  CONTENT_FACTORY_API_KEY: optional(z.string().trim().min(1)),
  /** The model named in every request. */
  CONTENT_FACTORY_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).max(200).default(DEFAULT_CONTENT_FACTORY_MODEL)),
  /** Budget of one draft's request, in milliseconds. */
  CONTENT_FACTORY_TIMEOUT_MS: z.coerce.number().int().min(1).max(MAX_CONTENT_FACTORY_TIMEOUT_MS).default(DEFAULT_CONTENT_FACTORY_TIMEOUT_MS),
};

/** The validated content-factory variables (a part of the whole validated environment). */
export type ContentFactoryEnv = z.output<z.ZodObject<typeof CONTENT_FACTORY_ENV>>;
