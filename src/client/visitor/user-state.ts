/**
 * The visitor's user state (spec §3 "Visitor session ... a user object", §4 "User-state sync"):
 * everything the site knows about this visitor, kept in localStorage, pushed whole to the server
 * and shared with the visitor's other tabs.
 */
import type { FormValues } from '../../core/funnels/form-buckets.ts';
import { isLeasedPhone, type LeasedPhone } from '../../core/marketplace/phone.ts';
import { CAPTURED_PARAMS, type CapturedParams } from '../../core/url-params.ts';
import { isPlainObject } from './stored-json.ts';

/** The bot check's answer (spec §4 "Bot check"): the detected bot kind, or null for a person. */
export interface BotCheckResult {
  bot: string | null;
}

/** Everything known about the visitor. */
export interface UserState {
  /** Facts from landing addresses (spec §3 captured query parameters); a later landing's value wins. */
  captured: CapturedParams;
  /** The shared form bucket: the merged answers of every form (spec §3 "Form values"). */
  formValues: FormValues;
  /** The number leased from the marketplace (spec §3 "Leased phone record"); null until one is leased. */
  leasedPhone: LeasedPhone | null;
  /** The bot check's answer; null until it has answered. */
  botCheck: BotCheckResult | null;
}

/** Nothing known yet. */
export const EMPTY_USER_STATE: UserState = Object.freeze({ captured: {}, formValues: {}, leasedPhone: null, botCheck: null });

function readCaptured(raw: unknown): CapturedParams {
  const captured: Record<string, string> = {};
  if (!isPlainObject(raw)) return captured;
  for (const name of CAPTURED_PARAMS) {
    const value = raw[name];
    if (typeof value === 'string' && value !== '') captured[name] = value;
  }
  return captured;
}

function readBotCheck(raw: unknown): BotCheckResult | null {
  if (!isPlainObject(raw)) return null;
  return typeof raw.bot === 'string' || raw.bot === null ? { bot: raw.bot } : null;
}

/**
 * Reads a user state from storage or another tab's message. Each part that is malformed reads as
 * empty on its own, so one bad part never costs the rest; never throws.
 */
export function readUserState(raw: unknown): UserState {
  if (!isPlainObject(raw)) return EMPTY_USER_STATE;
  const leased = raw.leasedPhone;
  return {
    captured: readCaptured(raw.captured),
    formValues: isPlainObject(raw.formValues) ? raw.formValues : {},
    // A copy of the two fields only, as a parse would give: stored extras are not carried on.
    leasedPhone: isLeasedPhone(leased) ? { value: leased.value, expirationDate: leased.expirationDate } : null,
    botCheck: readBotCheck(raw.botCheck),
  };
}

/** Deep equality of JSON values, ignoring key order (storage and messages may reorder keys). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => sameJson(a[key], b[key]));
}

/** True when two states hold the same data, so an update that changes nothing is not a change. */
export function sameUserState(a: UserState, b: UserState): boolean {
  return sameJson(a, b);
}
