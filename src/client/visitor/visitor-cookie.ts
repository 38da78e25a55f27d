/**
 * The browser's side of the visitor-id cookie (core/experiments/visitor-cookie.ts): the
 * id the server issued on a first visit, adopted as the anonymous id when localStorage has none,
 * and the anonymous id written back so every later request tells the server who to bucket.
 */
import { isVisitorId, VISITOR_ID_COOKIE, VISITOR_ID_COOKIE_MAX_AGE_SECONDS } from '../../core/experiments/visitor-cookie.ts';

/** The id in the visitor-id cookie of `cookieHeader` (document.cookie), or undefined. */
export function visitorIdFromCookie(cookieHeader: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === VISITOR_ID_COOKIE && isVisitorId(value)) return value;
  }
  return undefined;
}

/** Writes `anonymousId` into the visitor-id cookie of `view` when it differs from what is there. */
export function keepVisitorIdCookie(view: Pick<Window, 'document' | 'location'>, anonymousId: string): void {
  if (!isVisitorId(anonymousId) || visitorIdFromCookie(view.document.cookie) === anonymousId) return;
  const secure = view.location.protocol === 'https:' ? '; Secure' : '';
  view.document.cookie = `${VISITOR_ID_COOKIE}=${anonymousId}; Max-Age=${VISITOR_ID_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
