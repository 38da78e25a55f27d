/**
 * String formats checked both by the zod schemas (server) and by core/check (browser), spelled
 * once here so the two cannot drift. Copied from zod 4's own regexes (zod/v4/core/regexes.js),
 * so the schemas accept exactly what zod's built-in formats did.
 */

/** An email address (zod's default `z.email()` pattern). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A real calendar day `yyyy-MM-dd`, leap days included (zod's date source). */
const DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`;
/** `HH:mm:ss` with optional fractional seconds. */
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?`;

/** An ISO 8601 instant in UTC, `…T…Z` (zod's `z.iso.datetime()`). */
export const ISO_DATETIME_UTC_PATTERN = new RegExp(`^${DATE}T${TIME}(?:Z)$`);

/** An ISO 8601 instant with `Z` or a `±HH:mm` offset (zod's `z.iso.datetime({ offset: true })`). */
export const ISO_DATETIME_PATTERN = new RegExp(String.raw`^${DATE}T${TIME}(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d))$`);
