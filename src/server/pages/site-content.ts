/**
 * What a page is built from besides its visit (visit.ts) and the code: the staff's published
 * pages and drafts, articles and their authors and images, running experiments, phone rules,
 * and the site's fixed facts (review quotes, marketplace ids). The payload builder
 * (visit-payload.ts) and the HTML-cache key (html-cache.ts) read them through this one
 * interface, so neither knows the store, and a test can hand them content of its own.
 *
 * {@link openSiteContent} serves one request from the store: everything it reads is as of one
 * content epoch, read from the store once when first asked (content-epoch-store.ts), so the
 * page-wide reads (live content, whether a brand has articles, running experiments) come from
 * this process's memory while nothing was published or changed since, on any process.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Brand, BrandCarrier, Product } from '../../../brands/types.ts';
import { ArticleFieldsSchema, type ArticleFields } from '../../core/control-center/article-fields.ts';
import { PageFieldsSchema, type PageFields } from '../../core/control-center/page-fields.ts';
import { reviewQuotes, type ReviewQuote } from '../../core/content/review-quotes.ts';
import type { Experiment } from '../../core/experiments/experiment.ts';
import type { ProductLine } from '../../core/marketplace/product-line.ts';
import type { PageImage } from '../../core/pages/types.ts';
import type { PageMarketplace } from '../../core/payload/types.ts';
import type { MatchablePhoneRule } from '../../core/phone-rules/match.ts';
import type { MarketplaceEnv } from '../marketplace/marketplace-env.ts';
import { configuredPlacement } from '../marketplace/server-fields.ts';
import type { PhoneRuleStore, Store } from '../platform/store/index.ts';
import { pageImage } from './page-image.ts';

/** The staff fields a page shows: a live preview's draft, or the published version. */
export interface ShownPageFields {
  fields: PageFields;
  /** The fields are a draft a staff preview shows: never cached, never indexed. */
  preview: boolean;
}

/** A published article as its page shows it: its fields (the byline resolved), when it went live, its image. */
export interface PublishedArticle {
  fields: ArticleFields;
  publishedAt: string;
  /** The article's image; undefined when it has none or the branch no longer has it. */
  image: PageImage | undefined;
}

/** The staff-edited content and the site's fixed facts pages are built from. */
export interface SiteContent {
  /** The content epoch everything here is read at (the HTML-cache key names it). */
  epoch(): Promise<number>;
  /**
   * The staff fields of `route`'s page: the draft `previewVersion` names when there is one (a live
   * staff preview), else the published version; undefined when there is neither, or when the chosen
   * one does not validate (then the built-in page is shown).
   */
  pageFields(branch: string, route: string, previewVersion: number | undefined): Promise<ShownPageFields | undefined>;
  /** The article published at `slug`; undefined when there is none or its fields do not validate. */
  article(branch: string, slug: string): Promise<PublishedArticle | undefined>;
  /** Whether the branch has at least one published article. */
  hasArticles(branch: string): Promise<boolean>;
  /** The branch's running experiments; shared answers: never change them. */
  runningExperiments(branch: string): Promise<readonly Experiment[]>;
  /** The branch's phone rules for one afid. */
  phoneRules(branch: string, afid: string): Promise<readonly MatchablePhoneRule[]>;
  /** The branch's image of that hash with its renditions; undefined when the branch has no such image. */
  image(branch: string, sha256: string): Promise<PageImage | undefined>;
  /** The review strip of the brand's pages about `product` (content/review-quotes.ts). */
  reviewQuotes(brand: Pick<Brand, 'carriers'>, product: Product): readonly ReviewQuote[];
  /** The marketplace facts of a page of product line `line` (core/marketplace/product-line.ts pageProductLine); undefined when none is configured. */
  marketplace(line: ProductLine): PageMarketplace | undefined;
}

/**
 * The marketplace facts of a page of product line `line`: that line's placement id and the
 * configured affiliate id; undefined when neither is configured.
 */
