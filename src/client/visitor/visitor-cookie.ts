/**
 * The browser's side of the visitor-id cookie (core/experiments/visitor-cookie.ts): the
 * id the server issued on a first visit, adopted as the anonymous id when localStorage has none,
 * and the anonymous id written back so every later request tells the server who to bucket.
 */
import { isVisitorId, VISITOR_ID_COOKIE, VISITOR_ID_COOKIE_MAX_AGE_SECONDS } from '../../core/experiments/visitor-cookie.ts';
import { hostCookieName } from '../../core/http/host-cookie.ts';

/**
 * The visitor-id cookie's name on a page at `location`: `__Host-` over HTTPS, which every
 * production page is served over (the server names it so in production), plain on a development
 * server's plain HTTP, where a browser would refuse a `__Host-` cookie.
 */
export function visitorIdCookieName(location: Pick<Location, 'protocol'>): string {
  return hostCookieName(VISITOR_ID_COOKIE, location.protocol === 'https:');
}

/** The id in the visitor-id cookie `name` of `cookieHeader` (document.cookie), or undefined. */
export function visitorIdFromCookie(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const [key, value] = pair.trim().split('=');
    if (key === name && isVisitorId(value)) return value;
  }
  return undefined;
}

/** Writes `anonymousId` into the visitor-id cookie of `view` when it differs from what is there. */
export function keepVisitorIdCookie(view: Pick<Window, 'document' | 'location'>, anonymousId: string): void {
  const name = visitorIdCookieName(view.location);
  if (!isVisitorId(anonymousId) || visitorIdFromCookie(view.document.cookie, name) === anonymousId) return;
  const secure = view.location.protocol === 'https:' ? '; Secure' : '';
  view.document.cookie = `${name}=${anonymousId}; Max-Age=${VISITOR_ID_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
