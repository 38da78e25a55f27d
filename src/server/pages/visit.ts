/**
 * The first step of the page pipeline (pages-route.ts, funnel-post.ts): every fact of the
 * visitor and their address that a page answer depends on, read from the request once into one
 * immutable {@link Visit}. The HTML-cache key (html-cache.ts) and the payload (visit-payload.ts)
 * are both worked out from that value and never read the request for these facts again, so the
 * two cannot disagree about the visitor, and a cache miss parses the visitor once.
 */
import type { FastifyRequest } from 'fastify';
import { ROUTES } from '../../../routes.ts';
import type { Brand } from '../../../brands/types.ts';
import { payloadPagePath } from '../../core/contract/page-payload.ts';
import type { PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import { FORCE_VARIANT_PARAM, parseForcedVariant } from '../../core/experiments/assignment.ts';
import type { FormBuckets } from '../../core/funnels/form-buckets.ts';
import { createMatcher, type RouteMatch } from '../../core/router/match.ts';
import type { RouteDefinition } from '../../core/router/route.ts';
import { nextOpening as nextOpeningAfter } from '../../core/hours/opening-times.ts';
import { isWithinWorkingHours, type WorkingHoursOptions } from '../../core/working-hours.ts';
import { currentSession, liveSession } from '../auth/auth-session.ts';
import { openPreviewPass, PREVIEW_ON, PREVIEW_PARAM } from '../control-center/pages/preview-token.ts';
import { readVisitorId, type VisitorId } from '../experiments/visitor-id.ts';
import { readFormCookie } from '../funnels/form-session.ts';
import { cookieValue, knownNoJsVisitor, type NoJsVisitor } from '../funnels/no-js-visitor.ts';
import { brandWithPhone } from '../marketplace/phones-env.ts';
import { privacyChoiceOf } from '../privacy/privacy-choice.ts';
import { readAfid, type AfidCookieChange } from './visit-afid.ts';
import type { PagesOptions } from './pages-options.ts';
import { isBotUserAgent } from './render.tsx';

/** The route table every visit is matched against, compiled once for the process. */
export const PAGE_MATCHER = createMatcher(ROUTES);

/**
 * What every document answer needs of the visitor, even one that answers before the visit could
 * be read (the error handler's pages): the browser's privacy choice (the document leaves out the
 * tag manager) and whether a crawler asks (crawlers get the whole page at once).
 */
export interface DocumentVisitor {
  /** The browser's privacy choice (privacy cookie, Global Privacy Control); undefined when it made none. */
  readonly privacy: PrivacyChoice | undefined;
  /** A crawler's User-Agent: the document is rendered whole before it is sent. */
  readonly crawler: boolean;
}

/** Everything a page answer depends on besides staff content ({@link SiteContent}) and the build. */
export interface Visit extends DocumentVisitor {
  /** The host's brand, with its configured default number (BRAND_PHONE_<ID>). */
  readonly brand: Brand;
  /** The build answering: its id is in every payload and cache key. */
  readonly buildId: string;
  /** The page's path, without the query string (for a `_payload.json` twin, the page it is the twin of). */
  readonly path: string;
  /** The address asked for the page's JSON twin rather than its HTML. */
  readonly twin: boolean;
  /** The route the path matched for the brand, with the path's params; undefined: no route (the not-found page). */
  readonly match: RouteMatch<RouteDefinition> | undefined;
  /** The query parameters that have one string value. */
  readonly query: Readonly<Record<string, string>>;
  /** The query string with its '?', or '' (the no-JavaScript form posts it back). */
  readonly queryString: string;
  /** The address asks for a staff view, `?preview=` or `?exp=` with any value: never kept in the HTML cache. */
  readonly asksStaffView: boolean;
  /** The clock reading the visit is judged at (working hours, the phone rule's day). */
  readonly now: Date;
  /** Whether the call centre is open for this visit (spec §4: the clock and utm_medium). */
  readonly workingHours: boolean;
  /** Outside working hours, when the call centre next opens for this visit (epoch ms, its utm_medium judged); undefined inside them. */
  readonly nextOpening: number | undefined;
  /** The visit's afid: the address's when it starts an attribution, else the cookie's. */
  readonly afid: string | undefined;
  /** What a page answer does to the afid cookie: the address started an attribution (set or clear it), or nothing. */
  readonly afidCookie: AfidCookieChange | undefined;
  /** The anonymous id experiments assign by: the visitor-id cookie's, or a new one to issue. */
  readonly visitor: VisitorId;
  /** The variant signed-in staff force with `?exp=KEY:VARIANT`; undefined without one or without a live staff session. */
  readonly forcedVariant: { readonly key: string; readonly variant: string } | undefined;
  /** The draft version a staff preview shows (`?preview=on`, its cookie for this page, its session live); undefined otherwise. */
  readonly previewVersion: number | undefined;
  /** The ids of a visitor known to post funnel forms without JavaScript; undefined for everyone else. */
  readonly noJsVisitor: NoJsVisitor | undefined;
  /** The no-JavaScript visitor's form values (the encrypted form cookie); undefined without the cookie. */
  readonly formCookie: FormBuckets | undefined;
  /** The lead-outcome cookie is there (a no-JavaScript post captured a lead; its end screen says what became of it). */
  readonly leadOutcomeCookie: boolean;
  /** The cookies the answer sets carry Secure: in production, or when the request came over HTTPS. */
  readonly secureCookies: boolean;
}

/** How many visits {@link readVisit} read in this process. */
let readVisits = 0;

/** How many visits this process read: tests see that a cache miss reads its visit once. */
export function visitsRead(): number {
  return readVisits;
}

/** The request's path, without the query string. */
export function requestPath(request: FastifyRequest): string {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- split always returns at least one element
  return request.url.split('?')[0]!;
}

/** {@link DocumentVisitor} of a request: its privacy choice and whether a crawler asks. */
export function readDocumentVisitor(request: FastifyRequest): DocumentVisitor {
  return { privacy: privacyChoiceOf(request), crawler: isBotUserAgent(request.headers['user-agent']) };
}

/** The query parameters of a parsed query that have one string value. */
function stringParams(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The draft version a staff preview of this page shows (preview-token.ts, step 3): `?preview=on`
 * with a preview cookie for this brand's page, while its session is live; else undefined.
 */
async function previewVersionOf(request: FastifyRequest, brand: Brand, match: Visit['match']): Promise<number | undefined> {
  const cookie = request.cookies[request.server.cookieNames.preview];
  const pass = cookie === undefined ? undefined : openPreviewPass(request.server.previewSealKey, cookie, 'cookie');
  if (!pass || pass.branch !== brand.id || pass.route !== match?.route.name) return undefined;
  return (await liveSession(request.server.store, pass.sid)) === undefined ? undefined : pass.version;
}

/** The variant `forced` names, when the request comes from a live staff session; anyone else's `?exp=` is ignored. */
async function staffForced(request: FastifyRequest, forced: { key: string; variant: string }): Promise<Visit['forcedVariant']> {
  return (await currentSession(request)) ? forced : undefined;
}

/**
 * Reads the visit of a page request: brand, path and route, query, clock, afid, visitor id, staff
 * views, privacy choice, crawler flag and the no-JavaScript visitor's cookies. The store is asked
 * only for a staff view (`?preview=on`, `?exp=`): whether its session is live.
 *
 * @example
 * const visit = await readVisit(request, options);
 * const key = await documentCacheKey(visit, content);
 * const payload = await visitPayload(visit, content);
 */
export async function readVisit(request: FastifyRequest, options: PagesOptions): Promise<Visit> {
  readVisits++;
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers a page request whose host names no brand before any route runs
  const brand = brandWithPhone(request.brand!, options.vars);
  const address = requestPath(request);
  const twinOf = request.method === 'GET' || request.method === 'HEAD' ? payloadPagePath(address) : undefined;
  const path = twinOf ?? address;
  const rawQuery = request.query as Record<string, unknown>;
  const query = Object.freeze(stringParams(rawQuery));
  const queryAt = request.url.indexOf('?');
  const match = PAGE_MATCHER.match(brand.id, path);
  const now = options.now?.() ?? new Date();
  const cookies = request.headers.cookie;
  const names = request.server.cookieNames;
  const afid = readAfid(request.url, cookieValue(cookies, names.afid));
  // Only a staff view asks the store (is its session live?); every other visit is read without waiting.
  const previewVersion = query[PREVIEW_PARAM] === PREVIEW_ON ? await previewVersionOf(request, brand, match) : undefined;
  const forced = parseForcedVariant(query[FORCE_VARIANT_PARAM]);
  const forcedVariant = forced ? await staffForced(request, forced) : undefined;
  return Object.freeze({
    ...readDocumentVisitor(request),
    brand,
    buildId: options.manifest.id,
    path,
    twin: twinOf !== undefined,
    match,
    query,
    queryString: queryAt >= 0 ? request.url.slice(queryAt) : '',
    asksStaffView: rawQuery[PREVIEW_PARAM] !== undefined || rawQuery[FORCE_VARIANT_PARAM] !== undefined,
    now,
    ...openingOf(now, { utmMedium: query.utm_medium }),
    afid: afid.afid,
    afidCookie: afid.cookie,
    visitor: readVisitorId(cookieValue(cookies, names.visitorId)),
    forcedVariant,
    previewVersion,
    noJsVisitor: knownNoJsVisitor(request),
    formCookie: readFormCookie(request),
    leadOutcomeCookie: cookieValue(cookies, names.leadOutcome) !== undefined,
    secureCookies: options.production === true || request.protocol === 'https',
  });
}

/** Whether the call centre is open at `now` for a visit of `opts`, and if not when it next opens. */
function openingOf(now: Date, opts: WorkingHoursOptions = {}): Pick<Visit, 'workingHours' | 'nextOpening'> {
  const workingHours = isWithinWorkingHours(now, opts);
  return { workingHours, nextOpening: workingHours ? undefined : nextOpeningAfter(now, opts) };
}

/** What {@link anonymousVisit} needs: the brand (with its configured number), the page, the build and the clock. */
export interface AnonymousVisitOf {
  brand: Brand;
  path: string;
  buildId: string;
  now: Date;
}

/**
 * The visit of someone who brings nothing but the address, as a crawler's first request does: no
 * query, no cookies (so no afid, no anonymous id kept, no form state, no privacy choice), no staff
 * session, no preview. `cobrand prerender` builds every page for this visitor, so a prerendered
 * file is what the server answers anyone who comes without cookies.
 *
 * @example
 * const payload = await visitPayload(anonymousVisit({ brand, path: '/quiz/otc', buildId: manifest.id, now: new Date() }), content);
 */
export function anonymousVisit({ brand, path, buildId, now }: AnonymousVisitOf): Visit {
  return Object.freeze({
    privacy: undefined,
    // A file is written whole: the document is rendered as for a crawler, all at once.
    crawler: true,
    brand,
    buildId,
    path,
    twin: true,
    match: PAGE_MATCHER.match(brand.id, path),
    query: Object.freeze({}),
    queryString: '',
    asksStaffView: false,
    now,
    ...openingOf(now),
    afid: undefined,
    afidCookie: undefined,
    visitor: readVisitorId(undefined),
    forcedVariant: undefined,
    previewVersion: undefined,
    noJsVisitor: undefined,
    formCookie: undefined,
    leadOutcomeCookie: false,
    // Its answer sets no cookie; as over plain HTTP outside production.
    secureCookies: false,
  });
}
