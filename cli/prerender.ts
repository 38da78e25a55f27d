/**
 * `cobrand prerender` (registered in prerender-command.ts): writes every page's JSON twin (and
 * with --html its document) as the server answers a visitor who comes without cookies, so a
 * deploy can serve them from a CDN. Nothing here builds a page its own way: each address is a
 * visit (visit.ts anonymousVisit) through the server's own payload builder (visit-payload.ts) over
 * the server's site content (site-content.ts: the store's when --store is given, else the
 * built-in pages), rendered by the server's document renderer (render.tsx). The payload file holds
 * the bytes the server sends for `{path}/_payload.json`; the document holds
 * {@link PRERENDER_NONCE} where the server writes each response's CSP nonce.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { BRAND_IDS, type BrandId } from '../brands/ids.ts';
import { brandById } from '../brands/index.ts';
import type { Brand } from '../brands/types.ts';
import { ROUTES } from '../routes.ts';
import type { BuildManifest } from '../src/core/build-manifest.ts';
import { payloadPath } from '../src/core/contract/paths.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import type { Payload } from '../src/core/payload/types.ts';
import { brandWithPhone } from '../src/server/marketplace/phones-env.ts';
import { documentBoot } from '../src/server/pages/page-response.ts';
import type { PagesOptions } from '../src/server/pages/pages-options.ts';
import { renderDocumentStream } from '../src/server/pages/render.tsx';
import { builtInSiteContent, openSiteContent, type SiteContent } from '../src/server/pages/site-content.ts';
import { anonymousVisit } from '../src/server/pages/visit.ts';
import { visitPayload } from '../src/server/pages/visit-payload.ts';
import { readBuildManifest } from '../src/server/platform/build-info.ts';
import type { Store } from '../src/server/platform/store/index.ts';
import { loadEnvironmentConfig, print, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { payloadProblems } from './prerender-check.ts';
import { prerenderTargets, type PrerenderTarget, type SkippedRoute } from './prerender-paths.ts';
import { startProgress } from './progress.ts';

/**
 * What a prerendered document carries where the server writes the response's CSP nonce. A deploy
 * serving the file replaces every occurrence with the nonce of its own Content-Security-Policy
 * header, as the server's HTML cache joins a kept page with each response's nonce.
 */
export const PRERENDER_NONCE = 'cobrand-prerender-nonce';

/** The file of a page's document, in the page's folder under the brand's. */
export const HTML_FILE = 'index.html';

/** `cobrand prerender`'s options, as parsed by prerender-command.ts. */
export interface PrerenderOptions {
  brand?: BrandId;
  route?: string;
  /** Where the files go: `{out}/{brand}{path}/_payload.json`. */
  out: string;
  /** The client build the pages link (its manifest gives the build id every payload carries). */
  dist: string;
  html?: boolean;
  /** Read published content from the store the environment names, as the server does. */
  store?: boolean;
  /** The time working hours and phone rules are judged at; default now. */
  at?: Date;
  json?: boolean;
}

/** One written page: the files relative to `out`. */
export interface PrerenderedPage {
  brand: BrandId;
  route: string;
  path: string;
  payload: string;
  html?: string;
}

/** What `--json` prints. */
export interface PrerenderSummary {
  /** The output folder, absolute. */
  out: string;
  buildId: string;
  /** The time the pages were judged at (ISO 8601). */
  at: string;
  /** Whether published content from the store was included. */
  store: boolean;
  payloads: number;
  html: number;
  pages: PrerenderedPage[];
  /** Routes not written (open-ended parameters, no published article, a redirecting rule). */
  skipped: (SkippedRoute & { brand: BrandId })[];
  /** Pages with a running experiment: written as the published page, without any variant. */
  experiments: { brand: BrandId; route: string; experiment: string }[];
  /** Pages that failed their check (prerender-check.ts) and were not written. */
  failed: { brand: BrandId; route: string; path: string; problems: string[] }[];
}

/** Says `message` on stderr and ends with `code`. */
function fail(io: CliIo, code: number, message: string): void {
  io.stderr.write(`${message}\n`);
  io.setExitCode(code);
}

