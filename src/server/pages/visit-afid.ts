/**
 * The visit's afid as the server reads it: from the page's address when that address starts an
 * attribution, else from the cookie an earlier page answer set (the app's `cookieNames.afid`). Read once per
 * request by readVisit (visit.ts); phone-rule.ts applies the rule and writes the cookie.
 */
import { AFID_PATTERN } from '../../core/phone-rules/identifiers.ts';
import { splitCapturedParams } from '../../core/url-params.ts';

/** What a page answer does to the afid cookie when its address starts an attribution: keep the new afid, or clear the old one. */
export type AfidCookieChange = { readonly set: string } | { readonly clear: true };

/**
 * The visit's afid, from the request's address (`url`, with its query) and the afid cookie's value
 * (`sent`): the address's when it starts an attribution (any kept parameter; its afid, or none),
 * else the cookie's; and what the answer does to the cookie.
 */
export function readAfid(url: string, sent: string | undefined): { afid: string | undefined; cookie: AfidCookieChange | undefined } {
  const query = url.indexOf('?');
  const { kept } = splitCapturedParams(query === -1 ? '' : url.slice(query));
  if (Object.keys(kept).length > 0) {
    const afid = kept.afid !== undefined && AFID_PATTERN.test(kept.afid) ? kept.afid : undefined;
    if (afid !== undefined) return { afid, cookie: { set: afid } };
    return { afid: undefined, cookie: sent === undefined ? undefined : { clear: true } };
  }
  return { afid: sent !== undefined && AFID_PATTERN.test(sent) ? sent : undefined, cookie: undefined };
}
