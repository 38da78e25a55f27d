/**
 * Visitor-tracking constants (spec §4 "IP-lookup expiry", "User-state sync"; §9), and the two
 * small rules that apply the IP-lookup timings, so the numbers and their meaning stay together.
 */

/** How often the client checks whether the IP lookup needs a refresh (spec §4: every 4 s). */
export const IP_LOOKUP_CHECK_INTERVAL_MS = 4000;

/** Refresh the IP lookup once it expires within this long (spec §4: within 20 s of expiry). */
export const IP_LOOKUP_REFRESH_WITHIN_MS = 20000;

/** A watched quote-form field change moves the IP-lookup expiry to this long from now (spec §4: 10 s). */
export const IP_LOOKUP_FIELD_CHANGE_EXPIRY_MS = 10000;

/** Delay before retrying a failed user-state push (spec §4, §9: 3000 ms). */
export const USER_SYNC_RETRY_MS = 3000;

/** BroadcastChannel name that carries user-state updates between tabs (spec §4). */
export const USER_SYNC_CHANNEL = 'user-sync';

/** Largest accepted POST /api/event/create body, in bytes; enforced by the server. */
export const EVENT_BODY_MAX_BYTES = 32768;

/** Most events accepted in one POST /api/event/create batch. */
export const EVENT_BATCH_MAX_EVENTS = 50;

/** Longest accepted event name. */
export const EVENT_NAME_MAX_LENGTH = 100;

/** Shortest accepted event id: shorter ids are too easy to collide. */
export const EVENT_ID_MIN_LENGTH = 8;

/** Longest accepted event id. */
export const EVENT_ID_MAX_LENGTH = 100;

/** Longest accepted session id or anonymous id on an event. */
export const TRACKING_ID_MAX_LENGTH = 200;

/** Quote-form fields watched per driver, as suffixes of `driver{N}` (spec §3, date of birth whole and in parts). */
const DRIVER_WATCHED_SUFFIXES = [
  'FirstName',
  'LastName',
  'Gender',
  'MaritalStatus',
  'Dob',
  'DobDay',
  'DobMonth',
  'DobYear',
  'Email',
  'Phone',
  'Address',
  'Address2',
  'CreditRating',
  'Sr22',
  'MilitaryAffiliation',
] as const;

/** Quote-form fields watched per vehicle, as suffixes of `vehicle{N}` (spec §3). */
const VEHICLE_WATCHED_SUFFIXES = ['Year', 'Make', 'Model'] as const;

/** Driver and vehicle numbers of the quote form (spec §9: up to 3 each). */
const QUOTE_ENTRY_NUMBERS = [1, 2, 3] as const;
type QuoteEntryNumber = (typeof QUOTE_ENTRY_NUMBERS)[number];

/** A quote-form field whose change pushes the IP-lookup expiry (spec §3 "Quote-form fields watched for change"). */
export type WatchedQuoteField =
  | 'zipcode'
  | 'haveMedicare'
  | 'haveMedicaid'
  | 'currentlyInsured'
  | 'currentCompany'
  | 'homeowner'
  | 'interestedInHomeInsurance'
  | `driver${QuoteEntryNumber}${(typeof DRIVER_WATCHED_SUFFIXES)[number]}`
  | `vehicle${QuoteEntryNumber}${(typeof VEHICLE_WATCHED_SUFFIXES)[number]}`;

/** Every watched quote-form field, as lead field keys (spec §3): 7 lead fields, 15 per driver, 3 per vehicle. */
export const WATCHED_QUOTE_FIELDS: readonly WatchedQuoteField[] = [
  'zipcode',
  'haveMedicare',
  'haveMedicaid',
  'currentlyInsured',
  'currentCompany',
  'homeowner',
  'interestedInHomeInsurance',
  ...QUOTE_ENTRY_NUMBERS.flatMap((n) => DRIVER_WATCHED_SUFFIXES.map((suffix) => `driver${n}${suffix}` as const)),
  ...QUOTE_ENTRY_NUMBERS.flatMap((n) => VEHICLE_WATCHED_SUFFIXES.map((suffix) => `vehicle${n}${suffix}` as const)),
];

/** A moment as the client holds it: a Date, epoch milliseconds, or an ISO string from a JSON response. */
export type Moment = Date | number | string;

/**
 * True when the IP lookup should be refreshed at `now`: it has no expiry, its expiry cannot be
 * read, or it expires within {@link IP_LOOKUP_REFRESH_WITHIN_MS} (exactly 20 s left counts, and
 * so does an expiry already past).
 */
export function ipLookupNeedsRefresh(expiresAt: Moment | null | undefined, now: Moment): boolean {
  if (expiresAt === null || expiresAt === undefined) return true;
  const remaining = toEpochMs(expiresAt) - toEpochMs(now);
  // NaN (an unreadable date) compares false, so `!(>)` treats it as expired.
  return !(remaining > IP_LOOKUP_REFRESH_WITHIN_MS);
}

/**
 * The IP-lookup expiry after a watched quote-form field changes at `now` (spec §4: 10 s from
 * now). Throws a RangeError when `now` is not a readable moment, rather than storing an Invalid Date.
 */
export function expiryAfterFieldChange(now: Moment): Date {
  const ms = toEpochMs(now);
  if (Number.isNaN(ms)) throw new RangeError(`expiryAfterFieldChange: now is not a valid moment: ${String(now)}`);
  return new Date(ms + IP_LOOKUP_FIELD_CHANGE_EXPIRY_MS);
}

function toEpochMs(moment: Moment): number {
  if (typeof moment === 'number') return moment;
  if (typeof moment === 'string') return Date.parse(moment);
  return moment.getTime();
}

/** A session ends after this long without a tracked event: 30 minutes, as web analytics count sessions. */
export const SESSION_INACTIVITY_MS = 30 * 60 * 1000;