/** The site brands to prerender, or undefined after a usage error naming the route no chosen brand serves. */
function chosenBrands(io: CliIo, options: Pick<PrerenderOptions, 'brand' | 'route'>): BrandId[] | undefined {
  const sites = options.brand === undefined ? BRAND_IDS.filter((id) => id !== CONTROL_CENTER_BRAND) : [options.brand];
  const { route } = options;
  if (route === undefined) return sites;
  const serving = sites.filter((id) => ROUTES.some((candidate) => candidate.name === route && candidate.brands.includes(id)));
  if (serving.length > 0) return serving;
  const message = options.brand === undefined ? `--route: no site brand serves '${route}'` : `--route: ${options.brand} does not serve '${route}' (cobrand routes list --brand ${options.brand})`;
  fail(io, EXIT_CODES.usage, message);
  return undefined;
}

/** The slugs of the brand's published articles, from the store; none without one. */
async function publishedArticleSlugs(store: Store | undefined, brand: BrandId): Promise<string[]> {
  if (store === undefined) return [];
  const items = await store.listContentItems('article', brand);
  return items.filter((item) => item.live !== undefined).map((item) => item.itemKey);
}

/**
 * The content pages are built from: a CDN serves one file to every visitor, so a page is written
 * without any experiment's variant (the published page); the experiments are reported instead.
 */
function withoutExperiments(content: SiteContent): SiteContent {
  return { ...content, runningExperiments: async () => [] };
}

/** A whole prerendered document of `payload`, or the errors rendering it raised. */
async function renderDocument(payload: Payload, manifest: BuildManifest): Promise<{ html: string } | { errors: string[] }> {
  const errors: string[] = [];
  const stream = await renderDocumentStream(documentBoot(payload, undefined, manifest), {
    forBot: true,
    nonce: PRERENDER_NONCE,
    onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
  });
  const html = await text(stream);
  return errors.length > 0 ? { errors } : { html };
}

/** Writes `body` at `file` under `out`, making its folders. */
async function writeUnder(out: string, file: string, body: string): Promise<void> {
  const target = path.join(out, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, body);
}

/** The file of `target`'s JSON twin relative to the output folder: its twin's address under the brand's folder (`/` gives `ac/_payload.json`). */
function payloadFile(brand: BrandId, target: PrerenderTarget): string {
  return path.posix.join(brand, payloadPath(target.path));
}

/** The file of `target`'s document relative to the output folder. */
function htmlFile(brand: BrandId, target: PrerenderTarget): string {
  return path.posix.join(brand, target.path, HTML_FILE);
}

/** Everything one run needs besides the options: the build, the clock, the content and the store. */
interface PrerenderRun {
  manifest: BuildManifest;
  /** The configuration's marketplace variables and brand numbers, as the server's page pipeline has them. */
  vars: PagesOptions['vars'];
  now: Date;
  store: Store | undefined;
  warnings: string[];
}

/** What became of one address: the files written, or the problems that kept it from being written. */
type PageOutcome = { page: PrerenderedPage } | { failed: PrerenderSummary['failed'][number] };

/** Builds, checks and writes one address of `brand` from `content`. */
async function prerenderPage(brand: Brand, target: PrerenderTarget, content: SiteContent, run: PrerenderRun, options: Pick<PrerenderOptions, 'html'>, out: string): Promise<PageOutcome> {
  const where = { brand: brand.id, route: target.route, path: target.path };
  const payload = await visitPayload(anonymousVisit({ brand, path: target.path, buildId: run.manifest.id, now: run.now }), content);
  // The bytes the server sends: Fastify serializes a payload twin (no response schema) with JSON.stringify.
  const body = JSON.stringify(payload);
  const problems = payloadProblems({ ...where, body });
  if (problems.length > 0) return { failed: { ...where, problems } };
  const rendered = options.html ? await renderDocument(payload, run.manifest) : undefined;
  if (rendered !== undefined && 'errors' in rendered) {
    return { failed: { ...where, problems: rendered.errors.map((error) => `${brand.id} ${target.route} ${target.path}: the document failed to render: ${error}`) } };
  }
  const page: PrerenderedPage = { ...where, payload: payloadFile(brand.id, target) };
  await writeUnder(out, page.payload, body);
  if (rendered !== undefined) {
    page.html = htmlFile(brand.id, target);
    await writeUnder(out, page.html, rendered.html);
  }
  return { page };
}

