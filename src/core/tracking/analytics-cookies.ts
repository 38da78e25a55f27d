/**
 * The analytics cookies put on every event (spec §3 tracking event context): the ads provider's
 * browser id, the analytics provider's client id, and its session cookie keyed by measurement id.
 */

/** The ads provider's browser-id cookie (Meta pixel). */
export const ADS_ID_COOKIE = '_fbp';

/** The analytics provider's client-id cookie (Google Analytics). */
export const ANALYTICS_ID_COOKIE = '_ga';

/** Analytics ids read from the visitor's cookies; a key is absent when its cookie is. */
export interface AnalyticsCookies {
  /** `_fbp` value as set, e.g. 'fb.1.1596403881668.1116446470'. */
  fbp?: string;
  /** Client id from `_ga`: 'GA1.1.1234567890.1700000000' gives '1234567890.1700000000'. */
  ga?: string;
  /** Raw value of the `_ga_{measurement id without G-}` session cookie. */
  gaSession?: string;
}

/** Name of the analytics session cookie for a measurement id: 'G-ABC123' gives '_ga_ABC123'. */
export function analyticsSessionCookieName(measurementId: string): string {
  return `${ANALYTICS_ID_COOKIE}_${measurementId.replace(/^G-/, '')}`;
}

/**
 * Reads the analytics cookies from a `document.cookie` string or a Cookie header. The session
 * cookie is read only when a measurement id is given (only some brands have one). A `_ga` value
 * not shaped `GA{n}.{n}.{client id}` is left out rather than reported as a client id.
 */
export function readAnalyticsCookies(cookieHeader: string, measurementId?: string): AnalyticsCookies {
  const cookies = parseCookieHeader(cookieHeader);
  const result: AnalyticsCookies = {};
  const fbp = cookies.get(ADS_ID_COOKIE);
  if (fbp) result.fbp = fbp;
  const ga = cookies.get(ANALYTICS_ID_COOKIE)?.match(/^GA\d+\.\d+\.(.+)$/)?.[1];
  if (ga) result.ga = ga;
  const gaSession = measurementId ? cookies.get(analyticsSessionCookieName(measurementId)) : undefined;
  if (gaSession) result.gaSession = gaSession;
  return result;
}

/**
 * Cookie name to value. The first of repeated names wins, because browsers send the cookie with
 * the most specific path first; values are unquoted and percent-decoded when they decode.
 */
function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    cookies.set(name, decodeCookieValue(pair.slice(eq + 1).trim()));
  }
  return cookies;
}

function decodeCookieValue(value: string): string {
  const unquoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    // A stray '%' is not an encoding error worth losing the id over.
    return unquoted;
  }
}
