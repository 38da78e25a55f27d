/**
 * The phone number shown to visitors (spec §3 "Leased phone record", §4 "Displayed phone
 * number"): a number leased from the marketplace while the lease lasts, else the default.
 */
import { object, text, type Check } from '../check/check.ts';
import { ISO_DATETIME_PATTERN } from '../check/formats.ts';

/** A leased phone number and when its lease ends (ISO 8601 instant, as stored in user state). */
export interface LeasedPhone {
  value: string;
  expirationDate: string;
}

/**
 * True for a leased phone record: what the browser reads back from storage is checked with this,
 * not zod (visitor pages carry none); the server's phone-schema.ts LeasedPhoneSchema accepts the same records.
 */
export const isLeasedPhone: Check<LeasedPhone> = object({ value: text({ min: 1 }), expirationDate: text({ pattern: ISO_DATETIME_PATTERN }) });

/**
 * The number to show at `now`: the leased number while its expiration is later than `now`
 * (strictly), else `defaultDigits`. An unreadable expiration counts as expired.
 */
export function displayedPhone(leased: LeasedPhone | undefined, defaultDigits: string, now: Date): string {
  if (leased === undefined) return defaultDigits;
  return Date.parse(leased.expirationDate) > now.getTime() ? leased.value : defaultDigits;
}

/** A phone number in the three forms a page shows (spec §3). */
export interface PhoneForms {
  /** Ten digits: 8005550123. */
  raw: string;
  /** A tel: URI with the leading +1: tel:+18005550123. */
  tel: string;
  /** Grouped for reading: (800) 555-0123. */
  grouped: string;
}

/**
 * The forms of a US number. Non-digits are ignored and a leading country code 1 on eleven
 * digits is dropped, so '+1 800-555-0123' works too. A number that is not ten digits after that
 * is shown as its digits, ungrouped, since guessing a grouping would misstate it.
 */
export function phoneForms(digits: string): PhoneForms {
  const all = digits.replace(/\D/g, '');
  const national = all.length === 11 && all.startsWith('1') ? all.slice(1) : all;
  if (national.length !== 10) return { raw: all, tel: `tel:${all}`, grouped: all };
  return {
    raw: national,
    tel: `tel:+1${national}`,
    grouped: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
  };
}
