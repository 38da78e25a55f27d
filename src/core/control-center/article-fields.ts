/**
 * An article's fields: one schema shared by the edit form and the API, and
 * where a published article lives on its brand's site. An article is known by its slug (the
 * content store's item key); its status is not a field but a fact of its versions: published
 * while a version of it is live, a draft until then.
 *
 * Where articles are read: on American Coverage under `/reviews/{slug}` (its review catch-all),
 * on every other site brand under `/articles/{slug}`. Small and free of server code: the
 * control-center screens import it.
 */
import * as z from 'zod';
import { href } from '../router/route-patterns.ts';
import { ImageHashSchema } from './images.ts';

/** Longest values, in characters; generous for real copy, small enough to stop a pasted book. */
export const ARTICLE_FIELD_LIMITS = Object.freeze({
  slug: 80,
  title: 120,
  summary: 320,
  body: 50_000,
  author: 80,
});

/** The field names, in the order the form shows them. */
export const ARTICLE_FIELD_NAMES = ['title', 'summary', 'body', 'image', 'author', 'authorId'] as const;

/** One article field's name. */
export type ArticleFieldName = (typeof ARTICLE_FIELD_NAMES)[number];

/** The brand whose articles are its carrier reviews, served by its `/reviews/{slug}` catch-all. */
export const REVIEW_ARTICLE_BRAND = 'ac';

/**
 * The slugs American Coverage's built-in carrier reviews own (routes.ts: `/reviews/aetna` …). An
 * article there may not take one: the built-in route answers before the catch-all, so the article
 * could never be read. Kept here, not imported from the content catalog, so the screens stay small;
 * a test holds it to themes.ts REVIEWED_CARRIERS.
 */
export const BUILT_IN_REVIEW_SLUGS: readonly string[] = Object.freeze(['aetna', 'cigna', 'humana', 'wellcare', 'unitedhealthcare']);

/** Lower-case words of letters and digits joined by single hyphens: `medicare-in-plain-words`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An article's slug: its key and the last part of its address. */
export const ArticleSlugSchema = z
  .string()
  .max(ARTICLE_FIELD_LIMITS.slug, `the slug is longer than ${ARTICLE_FIELD_LIMITS.slug} characters`)
  .regex(SLUG, 'the slug must be lower-case letters and digits in words joined by single hyphens (medicare-in-plain-words)');

/** True when `slug` is a valid article slug (the brand routes' validate uses it). */
export function isArticleSlug(slug: string): boolean {
  return ArticleSlugSchema.safeParse(slug).success;
}

/** A problem when `brand` cannot have an article at `slug` (a built-in review owns it), else undefined. */
export function reservedSlugProblem(brand: string, slug: string): string | undefined {
  if (brand === REVIEW_ARTICLE_BRAND && BUILT_IN_REVIEW_SLUGS.includes(slug)) {
    return `article: /reviews/${slug} is ${brand}'s built-in review of that carrier; choose another slug`;
  }
  return undefined;
}

/** Where the article `slug` of `brand` is read on the brand's site. */
export function articlePath(brand: string, slug: string): string {
  return brand === REVIEW_ARTICLE_BRAND ? href('reviews-slug', { slug }) : href('articles-slug', { slug });
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is missing` })
    .trim()
    .min(1, `${label} is empty`)
    .max(max, `${label} is longer than ${max} characters`);

/** An article's fields, every one required but the image; unknown keys refused. */
export const ArticleFieldsSchema = z.strictObject(
  {
    title: text('Title', ARTICLE_FIELD_LIMITS.title),
    /** Shown under the title and as the page's description in search results. */
    summary: text('Summary', ARTICLE_FIELD_LIMITS.summary),
    /** Markdown; raw HTML in it is shown as text, never run. */
    body: text('Body', ARTICLE_FIELD_LIMITS.body),
    /** The sha256 of one of the branch's images. */
    image: ImageHashSchema.optional(),
    /** The byline as a plain name: what visitors read when no authorId is set (or its author is gone). */
    author: text('Author', ARTICLE_FIELD_LIMITS.author),
    /** One of the branch's content-factory authors; their current name is the byline. Articles saved before it have none. */
    authorId: z.int('authorId must be a whole number').min(1, 'authorId must be 1 or more').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `not an article field: ${issue.keys.join(', ')} (article fields: ${ARTICLE_FIELD_NAMES.join(', ')})` : 'Article fields must be a JSON object') },
);

/** An article's fields, as validated. */
export type ArticleFields = z.output<typeof ArticleFieldsSchema>;
