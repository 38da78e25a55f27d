/**
 * Rendered HTML, cached. A shared page's bytes are kept per {@link documentCacheKey}, a key worked
 * out from the visit (visit.ts) BEFORE its payload is built, so a hit builds no payload, serialises
 * no boot data and hashes nothing: it reads the content epoch (one primary-key read), works out the
 * key and joins the kept bytes with its nonce.
 *
 * Every input of visit-payload.ts `visitPayload` (and of the document around it) is in the key,
 * constant for it, or makes the visit bypass the cache. The key and the payload read the same
 * {@link Visit} and {@link SiteContent}, so this table is the one list; a new input of a page must
 * get a row here and its place in {@link documentCacheKey}:
 *
 * | Input (Visit field, or SiteContent)                        | How the key covers it                                                  |
 * | ---------------------------------------------------------- | ---------------------------------------------------------------------- |
 * | build id and assets (buildId, manifest)                    | in the key (build id; the assets are the build's)                      |
 * | brand, and its default number (brand: Host, BRAND_PHONE_*) | brand id in the key; env is constant for the process                   |
 * | path, hence route, step, language (path, match)            | in the key                                                             |
 * | query: the route's declared params (query)                 | their values in the key                                                |
 * | query: utm_medium, afid, preview, exp                      | rows below                                                             |
 * | route middleware (loader)                                  | reads the path's params only: in the key with the path                 |
 * | query, form cookie, lead cookie on a funnel page (queryString, formCookie, leadOutcomeCookie) | bypass when any is there |
 * | working hours (workingHours: clock, utm_medium)            | 'open' in the key inside them, not the time                            |
 * | next opening (nextOpening: clock, utm_medium)              | outside working hours the opening instant in the key (it changes only when the hours open) |
 * | published content, articles (pageFields, article)          | content epoch in the key (migration 0011 triggers)                     |
 * | images, authors (image, article)                           | content epoch (migration 0012 triggers)                                |
 * | running experiments and their overrides (runningExperiments)| content epoch (0011)                                                  |
 * | experiment variant (visitor, assignment)                   | the assigned variant of each experiment running on the route in the key |
 * | forced variant (`?exp=`, staff session: asksStaffView)     | bypass                                                                 |
 * | draft preview (`?preview=`, cookie, staff session: asksStaffView) | bypass                                                          |
 * | phone rule (afid from address or cookie, phoneRules, day)  | afid and the rule day in the key; rules in the epoch (0012)            |
 * | review quotes, marketplace facts (code, env)               | constant for the build and process                                     |
 * | privacy choice (privacy: privacy cookie, GPC header)       | bypass                                                                 |
 * | no-JavaScript visitor and form state (noJsVisitor, funnel-post.ts) | bypass (its page view is recorded and its values shown)        |
 * | control center (signed-in staff)                           | bypass                                                                 |
 * | crawler or person (crawler: User-Agent)                    | flag in the key (crawlers get the whole page at once)                  |
 * | CSP nonce                                                  | cut out of the kept bytes, joined back per response                    |
 * | leased phone, captured parameters (browser only)           | never in the payload: the browser lays them over the page              |
 *
 * A miss builds the payload, and still keeps its HTML only when {@link isSharedPayload} agrees.
 * Publishing needs no message between processes: any change of what pages read bumps the content
 * epoch in the store every process shares, so the next request on every process has a new key;
 * the old entries are never asked for again and age out of the LRU.
 *
 * The nonce differs per response: an entry keeps the bytes split where the nonce of the response
 * that rendered them stood, and each hit is joined with its own nonce (a 128-bit random value
 * cannot occur in a page by chance).
 */
import { LRUCache } from 'lru-cache';
import { CONTROL_CENTER_BRAND } from '../../core/control-center/paths.ts';
import type { Payload } from '../../core/payload/types.ts';
import { phoneRuleDay } from '../../core/phone-rules/match.ts';
import { assignedVariant } from '../experiments/assigned-experiment.ts';
import type { SiteContent } from './site-content.ts';
import type { Visit } from './visit.ts';

/**
 * The bytes the cache may hold: a funnel page is 15 to 40 KB, so about a thousand pages, which
 * covers every brand's pages and steps in both working-hours states while keeping the process
 * well under its memory goal (120 MB RSS).
 */
export const HTML_CACHE_MAX_BYTES = 24 * 1024 * 1024;

/** The response header saying how the HTML was made: `hit` (from the cache), `miss` (rendered and kept) or `bypass` (per-visitor, rendered only). */
export const RENDER_CACHE_HEADER = 'x-render-cache';

