/**
 * `/api/cc/branches/{branch}/content-factory/…`: a branch's authors
 * (list, create, change) and runs (list, create, one with its items, cancel). Every change writes
 * the audit log (item kind 'author' or 'content-run', item id the number). A new run's items are
 * queued in the store with the run and the worker is kicked; a scheduled run queues its items
 * each time its cron expression fires (jobs/content-factory.ts). Drafts are never published here.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { href } from '../../../../routes.ts';
import { CC_AUTHOR_CREATE, CC_AUTHOR_DELETE, CC_AUTHOR_UPDATE, CC_AUTHORS_LIST, CC_RUN_CANCEL, CC_RUN_CREATE, CC_RUN_GET, CC_RUNS_LIST, type AuthorAnswer, type RunDetail, type RunSummary } from '../../../core/contract/cc-content-factory.ts';
import { ContentFactoryIdSchema } from '../../../core/control-center/content-factory.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint, schemaCheck } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import { nextFiring, scheduleProblem } from './schedule.ts';
import { pageImage } from '../../pages/page-image.ts';
import type { RunWithCounts, Store, StoredAuthor, StoredRunItem } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { namedBranch } from '../branch-lookup.ts';
import { staffOf } from '../staff.ts';

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

/** The numeric id in a path parameter, or the 400 naming it. */
function idParam(reply: FastifyReply, name: string, value: string): number | FastifyReply {
  const parsed = ContentFactoryIdSchema.safeParse(value);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a failed zod parse has at least one issue
  return parsed.success ? parsed.data : sendBadRequest(reply, `Invalid ${name}`, [`${name}: '${value}' ${parsed.error.issues[0]!.message}`]);
}

/** The author number of the path; a malformed one is a 400 before the body is judged. */
const authorId = requestLookup((request: FastifyRequest<{ Params: { author: string } }>, reply) => idParam(reply, 'author', request.params.author));

/** The run number of the path; a malformed one is a 400 before the body is judged. */
const runId = requestLookup((request: FastifyRequest<{ Params: { run: string } }>, reply) => idParam(reply, 'run', request.params.run));

