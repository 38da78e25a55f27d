/**
 * `/api/cc/branches/{branch}/content-factory/…` (issue 13 "Content factory"): a branch's authors
 * (list, create, change) and runs (list, create, one with its items, cancel). Every change writes
 * the audit log (item kind 'author' or 'content-run', item id the number). A new run's items are
 * queued in the store with the run and the worker is kicked; a scheduled run queues its items
 * each time its cron expression fires (jobs/content-factory.ts). Drafts are never published here.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { href } from '../../../../routes.ts';
import { CC_AUTHOR_CREATE, CC_AUTHOR_DELETE, CC_AUTHOR_UPDATE, CC_AUTHORS_LIST, CC_RUN_CANCEL, CC_RUN_CREATE, CC_RUN_GET, CC_RUNS_LIST, type AuthorAnswer, type RunDetail, type RunSummary } from '../../../core/contract/cc-content-factory.ts';
import { routePath } from '../../../core/contract/endpoint.ts';
import { ContentFactoryIdSchema } from '../../../core/control-center/content-factory.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { nextFiring, scheduleProblem } from './schedule.ts';
import { pageImage } from '../../pages/published-page.ts';
import type { RunWithCounts, Store, StoredAuthor, StoredRunItem } from '../../platform/store/index.ts';
import { brandOf } from '../articles/articles-routes.ts';
import { staffOf } from '../staff.ts';

type BranchParams = { branch: string };
type AuthorParams = { branch: string; author: string };
type RunParams = { branch: string; run: string };

const authorAnswer = ({ image, ...author }: StoredAuthor): AuthorAnswer => ({ ...author, ...(image === undefined ? {} : { image }) });

function runAnswer(run: RunWithCounts, authorName: string): RunSummary {
  const { batches: _batches, ...rest } = run;
  return { ...rest, authorName };
}

function itemAnswer(branch: string, { runId: _runId, leaseUntil: _leaseUntil, ...item }: StoredRunItem): RunDetail['items'][number] {
  return { ...item, ...(item.articleSlug === undefined ? {} : { articleHref: href('cc-article', { branch, article: item.articleSlug }) }) };
}

/** A run with its items and its author's current name. */
async function runDetail(store: Store, branch: string, id: number): Promise<RunDetail | undefined> {
  const found = await store.getRun(branch, id);
  if (!found) return undefined;
  const author = await store.getAuthor(branch, found.run.authorId);
  return { run: runAnswer(found.run, author?.name ?? ''), items: found.items.map((item) => itemAnswer(branch, item)) };
}

/** The numeric id in a path parameter, or undefined after answering 400 naming it. */
async function idParam(reply: FastifyReply, name: string, value: string): Promise<number | undefined> {
  const parsed = ContentFactoryIdSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  await sendBadRequest(reply, `Invalid ${name}`, [`${name}: '${value}' ${parsed.error.issues[0]!.message}`]);
  return undefined;
}