export function pageMarketplace(vars: MarketplaceEnv, line: ProductLine): PageMarketplace | undefined {
  const placementId = configuredPlacement(vars, line);
  const affiliateId = vars.MEDIAALPHA_AFFILIATE_ID;
  const facts: PageMarketplace = { ...(placementId === undefined ? {} : { placementId }), ...(affiliateId === undefined ? {} : { affiliateId }) };
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/**
 * The review strips worked out so far, by the brand's carrier list they quote: brands are code, so
 * a list (the same array in every payload of the brand) always gives the same strip, and a page
 * need not look its reviews up again on every request.
 */
const quotedStrips = new WeakMap<readonly BrandCarrier[], readonly ReviewQuote[]>();

/** {@link reviewQuotes}, kept per carrier list. */
function keptReviewQuotes(brand: Pick<Brand, 'carriers'>, product: Product): readonly ReviewQuote[] {
  const carriers = brand.carriers?.[product];
  if (carriers === undefined) return reviewQuotes(brand, product);
  let strip = quotedStrips.get(carriers);
  if (strip === undefined) {
    strip = Object.freeze(reviewQuotes(brand, product));
    quotedStrips.set(carriers, strip);
  }
  return strip;
}

/**
 * The site content of a site without a store: the built-in pages only (no staff fields, articles,
 * experiments, phone rules or images), with the same fixed facts (review quotes, marketplace ids)
 * the store's content gives. `cobrand prerender` builds pages from it when it is given no store.
 *
 * @example
 * const payload = await visitPayload(anonymousVisit({ brand, path: '/', buildId, now }), builtInSiteContent(vars));
 */
export function builtInSiteContent(vars: MarketplaceEnv): SiteContent {
  return {
    epoch: async () => 0,
    pageFields: async () => undefined,
    article: async () => undefined,
    hasArticles: async () => false,
    runningExperiments: async () => [],
    phoneRules: async () => [],
    image: async () => undefined,
    reviewQuotes: keptReviewQuotes,
    marketplace: (brand) => pageMarketplace(vars, brand),
  };
}

/** What {@link openSiteContent} reads from: the store, the marketplace variables, where bad rows are reported. */
export interface StoreSiteContentSource {
  store: Store;
  vars: MarketplaceEnv;
  /** Hears of stored fields that do not validate (a hand-edited row), which pages then leave out. */
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The site content of one request, read from the store as of one content epoch.
 *
 * @example
 * const content = openSiteContent({ store: request.server.store, vars: options.vars, log: request.log });
 * const payload = await visitPayload(await readVisit(request, options), content);
 */
export function openSiteContent({ store, vars, log }: StoreSiteContentSource): SiteContent {
  let epoch: Promise<number> | undefined;
  const epochOnce = () => (epoch ??= store.contentEpoch());
  const live = async (kind: 'page' | 'article', branch: string, itemKey: string) => store.liveContentAt(await epochOnce(), kind, branch, itemKey);

  return {
    epoch: epochOnce,
    async pageFields(branch, route, previewVersion) {
      const draft = previewVersion === undefined ? undefined : await store.getContentVersion('page', branch, route, previewVersion);
      const chosen = draft ? { fields: draft.fields, preview: true } : await live('page', branch, route).then((published) => published && { fields: published.fields, preview: false });
      if (!chosen) return undefined;
      // Stored fields were validated when saved; parsing again keeps a hand-edited row from reaching a page.
      const parsed = PageFieldsSchema.safeParse(chosen.fields);
      if (parsed.success) return { fields: parsed.data, preview: chosen.preview };
      log.warn({ brand: branch, route }, 'stored page fields do not validate; the built-in page is shown');
      return undefined;
    },
    async article(branch, slug) {
      const published = await live('article', branch, slug);
      if (published === undefined) return undefined;
      // The byline: the content-factory author's current name when the article names one that still exists, else its plain name.
      const authorId = published.fields.authorId;
      const author = typeof authorId === 'number' ? await store.getAuthor(branch, authorId) : undefined;
      const parsed = ArticleFieldsSchema.safeParse(author ? { ...published.fields, author: author.name } : published.fields);
      if (!parsed.success) {
        // A hand-edited row must not reach a page.
        log.warn({ brand: branch, slug }, 'stored article fields do not validate; answering 404');
        return undefined;
      }
      const image = parsed.data.image === undefined ? undefined : await pageImage(store, branch, parsed.data.image);
      return { fields: parsed.data, publishedAt: published.live.publishedAt, image };
    },
    hasArticles: async (branch) => store.hasLiveContentAt(await epochOnce(), 'article', branch),
    runningExperiments: async (branch) => store.runningExperimentsAt(await epochOnce(), branch),
    async phoneRules(branch, afid) {
      // Optional, as stores built for other tests may not have it (as published-page.ts reads images).
      const rules = store as Partial<Pick<PhoneRuleStore, 'listPhoneRulesForAfid'>>;
      return (await rules.listPhoneRulesForAfid?.(branch, afid)) ?? [];
    },
    image: (branch, sha256) => pageImage(store, branch, sha256),
    reviewQuotes: keptReviewQuotes,
    marketplace: (line) => pageMarketplace(vars, line),
  };
}
