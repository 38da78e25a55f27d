import * as z from 'zod';

/** How long leads are kept (days) unless LEAD_RETENTION_DAYS says otherwise: two years. */
export const DEFAULT_LEAD_RETENTION_DAYS = 730;

/** How long an untouched visitor's user state is kept (days) unless USER_STATE_RETENTION_DAYS says otherwise. */
export const DEFAULT_USER_STATE_RETENTION_DAYS = 30;

/**
 * How long visitor events are kept (days) unless EVENT_RETENTION_DAYS says otherwise: 395, thirteen
 * months, so this month can be compared with the same month last year and nothing older is kept.
 */
export const DEFAULT_EVENT_RETENTION_DAYS = 395;

/** Longest accepted retention (days): a hundred years, so a typo cannot overflow a date. */
const MAX_RETENTION_DAYS = 36_500;

/** A buyer's token: optional, set-but-empty counts as unset. Each buyer has its own, so none is sent to another. */
const optionalToken = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional());

const retentionDays = (fallback: number) => z.coerce.number().int().min(1).max(MAX_RETENTION_DAYS).default(fallback);

/**
 * Environment variables of lead delivery and retention (lead-outbox.ts, retention.ts). Where leads go
 * (LEAD_BUYER_URL, LEAD_BUYER_URL_LIFE, LEAD_BUYER_URL_HEALTH, LEAD_BUYER_URL_MEDICARE) is declared with the other upstreams
 * in marketplace/marketplace-env.ts.
 */
export const LEADS_ENV = {
  /**
   * The lead buyer's secret token, sent as `Authorization: Bearer {token}` with every delivery.
   * Optional (the sandbox buyer takes none); set-but-empty counts as unset.
   */
  LEAD_BUYER_TOKEN: optionalToken,
  /** The life buyer's token (LEAD_BUYER_URL_LIFE), sent as LEAD_BUYER_TOKEN is; optional. */
  LEAD_BUYER_TOKEN_LIFE: optionalToken,
  /** The health buyer's token (LEAD_BUYER_URL_HEALTH), sent as LEAD_BUYER_TOKEN is; optional. */
  LEAD_BUYER_TOKEN_HEALTH: optionalToken,
  /** The Medicare call-back buyer's token (LEAD_BUYER_URL_MEDICARE), sent as LEAD_BUYER_TOKEN is; optional. */
  LEAD_BUYER_TOKEN_MEDICARE: optionalToken,
  /** Leads created longer ago than this many days are deleted by the daily retention job. */
  LEAD_RETENTION_DAYS: retentionDays(DEFAULT_LEAD_RETENTION_DAYS),
  /** User states not updated for this many days are deleted by the daily retention job. */
  USER_STATE_RETENTION_DAYS: retentionDays(DEFAULT_USER_STATE_RETENTION_DAYS),
  /** Events received longer ago than this many days are deleted by the daily retention job. */
  EVENT_RETENTION_DAYS: retentionDays(DEFAULT_EVENT_RETENTION_DAYS),
};

/** The validated lead variables (a part of the whole validated environment). */
export type LeadsEnv = z.output<z.ZodObject<typeof LEADS_ENV>>;