/** How a document response was made; the value of {@link RENDER_CACHE_HEADER}. */
export type RenderCacheOutcome = 'hit' | 'miss' | 'bypass';

/** A cached document: its status and its bytes, cut where the nonce goes. */
interface CachedDocument {
  status: number;
  parts: readonly Buffer[];
  /** The page shows a variant assigned by the visitor's id: a visitor without one is issued it with the kept bytes. */
  assignsVariant: boolean;
}

/** A document answered from the cache. */
export interface KeptDocument {
  status: number;
  body: Buffer;
  /** As {@link CachedDocument.assignsVariant}. */
  assignsVariant: boolean;
}

/**
 * Whether `payload` is the same for every visitor who gets it, so its HTML may be kept and served
 * to others: not a draft preview, not a no-JavaScript visitor's form state (their values, their
 * query string), not a browser's recorded privacy choice, not the control center (signed-in staff).
 */
export function isSharedPayload(payload: Payload): boolean {
  if (payload.privacy !== undefined || payload.brand.id === CONTROL_CENTER_BRAND) return false;
  // A variant staff forced with ?exp= is theirs alone.
  return payload.kind === 'error' || (payload.preview === undefined && payload.formState === undefined && payload.experiment?.forced === undefined);
}

/**
 * The cache key of the document `visit` asks for, from the visit and the content epoch alone (the
 * module's table); undefined when the answer is this visitor's (bypass).
 */
export async function documentCacheKey(visit: Visit, content: SiteContent): Promise<string | undefined> {
  const { brand, match, query } = visit;
  if (brand.id === CONTROL_CENTER_BRAND || visit.asksStaffView || visit.privacy !== undefined || visit.noJsVisitor !== undefined) return undefined;
  // A funnel page carries the no-JavaScript form's state: the address's parameters, the form
  // cookie's values, the outcome of a lead it posted (funnel-post.ts `withFormState`).
  if (match?.route.page.form !== undefined && (visit.queryString !== '' || visit.formCookie !== undefined || visit.leadOutcomeCookie)) return undefined;
  const epoch = await content.epoch();
  const route = match?.route;
  const declared = (route?.queryParams ?? []).map((name) => query[name] ?? null);
  const running = route === undefined ? [] : (await content.runningExperiments(brand.id)).filter((experiment) => experiment.routes.includes(route.name));
  const variants = running.map((experiment) => `${experiment.key}:${assignedVariant(experiment, visit)}`);
  const { afid } = visit;
  return JSON.stringify([visit.buildId, brand.id, visit.path, declared, visit.nextOpening ?? 'open', epoch, variants, afid ?? null, afid === undefined ? null : phoneRuleDay(visit.now), visit.crawler]);
}

/** Cuts `body` at every occurrence of `nonce`. */
function splitAtNonce(body: Buffer, nonce: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(nonce); at >= 0; at = body.indexOf(nonce, start)) {
    parts.push(body.subarray(start, at));
    start = at + nonce.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** A bounded in-memory LRU of rendered documents, by {@link documentCacheKey}. */
export class HtmlCache {
  readonly #entries: LRUCache<string, CachedDocument>;

  /** `maxBytes`: the most document bytes (and keys) kept; the least recently served go first. */
  constructor(maxBytes: number) {
    this.#entries = new LRUCache<string, CachedDocument>({
      maxSize: maxBytes,
      sizeCalculation: ({ parts }, key) => key.length + parts.reduce((sum, part) => sum + part.length, 0),
    });
  }

  /** The status and document of `key` with `nonce` in place, or undefined when it is not cached. */
  get(key: string, nonce: string): KeptDocument | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    const nonceBytes = Buffer.from(nonce);
    const joined: Buffer[] = [];
    for (const part of entry.parts) {
      if (joined.length > 0) joined.push(nonceBytes);
      joined.push(part);
    }
    return { status: entry.status, body: Buffer.concat(joined), assignsVariant: entry.assignsVariant };
  }

  /**
   * Keeps `body`, a whole document rendered with `nonce` and answered with `status`, under `key`;
   * `assignsVariant` when its page shows a variant assigned by the visitor's id.
   */
  set(key: string, body: Buffer, nonce: string, status: number, assignsVariant = false): void {
    this.#entries.set(key, { status, parts: splitAtNonce(body, Buffer.from(nonce)), assignsVariant });
  }

  /** How many documents are kept. */
  get size(): number {
    return this.#entries.size;
  }
}
