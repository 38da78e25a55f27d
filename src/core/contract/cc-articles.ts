/**
 * The control center's article endpoints: a branch's articles, one
 * article with its versions, saving a version (the first save at a new slug creates the article;
 * 409 when someone saved first), publishing and restoring. The article's audit trail is the
 * audit endpoint's (cc-branches.ts CC_AUDIT, item kind 'article', item id the slug).
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { ArticleFieldsSchema } from '../control-center/article-fields.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** The largest save body: an article with a long Markdown body, JSON-escaped. */
export const ARTICLE_SAVE_BODY_LIMIT = BODY_LIMITS.articleFields;

/** One saved version of an article. */
export const ArticleVersionSchema = z.object({
  version: z.int(),
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  createdBy: z.string(),
});

/** Which version visitors read, since when, published by whom. */
export const ArticleLiveSchema = z.object({ version: z.int(), publishedAt: z.string(), publishedBy: z.string() });

/** An article as the list shows it. */
export const ArticleSummarySchema = z.object({
  slug: z.string(),
  /** The newest version's title. */
  title: z.string(),
  /** The newest version's author. */
  author: z.string(),
  /** Published while a version is live, else a draft. */
  status: z.enum(['draft', 'published']),
  /** Where visitors read it on the brand's site (a path; it answers 404 while the article is a draft). */
  path: z.string(),
  /** The same, as the full address staff open from the control center (the brand's own host). */
  url: z.string(),
  newestVersion: z.int(),
  liveVersion: z.int().optional(),
  /** A version newer than the live one exists (the live one is not the newest). */
  unpublishedChanges: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

/** An article in the editor. */
export const ArticleDetailSchema = z.object({
  article: ArticleSummarySchema,
  /** Newest first. */
  versions: z.array(ArticleVersionSchema),
  live: ArticleLiveSchema.optional(),
});

/** A save: the fields, and the version the editor loaded (0 to create the article). */
export const ArticleSaveSchema = z.strictObject({
  baseVersion: z.int('baseVersion must be a whole number').min(0, 'baseVersion must be 0 or more'),
  fields: ArticleFieldsSchema,
});

/** Which version to publish or restore. */
export const ArticleVersionChoiceSchema = z.strictObject({ version: z.int('version must be a whole number').min(1, 'version must be 1 or more') });

/** What a refused save answers (409): the usual error, and the version someone else saved first. */
export const ArticleConflictSchema = z.object({ error: z.string(), problems: z.array(z.string()), version: ArticleVersionSchema });

export type ArticleVersionAnswer = z.output<typeof ArticleVersionSchema>;
export type ArticleSummary = z.output<typeof ArticleSummarySchema>;
export type ArticleDetail = z.output<typeof ArticleDetailSchema>;

export const CC_ARTICLES_LIST = defineEndpoint({
  name: 'cc-articles-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/articles',
  request: NothingSchema,
  response: z.object({ articles: z.array(ArticleSummarySchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_ARTICLE_GET = defineEndpoint({
  name: 'cc-article-get',
  method: 'GET',
  path: '/api/cc/branches/{branch}/articles/{article}',
  request: NothingSchema,
  response: ArticleDetailSchema,
  access: 'staff',
  limitGroup: 'session',
});

export const CC_ARTICLE_SAVE = defineEndpoint({
  name: 'cc-article-save',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/articles/{article}',
  request: ArticleSaveSchema,
  /** The new version; 409 {@link ArticleConflictSchema} when the base is no longer the newest (or, creating, the slug is taken). */
  response: z.object({ version: ArticleVersionSchema }),
  bodyLimit: ARTICLE_SAVE_BODY_LIMIT,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid article',
  audit: { kind: 'article', actions: ['create', 'save-draft'] },
});

export const CC_ARTICLE_PUBLISH = defineEndpoint({
  name: 'cc-article-publish',
  method: 'POST',
  path: '/api/cc/branches/{branch}/articles/{article}/publish',
  request: ArticleVersionChoiceSchema,
  response: z.object({ version: ArticleVersionSchema, live: ArticleLiveSchema }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid publish',
  audit: { kind: 'article', actions: ['publish'] },
});

export const CC_ARTICLE_RESTORE = defineEndpoint({
  name: 'cc-article-restore',
  method: 'POST',
  path: '/api/cc/branches/{branch}/articles/{article}/restore',
  request: ArticleVersionChoiceSchema,
  /** The new version, a copy of the restored one's fields, now live. */
  response: z.object({ version: ArticleVersionSchema, live: ArticleLiveSchema }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid restore',
  audit: { kind: 'article', actions: ['restore'] },
});
