/**
 * The landing address's query parameters (spec §3 "Captured query parameters", "Advertising click
 * identifiers", "Tracked URL parameters"): captured visitor facts are taken out of the visible
 * address without a reload; click ids, campaign and tracked parameters are kept for the session.
 */
import { hasRemovedParams, SESSION_KEPT_PARAMS, splitCapturedParams, type CapturedParams, type SessionParams } from '../../core/url-params.ts';
import { isPlainObject, readStoredJson, writeStoredJson, type KeyValueStorage } from './stored-json.ts';

/** sessionStorage key of the session's kept parameters. */
export const SESSION_PARAMS_STORAGE_KEY = 'cobrand:session-params';

/** What the landing address gave. */
export interface LandingParams {
  /** Visitor facts from this address (non-empty values only). */
  captured: CapturedParams;
  /** The session's click ids, campaign and tracked parameters, from this address or an earlier page of the session. */
  sessionParams: SessionParams;
}

/** What {@link captureLandingParams} needs: the page's location and history, and sessionStorage. */
export interface LandingParamsOptions {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'state' | 'replaceState'>;
  sessionStorage: KeyValueStorage | undefined;
}

/** The stored session parameters, only known names with non-empty string values. */
function readSessionParams(storage: KeyValueStorage | undefined): SessionParams {
  const raw = readStoredJson(storage, SESSION_PARAMS_STORAGE_KEY);
  const params: Record<string, string> = {};
  if (!isPlainObject(raw)) return params;
  for (const name of SESSION_KEPT_PARAMS) {
    const value = raw[name];
    if (typeof value === 'string' && value !== '') params[name] = value;
  }
  return params;
}

/**
 * Reads the landing address: removes the captured parameters from it with `history.replaceState`
 * (same history entry and state, no reload, other parameters untouched byte for byte), and
 * settles the session parameters. An address that carries any kept parameter starts a new
 * attribution, replacing the stored set as a whole, so a gclid from one ad never pairs with the
 * campaign of another; an address without any keeps what the session had.
 */
export function captureLandingParams(options: LandingParamsOptions): LandingParams {
  const { location, history, sessionStorage } = options;
  const { captured, kept, cleanedSearch } = splitCapturedParams(location.search);
  // Only an address that carried a captured or personal name (even empty) is rewritten; any other stays exactly as the visitor got it.
  if (hasRemovedParams(location.search)) history.replaceState(history.state, '', `${location.pathname}${cleanedSearch}${location.hash}`);
  let sessionParams = readSessionParams(sessionStorage);
  if (Object.keys(kept).length > 0) {
    sessionParams = kept;
    writeStoredJson(sessionStorage, SESSION_PARAMS_STORAGE_KEY, kept);
  }
  return { captured, sessionParams };
}