/** Registers the content-factory routes. */
export const contentFactoryRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;

  /** The author image's problem, when it names an image the branch does not have. */
  async function imageProblems(branch: string, image: string | undefined): Promise<string[]> {
    if (image === undefined || (await pageImage(store, branch, image))) return [];
    return [`image: ${branch} has no image ${image}`];
  }

  app.get<{ Params: BranchParams }>(routePath(CC_AUTHORS_LIST.path), async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    return { authors: (await store.listAuthors(brand.id)).map(authorAnswer) };
  });

  app.post<{ Params: BranchParams }>(routePath(CC_AUTHOR_CREATE.path), { bodyLimit: CC_AUTHOR_CREATE.bodyLimit! }, async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const body = CC_AUTHOR_CREATE.request.safeParse(request.body);
    if (!body.success) return sendBadRequest(reply, 'Invalid author', zodProblems(body.error));
    const problems = await imageProblems(brand.id, body.data.image);
    if (problems.length > 0) return sendBadRequest(reply, 'Invalid author', problems);
    const staff = await staffOf(request);
    const author = await store.createAuthor(brand.id, body.data, staff.email);
    await store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: 'author', itemId: String(author.id), action: 'create', after: authorAnswer(author) });
    return { author: authorAnswer(author) };
  });

  app.put<{ Params: AuthorParams }>(routePath(CC_AUTHOR_UPDATE.path), { bodyLimit: CC_AUTHOR_UPDATE.bodyLimit! }, async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const id = await idParam(reply, 'author', request.params.author);
    if (id === undefined) return;
    const body = CC_AUTHOR_UPDATE.request.safeParse(request.body);
    if (!body.success) return sendBadRequest(reply, 'Invalid author', zodProblems(body.error));
    const problems = await imageProblems(brand.id, body.data.image);
    if (problems.length > 0) return sendBadRequest(reply, 'Invalid author', problems);
    const staff = await staffOf(request);
    const changed = await store.updateAuthor(brand.id, id, body.data, staff.email);
    if (!changed) return reply.code(404).send({ error: 'Unknown author', problems: [`author: ${brand.id} has no author ${id}`] });
    await store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: 'author', itemId: String(id), action: 'save', before: authorAnswer(changed.before), after: authorAnswer(changed.after) });
    return { author: authorAnswer(changed.after) };
  });

  app.delete<{ Params: AuthorParams }>(routePath(CC_AUTHOR_DELETE.path), { bodyLimit: CC_AUTHOR_DELETE.bodyLimit! }, async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const id = await idParam(reply, 'author', request.params.author);
    if (id === undefined) return;
    const outcome = await store.deleteAuthor(brand.id, id);
    if (!outcome) return reply.code(404).send({ error: 'Unknown author', problems: [`author: ${brand.id} has no author ${id}`] });
    if ('busyRuns' in outcome) {
      return reply.code(409).send({
        error: 'This author still has runs writing drafts',
        problems: outcome.busyRuns.map((run) => `author: run ${run} can still write drafts as this author; cancel it first`),
      });
    }
    const staff = await staffOf(request);
    await store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: 'author', itemId: String(id), action: 'delete', before: authorAnswer(outcome.deleted) });
    return { deleted: id };
  });

  app.get<{ Params: BranchParams }>(routePath(CC_RUNS_LIST.path), async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const [runs, authors] = await Promise.all([store.listRuns(brand.id), store.listAuthors(brand.id)]);
    const names = new Map(authors.map((author) => [author.id, author.name]));
    return { runs: runs.map((run) => runAnswer(run, names.get(run.authorId) ?? '')) };
  });

  app.post<{ Params: BranchParams }>(routePath(CC_RUN_CREATE.path), { bodyLimit: CC_RUN_CREATE.bodyLimit! }, async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const body = CC_RUN_CREATE.request.safeParse(request.body);
    if (!body.success) return sendBadRequest(reply, 'Invalid run', zodProblems(body.error));
    const { authorId, count, topics, template, schedule } = body.data;
    const problems: string[] = [];
    const badSchedule = schedule === undefined ? undefined : scheduleProblem(schedule);
    if (badSchedule) problems.push(badSchedule);
    const nextDueAt = schedule === undefined || badSchedule ? undefined : nextFiring(schedule);
    if (!(await store.getAuthor(brand.id, authorId))) problems.push(`authorId: ${brand.id} has no author ${authorId}`);
    if (problems.length > 0) return sendBadRequest(reply, 'Invalid run', problems);
    const staff = await staffOf(request);
    const run = await store.createRun({ branch: brand.id, authorId, template, topics, count, ...(schedule === undefined ? {} : { schedule, nextDueAt: nextDueAt! }), by: staff.email });
    await store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: 'content-run', itemId: String(run.id), action: 'create', after: body.data });
    app.contentFactory.kick();
    return runDetail(store, brand.id, run.id);
  });

  /** The branch and run id of a run route, or undefined after answering 404 or 400. */
  async function runOf(request: FastifyRequest<{ Params: RunParams }>, reply: FastifyReply): Promise<{ branch: string; id: number } | undefined> {
    const brand = await brandOf(request, reply);
    if (!brand) return undefined;
    const id = await idParam(reply, 'run', request.params.run);
    return id === undefined ? undefined : { branch: brand.id, id };
  }

  app.get<{ Params: RunParams }>(routePath(CC_RUN_GET.path), async (request, reply) => {
    const found = await runOf(request, reply);
    if (!found) return;
    const detail = await runDetail(store, found.branch, found.id);
    if (!detail) return reply.code(404).send({ error: 'Unknown run', problems: [`run: ${found.branch} has no run ${found.id}`] });
    return detail;
  });

  app.post<{ Params: RunParams }>(routePath(CC_RUN_CANCEL.path), { bodyLimit: CC_RUN_CANCEL.bodyLimit! }, async (request, reply) => {
    const found = await runOf(request, reply);
    if (!found) return;
    const body = CC_RUN_CANCEL.request.safeParse(request.body ?? {});
    if (!body.success) return sendBadRequest(reply, 'Invalid cancel', zodProblems(body.error));
    const staff = await staffOf(request);
    const before = await store.getRun(found.branch, found.id);
    if (!before) return reply.code(404).send({ error: 'Unknown run', problems: [`run: ${found.branch} has no run ${found.id}`] });
    if (before.run.status === 'active') {
      await store.cancelRun(found.branch, found.id, staff.email);
      await store.recordAudit({ userEmail: staff.email, branch: found.branch, itemKind: 'content-run', itemId: String(found.id), action: 'cancel', before: { status: 'active', counts: before.run.counts } });
    }
    return runDetail(store, found.branch, found.id);
  });
};