/** Registers the content-factory routes. */
export const contentFactoryRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;

  /** The author image's problem, when it names an image the branch does not have. */
  async function imageProblems(branch: string, image: string | undefined): Promise<string[]> {
    if (image === undefined || (await pageImage(store, branch, image))) return [];
    return [`image: ${branch} has no image ${image}`];
  }

  routeEndpoint(app, CC_AUTHORS_LIST, { before: [namedBranch] }, async (request) => ({ authors: (await store.listAuthors(namedBranch.of(request).id)).map(authorAnswer) }));

  routeEndpoint(app, CC_AUTHOR_CREATE, { before: [namedBranch] }, async (request, reply) => {
    const brand = namedBranch.of(request);
    const problems = await imageProblems(brand.id, request.body.image);
    if (problems.length > 0) return sendBadRequest(reply, CC_AUTHOR_CREATE.invalid, problems);
    const staff = await staffOf(request);
    const author = await store.createAuthor(brand.id, request.body, staff.email);
    await auditChange(request, CC_AUTHOR_CREATE, { branch: brand.id, itemId: String(author.id), action: 'create', after: authorAnswer(author) });
    return { author: authorAnswer(author) };
  });

  routeEndpoint(app, CC_AUTHOR_UPDATE, { before: [namedBranch, authorId] }, async (request, reply) => {
    const brand = namedBranch.of(request);
    const id = authorId.of(request);
    const problems = await imageProblems(brand.id, request.body.image);
    if (problems.length > 0) return sendBadRequest(reply, CC_AUTHOR_UPDATE.invalid, problems);
    const staff = await staffOf(request);
    const changed = await store.updateAuthor(brand.id, id, request.body, staff.email);
    if (!changed) return reply.code(404).send({ error: 'Unknown author', problems: [`author: ${brand.id} has no author ${id}`] });
    await auditChange(request, CC_AUTHOR_UPDATE, { branch: brand.id, itemId: String(id), action: 'save', before: authorAnswer(changed.before), after: authorAnswer(changed.after) });
    return { author: authorAnswer(changed.after) };
  });

  routeEndpoint(app, CC_AUTHOR_DELETE, { before: [namedBranch, authorId] }, async (request, reply) => {
    const brand = namedBranch.of(request);
    const id = authorId.of(request);
    const outcome = await store.deleteAuthor(brand.id, id);
    if (!outcome) return reply.code(404).send({ error: 'Unknown author', problems: [`author: ${brand.id} has no author ${id}`] });
    if ('busyRuns' in outcome) {
      return reply.code(409).send({
        error: 'This author still has runs writing drafts',
        problems: outcome.busyRuns.map((run) => `author: run ${run} can still write drafts as this author; cancel it first`),
      });
    }
    await auditChange(request, CC_AUTHOR_DELETE, { branch: brand.id, itemId: String(id), action: 'delete', before: authorAnswer(outcome.deleted) });
    return { deleted: id };
  });

  routeEndpoint(app, CC_RUNS_LIST, { before: [namedBranch] }, async (request) => {
    const brand = namedBranch.of(request);
    const [runs, authors] = await Promise.all([store.listRuns(brand.id), store.listAuthors(brand.id)]);
    const names = new Map(authors.map((author) => [author.id, author.name]));
    return { runs: runs.map((run) => runAnswer(run, names.get(run.authorId) ?? '')) };
  });

  routeEndpoint(app, CC_RUN_CREATE, { before: [namedBranch] }, async (request, reply) => {
    const brand = namedBranch.of(request);
    const { authorId, count, topics, template, schedule } = request.body;
    const problems: string[] = [];
    const badSchedule = schedule === undefined ? undefined : scheduleProblem(schedule);
    if (badSchedule) problems.push(badSchedule);
    const firstFiring = schedule === undefined || badSchedule ? null : nextFiring(schedule);
    if (!(await store.getAuthor(brand.id, authorId))) problems.push(`authorId: ${brand.id} has no author ${authorId}`);
    if (problems.length > 0) return sendBadRequest(reply, CC_RUN_CREATE.invalid, problems);
    const staff = await staffOf(request);
    const run = await store.createRun({ branch: brand.id, authorId, template, topics, count, ...(schedule === undefined ? {} : { schedule }), ...(firstFiring === null ? {} : { nextDueAt: firstFiring }), by: staff.email });
    await auditChange(request, CC_RUN_CREATE, { branch: brand.id, itemId: String(run.id), action: 'create', after: request.body });
    app.contentFactory.kick();
    return runDetail(store, brand.id, run.id);
  });

  routeEndpoint(app, CC_RUN_GET, { before: [namedBranch, runId] }, async (request, reply) => {
    const branch = namedBranch.of(request).id;
    const id = runId.of(request);
    const detail = await runDetail(store, branch, id);
    if (!detail) return reply.code(404).send({ error: 'Unknown run', problems: [`run: ${branch} has no run ${id}`] });
    return detail;
  });

  routeEndpoint(app, CC_RUN_CANCEL, { before: [namedBranch, runId], check: schemaCheck(CC_RUN_CANCEL.request, { whenAbsent: {} }) }, async (request, reply) => {
    const branch = namedBranch.of(request).id;
    const id = runId.of(request);
    const staff = await staffOf(request);
    const before = await store.getRun(branch, id);
    if (!before) return reply.code(404).send({ error: 'Unknown run', problems: [`run: ${branch} has no run ${id}`] });
    if (before.run.status === 'active') {
      await store.cancelRun(branch, id, staff.email);
      await auditChange(request, CC_RUN_CANCEL, { branch, itemId: String(id), action: 'cancel', before: { status: 'active', counts: before.run.counts } });
    }
    return runDetail(store, branch, id);
  });
};
