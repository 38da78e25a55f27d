/**
 * Published control-center articles on brand sites (issue 12 "Articles"): American Coverage's
 * `/reviews/{slug}` catch-all and every other site brand's `/articles/{slug}` show the article
 * published at that slug (the latter only on a brand with at least one published article), read from the store on each request like published pages
 * (published-page.ts), so a publish on any node is live on every node at once. A slug with no
 * published article answers 404: the catch-all no longer makes up a review for any carrier name.
 * The five built-in carrier reviews (`/reviews/aetna` …) are routes of their own that answer
 * first; the API refuses those slugs for ac's articles (article-fields.ts reservedSlugProblem).
 */
import type { FastifyRequest } from 'fastify';
import { ArticleFieldsSchema } from '../../core/control-center/article-fields.ts';
import { copyForBrand } from '../../core/content/brand-view.ts';
import type { PageConfig } from '../../core/pages/types.ts';
import { notFoundPayload } from '../../core/payload/errors.ts';
import type { PagePayload, Payload } from '../../core/payload/types.ts';
import type { ContentVersion, LiveContent } from '../platform/store/index.ts';
import { renderMarkdown } from './markdown.ts';
import { hasLiveContent, liveContent } from './page-reads.ts';
import { pageImage } from './published-page.ts';

/**
 * The route of articles on every site brand but ac (routes.ts): it is the route of a brand only
 * once the brand has a published article (issue 12 "added to the route table for the brands that
 * have articles"), decided from the store on each request so a first publish adds it on every node.
 */
const ARTICLES_ROUTE_NAME = 'articles-slug';

/** The brand-site routes that show an article, keyed by route name (routes.ts); each has a `{slug}`. */
export const ARTICLE_ROUTE_NAMES: ReadonlySet<string> = new Set(['reviews-slug', ARTICLES_ROUTE_NAME]);

/**
 * The page an article makes of its route's page: the article's words, image and byline, indexable;
 * from the route (as the brand sees it) only the closing call to action, the product it leads to
 * and the small print.
 */
export function articlePageConfig(routePage: PageConfig, brand: PagePayload['brand'], article: ContentVersion & { live: LiveContent }, image: PageConfig['image']): PageConfig | undefined {
  const parsed = ArticleFieldsSchema.safeParse(article.fields);
  if (!parsed.success) return undefined;
  const fields = parsed.data;
  const { cta, destination, ctaCall, product, disclaimers, colorMode } = copyForBrand(routePage, brand);
  return {
    template: 'article',
    title: fields.title,
    description: fields.summary,
    headline: fields.title,
    subheadline: fields.summary,
    bodyHtml: renderMarkdown(fields.body),
    ...(image ? { image } : {}),
    indexable: true,
    article: { author: fields.author, publishedAt: article.live.publishedAt },
    ...(product ? { product } : {}),
    ...(cta ? { cta } : {}),
    ...(destination ? { destination } : {}),
    ...(ctaCall ? { ctaCall } : {}),
    ...(disclaimers?.length ? { disclaimers } : {}),
    ...(colorMode ? { colorMode } : {}),
  };
}

/**
 * The payload of an article route with its published article, or a 404 when the slug has none;
 * any other payload unchanged.
 */
export async function withPublishedArticle(request: FastifyRequest, payload: PagePayload): Promise<Payload> {
  if (!ARTICLE_ROUTE_NAMES.has(payload.route.name)) return payload;
  const { brand, route } = payload;
  const slug = route.params.slug ?? '';
  const notFound = () => notFoundPayload(brand, payload.path, payload.buildId, route.language, `Page Not Found: ${payload.path}`);
  const article = await liveContent(request, 'article', brand.id, slug);
  if (article === undefined) {
    // `/articles/{slug}` is in the route table of the brands that have articles: until a brand's
    // first article is published, its paths answer like any path no route has.
    if (route.name === ARTICLES_ROUTE_NAME && !(await hasLiveContent(request, 'article', brand.id))) {
      return notFoundPayload(brand, payload.path, payload.buildId, route.language);
    }
    return notFound();
  }
  const imageHash = article.fields.image;
  const image = typeof imageHash === 'string' ? await pageImage(request.server.store, brand.id, imageHash) : undefined;
  // The byline: the content-factory author's current name when the article names one that still exists, else its plain name.
  const authorId = article.fields.authorId;
  const author = typeof authorId === 'number' ? await request.server.store.getAuthor(brand.id, authorId) : undefined;
  const page = articlePageConfig(payload.page, brand, author ? { ...article, fields: { ...article.fields, author: author.name } } : article, image);
  if (page === undefined) {
    // Stored fields were validated when saved; a hand-edited row must not reach a page.
    request.log.warn({ brand: brand.id, route: route.name }, 'stored article fields do not validate; answering 404');
    return notFound();
  }
  return { ...payload, page };
}
