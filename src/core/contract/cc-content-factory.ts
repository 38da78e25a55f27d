/**
 * The control center's content-factory endpoints: a branch's authors
 * (list, create, change) and its runs (list, create, one run with its items, cancel). Every change
 * writes the audit log (item kind 'author' or 'content-run'). A run's drafts are article drafts
 * (cc-articles.ts): never published by the factory, staff review them in Articles.
 */
import * as z from 'zod';
import { ARTICLE_TEMPLATES, AuthorFieldsSchema, RUN_ITEM_STATUSES, RunRequestSchema } from '../control-center/content-factory.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** An author as the API answers it. */
export const AuthorSchema = z.object({
  id: z.int(),
  branch: z.string(),
  name: z.string(),
  bio: z.string(),
  expertise: z.array(z.string()),
  image: z.string().optional(),
  tone: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

/** How many of a run's items are in each status. */
export const RunCountsSchema = z.object(Object.fromEntries(RUN_ITEM_STATUSES.map((status) => [status, z.int()])) as Record<(typeof RUN_ITEM_STATUSES)[number], z.ZodInt>);

/** A run as the list shows it. */
export const RunSummarySchema = z.object({
  id: z.int(),
  branch: z.string(),
  authorId: z.int(),
  /** The author's name now ('' when the author is gone). */
  authorName: z.string(),
  template: z.enum(ARTICLE_TEMPLATES),
  topics: z.array(z.string()),
  count: z.int(),
  schedule: z.string().optional(),
  /** When a scheduled run next queues its drafts (ISO); absent when unscheduled or cancelled. */
  nextDueAt: z.string().optional(),
  /** Active until cancelled. */
  status: z.enum(['active', 'cancelled']),
  counts: RunCountsSchema,
  createdAt: z.string(),
  createdBy: z.string(),
  cancelledAt: z.string().optional(),
  cancelledBy: z.string().optional(),
});

/** One draft of a run. */
export const RunItemSchema = z.object({
  id: z.int(),
  /** Which firing of the run queued it (1 for an unscheduled run). */
  batch: z.int(),
  topic: z.string(),
  status: z.enum(RUN_ITEM_STATUSES),
  /** Why it failed (one line), when it did. */
  error: z.string().optional(),
  /** The draft article's slug, once written. */
  articleSlug: z.string().optional(),
  /** The draft's editor in the control center, once written. */
  articleHref: z.string().optional(),
  attempts: z.int(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
});

/** A run with its items, oldest first. */
export const RunDetailSchema = z.object({ run: RunSummarySchema, items: z.array(RunItemSchema) });

export type AuthorAnswer = z.output<typeof AuthorSchema>;
export type RunSummary = z.output<typeof RunSummarySchema>;
export type RunItemAnswer = z.output<typeof RunItemSchema>;
export type RunDetail = z.output<typeof RunDetailSchema>;

export const CC_AUTHORS_LIST = defineEndpoint({
  name: 'cc-authors-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/content-factory/authors',
  request: NothingSchema,
  response: z.object({ authors: z.array(AuthorSchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_AUTHOR_CREATE = defineEndpoint({
  name: 'cc-author-create',
  method: 'POST',
  path: '/api/cc/branches/{branch}/content-factory/authors',
  request: AuthorFieldsSchema,
  response: z.object({ author: AuthorSchema }),
  bodyLimit: BODY_LIMITS.contentFactory,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid author',
  audit: { kind: 'author', actions: ['create'] },
});

export const CC_AUTHOR_UPDATE = defineEndpoint({
  name: 'cc-author-update',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/content-factory/authors/{author}',
  request: AuthorFieldsSchema,
  response: z.object({ author: AuthorSchema }),
  bodyLimit: BODY_LIMITS.contentFactory,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid author',
  audit: { kind: 'author', actions: ['save'] },
});

/**
 * Deletes an author. Refused (409) while one of the author's runs can still write a draft (a
 * schedule still firing, or items queued or running): cancel those runs first. Articles that
 * named the author keep their own plain author name as their byline.
 */
export const CC_AUTHOR_DELETE = defineEndpoint({
  name: 'cc-author-delete',
  method: 'DELETE',
  path: '/api/cc/branches/{branch}/content-factory/authors/{author}',
  request: NothingSchema,
  response: z.object({ deleted: z.int() }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  audit: { kind: 'author', actions: ['delete'] },
});

export const CC_RUNS_LIST = defineEndpoint({
  name: 'cc-runs-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/content-factory/runs',
  request: NothingSchema,
  response: z.object({ runs: z.array(RunSummarySchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_RUN_CREATE = defineEndpoint({
  name: 'cc-run-create',
  method: 'POST',
  path: '/api/cc/branches/{branch}/content-factory/runs',
  request: RunRequestSchema,
  /** The new run; an unscheduled run's items are already queued. */
  response: RunDetailSchema,
  bodyLimit: BODY_LIMITS.contentFactory,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid run',
  audit: { kind: 'content-run', actions: ['create'] },
});

export const CC_RUN_GET = defineEndpoint({
  name: 'cc-run-get',
  method: 'GET',
  path: '/api/cc/branches/{branch}/content-factory/runs/{run}',
  request: NothingSchema,
  response: RunDetailSchema,
  access: 'staff',
  limitGroup: 'session',
});

export const CC_RUN_CANCEL = defineEndpoint({
  name: 'cc-run-cancel',
  method: 'POST',
  path: '/api/cc/branches/{branch}/content-factory/runs/{run}/cancel',
  request: z.strictObject({}, { error: 'A cancel takes an empty JSON object' }),
  /** The run after cancelling: its queued items cancelled, its schedule stopped (items a worker holds finish). */
  response: RunDetailSchema,
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid cancel',
  audit: { kind: 'content-run', actions: ['cancel'] },
});
