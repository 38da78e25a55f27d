/**
 * The control center's page endpoints: a branch's pages, one page with
 * its built-in fields and versions, saving a draft (409 when someone saved first),
 * publishing, restoring an old version, and a preview link for a version. The page's audit trail
 * is the audit endpoint's (cc-branches.ts CC_AUDIT, item kind 'page', item id the route name).
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { PageFieldsSchema } from '../control-center/page-fields.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** The largest save body: a page's fields with a long Markdown body, JSON-escaped. */
export const PAGE_SAVE_BODY_LIMIT = BODY_LIMITS.pageFields;

/** One saved version of a page's staff fields. */
export const PageVersionSchema = z.object({
  version: z.int(),
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  createdBy: z.string(),
});

/** Which version visitors see, since when, published by whom. */
export const PageLiveSchema = z.object({ version: z.int(), publishedAt: z.string(), publishedBy: z.string() });

/** A route of the branch as the pages list shows it. */
export const PageSummarySchema = z.object({
  name: z.string(),
  path: z.string(),
  template: z.string(),
  product: z.string().optional(),
  language: z.string(),
  /** Whether search engines may index it now (the live version's choice, else the built-in one). */
  indexable: z.boolean(),
  liveVersion: z.int().optional(),
  newestVersion: z.int().optional(),
  /** A version newer than the live one exists (or versions exist and none is live). */
  draft: z.boolean(),
});

/** The route's own values of the staff fields, shown where a version leaves a field out. */
export const BuiltInPageFieldsSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  headline: z.string().optional(),
  subheadline: z.string().optional(),
  /** The body paragraphs, one blank line apart. */
  body: z.string().optional(),
  image: z.object({ src: z.string(), alt: z.string() }).optional(),
  benefits: z.array(z.string()).optional(),
  indexable: z.boolean(),
  destination: z.string().optional(),
});

/** A page in the editor. */
export const PageDetailSchema = z.object({
  page: PageSummarySchema,
  builtIn: BuiltInPageFieldsSchema,
  /** Newest first. */
  versions: z.array(PageVersionSchema),
  live: PageLiveSchema.optional(),
});

/** Path parameters of one page. */
export const PageParamsSchema = z.object({ branch: z.string(), page: z.string() });

/** A save: the fields, and the version the editor loaded (0 when the page had none). */
export const PageSaveSchema = z.strictObject({
  baseVersion: z.int('baseVersion must be a whole number').min(0, 'baseVersion must be 0 or more'),
  fields: PageFieldsSchema,
});

/** Which version to publish, restore or preview. */
export const PageVersionChoiceSchema = z.strictObject({ version: z.int('version must be a whole number').min(1, 'version must be 1 or more') });

/** What a refused save answers (409): the usual error, and the version someone else saved first. */
export const PageConflictSchema = z.object({ error: z.string(), problems: z.array(z.string()), version: PageVersionSchema });

export type PageVersionAnswer = z.output<typeof PageVersionSchema>;
export type PageDetail = z.output<typeof PageDetailSchema>;
export type PageSummary = z.output<typeof PageSummarySchema>;

export const CC_PAGES_LIST = defineEndpoint({
  name: 'cc-pages-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/pages',
  request: NothingSchema,
  response: z.object({ pages: z.array(PageSummarySchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_PAGE_GET = defineEndpoint({
  name: 'cc-page-get',
  method: 'GET',
  path: '/api/cc/branches/{branch}/pages/{page}',
  request: NothingSchema,
  response: PageDetailSchema,
  access: 'staff',
  limitGroup: 'session',
});

export const CC_PAGE_SAVE = defineEndpoint({
  name: 'cc-page-save',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/pages/{page}',
  request: PageSaveSchema,
  /** The new draft version; 409 {@link PageConflictSchema} when the base is no longer the newest. */
  response: z.object({ version: PageVersionSchema }),
  bodyLimit: PAGE_SAVE_BODY_LIMIT,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid page',
  audit: { kind: 'page', actions: ['save-draft'] },
});

export const CC_PAGE_PUBLISH = defineEndpoint({
  name: 'cc-page-publish',
  method: 'POST',
  path: '/api/cc/branches/{branch}/pages/{page}/publish',
  request: PageVersionChoiceSchema,
  response: z.object({ version: PageVersionSchema, live: PageLiveSchema }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid publish',
  audit: { kind: 'page', actions: ['publish'] },
});

export const CC_PAGE_RESTORE = defineEndpoint({
  name: 'cc-page-restore',
  method: 'POST',
  path: '/api/cc/branches/{branch}/pages/{page}/restore',
  request: PageVersionChoiceSchema,
  /** The new version, a copy of the restored one's fields, now live. */
  response: z.object({ version: PageVersionSchema, live: PageLiveSchema }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid restore',
  audit: { kind: 'page', actions: ['restore'] },
});

/**
 * The control center's hop of a preview link (server/control-center/preview-token.ts): the brand
 * page sends the browser here with the link's grant; the answer is a 303 back to the brand page,
 * with a pass bound to the browser's staff session when it is signed in, without one otherwise.
 * Open to signed-out browsers, which it sends to the live page.
 */
export const CC_PAGE_PREVIEW_PASS = defineEndpoint({
  name: 'cc-page-preview-pass',
  method: 'GET',
  path: '/api/cc/preview',
  request: z.object({ grant: z.string().min(1).max(512) }),
  /** Nothing: a 303 to the brand page. */
  response: NothingSchema,
  access: 'control-center',
  limitGroup: 'session',
  invalid: 'Invalid preview',
});

export const CC_PAGE_PREVIEW = defineEndpoint({
  name: 'cc-page-preview',
  method: 'POST',
  path: '/api/cc/branches/{branch}/pages/{page}/preview',
  request: PageVersionChoiceSchema,
  /** The brand page's address with a short-lived signed preview token; `expiresAt` ISO time. */
  response: z.object({ url: z.string(), expiresAt: z.string() }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid preview',
});
