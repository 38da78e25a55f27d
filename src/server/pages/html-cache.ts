/**
 * Rendered HTML, cached (issue 14 "Cached rendering"). A page's bytes are a pure function of its
 * boot data (the payload after every decorator of page-response.ts `requestPayload`, and the
 * build's assets), whether the reader is a crawler (whole page at once) and the response's CSP
 * nonce. So the key is a hash of exactly that boot data: every input that changes the bytes
 * (build, brand, path, step, language, experiment variant, phone number, working-hours flag, and
 * whatever field a payload gains later) is in it without being listed here, and no two payloads
 * can share an entry.
 *
 * Publishing needs no message between processes: the payload is built on every request from the
 * store every process shares (one primary-key read of the live content), so a publish on any
 * process changes the next payload, hence its key, on every process at once. The entry of the
 * old content is never served again and ages out of the LRU.
 *
 * The nonce differs per response: an entry keeps the bytes split where the nonce of the response
 * that rendered them stood, and each hit is joined with its own nonce (a 128-bit random value
 * cannot occur in a page by chance).
 */
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { CONTROL_CENTER_BRAND } from '../../core/control-center/paths.ts';
import type { Payload } from '../../core/payload/types.ts';
import type { BootData } from '../../ui/boot-data.ts';

/**
 * The bytes the cache may hold: a funnel page is 15 to 40 KB, so about a thousand pages, which
 * covers every brand's pages and steps in both working-hours states while keeping the process
 * well under its memory goal (120 MB RSS, issue 14).
 */
export const HTML_CACHE_MAX_BYTES = 24 * 1024 * 1024;

/** The response header saying how the HTML was made: `hit` (from the cache), `miss` (rendered and kept) or `bypass` (per-visitor, rendered only). */
export const RENDER_CACHE_HEADER = 'x-render-cache';

/** How a document response was made; the value of {@link RENDER_CACHE_HEADER}. */
export type RenderCacheOutcome = 'hit' | 'miss' | 'bypass';

/** A cached document: its bytes, cut where the nonce goes. */
type NonceParts = readonly Buffer[];

/**
 * Whether `payload` is the same for every visitor who gets it, so its HTML may be kept and served
 * to others: not a draft preview, not a no-JavaScript visitor's form state (their values, their
 * query string), not a browser's recorded privacy choice, not the control center (signed-in staff).
 */
export function isSharedPayload(payload: Payload): boolean {
  if (payload.privacy !== undefined || payload.brand.id === CONTROL_CENTER_BRAND) return false;
  // A variant staff forced with ?exp= is theirs alone (issue 13).
  return payload.kind === 'error' || (payload.preview === undefined && payload.formState === undefined && payload.experiment?.forced === undefined);
}

/** The cache key of a document: a hash of its boot data and of the crawler flag (crawlers get the whole page at once, people a streamed shell). */
export function documentCacheKey(boot: BootData, forBot: boolean): string {
  // One-shot hashing: no Hash object per request.
  return hash('sha256', (forBot ? 'bot\n' : 'person\n') + JSON.stringify(boot), 'base64url');
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
  readonly #entries: LRUCache<string, NonceParts>;

  /** `maxBytes`: the most document bytes (and keys) kept; the least recently served go first. */
  constructor(maxBytes: number) {
    this.#entries = new LRUCache<string, NonceParts>({
      maxSize: maxBytes,
      sizeCalculation: (parts, key) => key.length + parts.reduce((sum, part) => sum + part.length, 0),
    });
  }

  /** The document of `key` with `nonce` in place, or undefined when it is not cached. */
  get(key: string, nonce: string): Buffer | undefined {
    const parts = this.#entries.get(key);
    if (parts === undefined) return undefined;
    const nonceBytes = Buffer.from(nonce);
    const joined: Buffer[] = [parts[0]!];
    for (let i = 1; i < parts.length; i++) joined.push(nonceBytes, parts[i]!);
    return Buffer.concat(joined);
  }

  /** Keeps `body`, a whole document rendered with `nonce`, under `key`. */
  set(key: string, body: Buffer, nonce: string): void {
    this.#entries.set(key, splitAtNonce(body, Buffer.from(nonce)));
  }

  /** How many documents are kept. */
  get size(): number {
    return this.#entries.size;
  }
}