/** One brand's addresses, and what the summary says of the brand before any is written (routes skipped, experiments running). */
async function planBrand(id: BrandId, options: Pick<PrerenderOptions, 'route'>, content: SiteContent, run: PrerenderRun, summary: PrerenderSummary): Promise<{ brand: Brand; targets: PrerenderTarget[] }> {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- every id comes from BRAND_IDS or the --brand parser, which accepts known ids only
  const brand = brandWithPhone(brandById(id)!, run.vars);
  const routes = ROUTES.filter((route) => route.brands.includes(id) && (options.route === undefined || route.name === options.route));
  const { targets, skipped } = prerenderTargets(routes, await publishedArticleSlugs(run.store, id));
  summary.skipped.push(...skipped.map((entry) => ({ brand: id, ...entry })));
  const written = new Set(targets.map((target) => target.route));
  for (const experiment of await content.runningExperiments(id)) {
    for (const route of experiment.routes.filter((name) => written.has(name))) summary.experiments.push({ brand: id, route, experiment: experiment.key });
  }
  return { brand, targets };
}

/** Prerenders every chosen brand into a summary (writing the files), reporting progress on stderr. */
async function prerenderBrands(io: CliIo, options: PrerenderOptions, brands: readonly BrandId[], run: PrerenderRun): Promise<PrerenderSummary> {
  const { manifest, vars, now, store } = run;
  const out = path.resolve(options.out);
  const log = { warn: ((fields: object, message?: string) => run.warnings.push(`${message ?? 'warning'} (${JSON.stringify(fields)})`)) as FastifyBaseLogger['warn'] };
  // One content for the whole run: everything is read as of one content epoch.
  const content = store === undefined ? builtInSiteContent(vars) : openSiteContent({ store, vars, log });
  const shown = withoutExperiments(content);
  const summary: PrerenderSummary = { out, buildId: manifest.id, at: now.toISOString(), store: store !== undefined, payloads: 0, html: 0, pages: [], skipped: [], experiments: [], failed: [] };
  const plans = [];
  for (const id of brands) plans.push(await planBrand(id, options, content, run, summary));

  const progress = startProgress(io.stderr, { label: 'prerendering', unit: 'pages', total: plans.reduce((sum, plan) => sum + plan.targets.length, 0) });
  let done = 0;
  for (const { brand, targets } of plans) {
    for (const target of targets) {
      const outcome = await prerenderPage(brand, target, shown, run, options, out);
      if ('failed' in outcome) {
        summary.failed.push(outcome.failed);
      } else {
        summary.pages.push(outcome.page);
        summary.payloads++;
        if (outcome.page.html !== undefined) summary.html++;
      }
      progress.update(++done);
    }
  }
  progress.finish();
  return summary;
}

/**
 * `prerender`: exit 2 for a route no chosen brand serves or a bad environment, 1 when the build
 * or the store cannot be read or any page fails its check (each named on stderr, not written).
 */
export async function prerender(io: CliIo, options: PrerenderOptions): Promise<void> {
  const brands = chosenBrands(io, options);
  if (brands === undefined) return;
  const config = await loadEnvironmentConfig(io);
  if (config === undefined) return;
  let manifest: BuildManifest;
  try {
    manifest = await readBuildManifest(options.dist);
  } catch (error) {
    return fail(io, EXIT_CODES.problems, `--dist: ${(error as Error).message}`);
  }
  const store = options.store ? await io.openStore() : undefined;
  if (options.store && store === undefined) return;
  const warnings: string[] = [];
  try {
    const summary = await prerenderBrands(io, options, brands, { manifest, vars: config.vars, now: options.at ?? new Date(), store, warnings });
    for (const warning of warnings) io.stderr.write(`warning: ${warning}\n`);
    for (const { brand, route, experiment } of summary.experiments) {
      io.stderr.write(`note: ${brand} ${route} runs experiment ${experiment}: written as the published page, without a variant; leave it to the server while the experiment runs\n`);
    }
    for (const failure of summary.failed) for (const problem of failure.problems) io.stderr.write(`${problem}\n`);
    if (summary.failed.length > 0) {
      const count = summary.failed.length;
      io.stderr.write(count === 1 ? '1 page failed its check and was not written\n' : `${count} pages failed their check and were not written\n`);
      io.setExitCode(EXIT_CODES.problems);
    }
    if (options.json) print(io.stdout, JSON.stringify(summary, null, 2));
    else print(io.stdout, `wrote ${summary.payloads} payloads${options.html ? ` and ${summary.html} documents` : ''} for ${brands.length} brand${brands.length === 1 ? '' : 's'} to ${summary.out}`);
  } finally {
    await store?.close();
  }
}
