/**
 * The check every prerendered payload passes before it is written: the JSON a CDN would serve
 * parses, satisfies the page payload schema (PayloadSchema, the page branch of the contract's
 * PAGE_PAYLOAD response, which the browser's navigator holds fetched twins to), and is a page
 * answered 200 at its own path, as every address
 * `cobrand prerender` writes is one the site serves (prerender-paths.ts). An error page there means
 * the site does not serve what was expected (a published article whose stored fields no longer
 * validate answers 404), and a CDN must not serve it as a page.
 */
import { PayloadSchema } from '../src/core/contract/page-payload.ts';
import { zodProblems } from '../src/core/zod-problems.ts';

/** What was prerendered: for whom, at which address, and the bytes the file would hold. */
export interface PrerenderedPayload {
  brand: string;
  route: string;
  path: string;
  body: string;
}

/**
 * The problems of one prerendered payload, each naming its brand, route and path; empty when it
 * may be written.
 *
 * @example
 * payloadProblems({ brand: 'ac', route: 'index', path: '/', body: '{"kind":"page"}' }); // ['ac index /: …']
 */
export function payloadProblems({ brand, route, path, body }: PrerenderedPayload): string[] {
  const where = `${brand} ${route} ${path}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return [`${where}: the payload is not JSON: ${(error as Error).message}`];
  }
  const checked = PayloadSchema.safeParse(json);
  if (!checked.success) return zodProblems(checked.error).map((problem) => `${where}: ${problem}`);
  const { kind, status } = json as { kind?: unknown; status?: unknown };
  if (kind !== 'page' || status !== 200) return [`${where}: the server answers ${String(kind)} ${String(status)}, not a page`];
  const answered = json as { path?: unknown };
  if (answered.path !== path) return [`${where}: the payload is of ${String(answered.path)}`];
  return [];
}
