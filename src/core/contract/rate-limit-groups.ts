/**
 * The groups requests are counted in by the rate limits, each with its own budget per client
 * address (src/server/platform/http/limits.ts RATE_LIMIT_BUDGETS). Every endpoint of the contract
 * names its group (`Endpoint.limitGroup`), so the limits read a route's group from its
 * declaration rather than from its path.
 */

/** Every group a request may be counted in. */
export const RATE_LIMIT_GROUPS = ['signIn', 'session', 'events', 'userState', 'leads', 'marketplace', 'pages', 'files'] as const;

/** A group of the rate limits. */
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];
