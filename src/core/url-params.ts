/**
 * The query-string parameters the product reads on landing (spec §3): which are captured and
 * hidden from the address bar, which are kept on the visitor session, and which go on events.
 */
import { isPersonalField } from './leads/personal.ts';

/** Visitor facts passed in the landing URL; stored, then removed from the visible address (spec §3). */
export const CAPTURED_PARAMS = [
  'firstname',
  'lastname',
  'age',
  'phone',
  'dateofbirth',
  'device',
  'devicetype',
  'session_id',
  'has_medicare',
  'has_medicaid',
] as const;

/** Advertising click identifiers the product recognises (spec §3); they decide the paid flag (§4). */
export const CLICK_ID_PARAMS = [
  'etid',
  'token',
  'gclid',
  'ScCid',
  'tblci',
  'qstid',
  'clkid',
  'fbclid',
  'ttclid',
  'saclid',
  'tbclid',
  'wbraid',
  'gbraid',
] as const;

/** Campaign parameters recognised beside the click identifiers (spec §3). */
export const CAMPAIGN_PARAMS = ['utm_campaign', 'utm_source'] as const;

/** URL parameters copied onto every tracking event (spec §3 "Tracked URL parameters"). */
export const TRACKED_URL_PARAMS = [
  'fbclid',
  'gclid',
  'tblci',
  'token',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'afid',
] as const;

/**
 * The affiliate's own sub-ids, passed through to the ad marketplace as `sub_2` and `sub_3` of
 * the demand check and the phone lease (spec §7), named in the URL exactly as in those payloads.
 * Like `afid` (which becomes `sub_1`) they are kept for the visit, so the funnel a landing page
 * leads to still sends them; unlike it they are on no event (spec §3 lists the tracked ones).
 */
export const MARKETPLACE_SUB_PARAMS = ['sub_2', 'sub_3'] as const;

/**
 * Parameters kept on the visitor session: every click id, campaign, tracked parameter and
 * marketplace sub-id, once each. They stay in the address bar too; only {@link CAPTURED_PARAMS}
 * are removed from it.
 */
export const SESSION_KEPT_PARAMS: readonly SessionKeptParam[] = [
  ...new Set<SessionKeptParam>([...CLICK_ID_PARAMS, ...CAMPAIGN_PARAMS, ...TRACKED_URL_PARAMS, ...MARKETPLACE_SUB_PARAMS]),
];

/** One of {@link CAPTURED_PARAMS}. */
export type CapturedParam = (typeof CAPTURED_PARAMS)[number];
/** One of {@link CLICK_ID_PARAMS}. */
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];
/** One of {@link TRACKED_URL_PARAMS}. */
export type TrackedUrlParam = (typeof TRACKED_URL_PARAMS)[number];
/** One of {@link SESSION_KEPT_PARAMS}. */
export type SessionKeptParam = ClickIdParam | (typeof CAMPAIGN_PARAMS)[number] | TrackedUrlParam | (typeof MARKETPLACE_SUB_PARAMS)[number];

/** Captured visitor facts by parameter name; only non-empty values. */
export type CapturedParams = Partial<Record<CapturedParam, string>>;
/** Session-kept parameters by name; only non-empty values. */
export type SessionParams = Partial<Record<SessionKeptParam, string>>;
/** The tracked URL parameters of an event; only non-empty values. */
export type TrackedUrlParams = Partial<Record<TrackedUrlParam, string>>;

/** What {@link splitCapturedParams} found in a query string. */
export interface SplitParams {
  /** Captured visitor facts (non-empty values only), to store on the session. */
  captured: CapturedParams;
  /** Click ids, campaign and tracked parameters (non-empty values only), to keep on the session. */
  kept: SessionParams;
  /**
   * The query string to show instead: the captured parameters removed (even empty ones), every
   * other segment kept byte for byte and in order, with a leading '?'; '' when nothing is left.
   */
  cleanedSearch: string;
}

const capturedNames: ReadonlySet<string> = new Set(CAPTURED_PARAMS);
const keptNames: ReadonlySet<string> = new Set(SESSION_KEPT_PARAMS);

/**
 * Splits a query string (`location.search`, with or without its leading '?') into captured
 * visitor facts, session-kept parameters and the cleaned query string to put back in the address,
 * which also leaves out every other parameter named as personal data (`email`, `address`…: see
 * leads/personal.ts).
 * Names match case-sensitively (the spec spells `ScCid` exactly); when a name repeats, the first
 * non-empty value wins, as `URLSearchParams.get` would return it.
 */
export function splitCapturedParams(search: string): SplitParams {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const captured: Record<string, string> = {};
  const kept: Record<string, string> = {};
  const remaining: string[] = [];
  for (const segment of query.split('&')) {
    if (segment === '') continue;
    // URLSearchParams decodes one pair exactly as the browser would ('+', %-escapes, bad escapes).
    const [name, value] = [...new URLSearchParams(segment)][0] ?? ['', ''];
    if (capturedNames.has(name)) {
      if (value !== '' && !(name in captured)) captured[name] = value;
      continue;
    }
    // Personal data the product does not capture (an email, an address a link carried) is dropped
    // from the address all the same: it must not reach the address bar, the data layer or events.
    if (isPersonalField(name)) continue;
    if (keptNames.has(name) && value !== '' && !(name in kept)) kept[name] = value;
    // The original segment, not a re-encoding, so the visible address changes only where it must.
    remaining.push(segment);
  }
  return {
    captured,
    kept,
    cleanedSearch: remaining.length > 0 ? `?${remaining.join('&')}` : '',
  };
}

/** True when `search` names a parameter the address must not keep: a captured one or personal data. */
export function hasRemovedParams(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some((name) => capturedNames.has(name) || isPersonalField(name));
}

/** The tracked URL parameters (spec §3) among `params`, leaving out absent and empty values. */
export function pickTrackedUrlParams(params: Readonly<Record<string, string | undefined>>): TrackedUrlParams {
  const picked: TrackedUrlParams = {};
  for (const name of TRACKED_URL_PARAMS) {
    const value = params[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  return picked;
}
