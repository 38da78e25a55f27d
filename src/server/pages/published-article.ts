/**
 * Published control-center articles on brand sites: American Coverage's `/reviews/{slug}`
 * catch-all and every other site brand's `/articles/{slug}` show the article published at that
 * slug (the latter only on a brand with at least one published article), read through the
 * request's site content like published pages (published-page.ts), so a publish on any node is
 * live on every node at once. A slug with no published article answers 404: the catch-all no
 * longer makes up a review for any carrier name. The five built-in carrier reviews
 * (`/reviews/aetna` …) are routes of their own that answer first; the API refuses those slugs for
 * ac's articles (article-fields.ts reservedSlugProblem).
 */
import { copyForBrand } from '../../core/content/brand-view.ts';
import type { PageConfig } from '../../core/pages/types.ts';
import { notFoundPayload } from '../../core/payload/errors.ts';
import type { PagePayload, Payload } from '../../core/payload/types.ts';
import { renderMarkdown } from './markdown.ts';
import type { PublishedArticle, SiteContent } from './site-content.ts';

/**
 * The route of articles on every site brand but ac (routes.ts): it is the route of a brand only
 * once the brand has a published article (the route table lists it for the brands that have
 * articles), decided from the content on each request so a first publish adds it on every node.
 */
const ARTICLES_ROUTE_NAME = 'articles-slug';

/** The brand-site routes that show an article, keyed by route name (routes.ts); each has a `{slug}`. */
export const ARTICLE_ROUTE_NAMES: ReadonlySet<string> = new Set(['reviews-slug', ARTICLES_ROUTE_NAME]);

/**
 * The page an article makes of its route's page: the article's words, image and byline, indexable;
 * from the route (as the brand sees it) only the closing call to action, the product it leads to
 * and the small print.
 */
export function articlePageConfig(routePage: PageConfig, brand: PagePayload['brand'], article: PublishedArticle): PageConfig {
  const { fields, image } = article;
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
    article: { author: fields.author, publishedAt: article.publishedAt },
    ...(product ? { product } : {}),
    ...(cta ? { cta } : {}),
    ...(destination ? { destination } : {}),
    ...(ctaCall ? { ctaCall } : {}),
    ...(disclaimers?.length ? { disclaimers } : {}),
    ...(colorMode ? { colorMode } : {}),
  };
}

/**
 * The payload of an article route with its published article, or a 404 when the slug has none
 * (or its stored fields do not validate); any other payload unchanged.
 */
export async function withPublishedArticle(payload: PagePayload, content: SiteContent): Promise<Payload> {
  if (!ARTICLE_ROUTE_NAMES.has(payload.route.name)) return payload;
  const { brand, route } = payload;
  const article = await content.article(brand.id, route.params.slug ?? '');
  if (article !== undefined) return { ...payload, page: articlePageConfig(payload.page, brand, article) };
  // `/articles/{slug}` is in the route table of the brands that have articles: until a brand's
  // first article is published, its paths answer like any path no route has.
  if (route.name === ARTICLES_ROUTE_NAME && !(await content.hasArticles(brand.id))) {
    return notFoundPayload(brand, payload.path, payload.buildId, route.language);
  }
  return notFoundPayload(brand, payload.path, payload.buildId, route.language, `Page Not Found: ${payload.path}`);
}
