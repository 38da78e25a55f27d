/**
 * The longest user name accepted (the spec's limit for names): shared by the session's zod schema
 * (auth-session.ts) and the browser's zod-free check of the session answer (checks.ts), which
 * would otherwise import each other.
 */
export const USER_NAME_MAX_LENGTH = 256;
