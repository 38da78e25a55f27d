/**
 * `/api/cc/branches/{branch}/articles…` (issue 12 "Articles", "API"): a branch's articles, one
 * article with its versions, and the changes: save a version (the first save at a slug creates the
 * article), publish, restore. Every change writes the audit log (item kind 'article', item id the
 * slug) and answers the new version.
 *
 * Restore works as the pages' does (pages-routes.ts): the old version's fields are saved as a NEW
 * version and published, so the newest version is always what the restore made live and the list
 * reads as the article's history in order.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Brand } from '../../../../brands/types.ts';
import { CC_ARTICLE_GET, CC_ARTICLE_PUBLISH, CC_ARTICLE_RESTORE, CC_ARTICLE_SAVE, CC_ARTICLES_LIST, type ArticleDetail, type ArticleSummary } from '../../../core/contract/cc-articles.ts';
import { routePath } from '../../../core/contract/endpoint.ts';
import { articlePath, ArticleSlugSchema, reservedSlugProblem } from '../../../core/control-center/article-fields.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { pageImage } from '../../pages/published-page.ts';
import type { ContentVersion, LiveContent } from '../../platform/store/index.ts';
import { siteBrand } from '../branch-directory.ts';
import { brandOrigin } from '../origins.ts';
import { staffOf } from '../staff.ts';

type BranchParams = { branch: string };
type ArticleParams = { branch: string; article: string };

const versionAnswer = ({ version, fields, createdAt, createdBy }: ContentVersion) => ({ version, fields, createdAt, createdBy });

/** The list's view of an article from its newest version and its live state. */
function summary(origin: string, brand: Brand, slug: string, newest: ContentVersion, live: LiveContent | undefined): ArticleSummary {
  const text = (name: string) => (typeof newest.fields[name] === 'string' ? (newest.fields[name] as string) : '');
  return {
    slug,
    title: text('title'),
    author: text('author'),
    status: live ? 'published' : 'draft',
    path: articlePath(brand.id, slug),
    url: new URL(articlePath(brand.id, slug), origin).href,
    newestVersion: newest.version,
    ...(live ? { liveVersion: live.version } : {}),
    unpublishedChanges: live !== undefined && newest.version > live.version,
    updatedAt: newest.createdAt,
    updatedBy: newest.createdBy,
  };
}

/** Answers 404 for a branch that is no site brand; the brand otherwise (the content-factory routes use it too). */
export async function brandOf(request: FastifyRequest<{ Params: BranchParams }>, reply: FastifyReply): Promise<Brand | undefined> {
  const brand = siteBrand(request.params.branch);
  if (!brand) await reply.code(404).send({ error: 'Unknown branch', problems: [`branch: no site brand has the id '${request.params.branch}'`] });
  return brand;
}

/** Registers the article routes. */
export const articlesRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;

  /** The brand and the article's versions (newest first), or undefined after answering 404 (unknown branch, or no such article). */
  async function existingArticle(request: FastifyRequest<{ Params: ArticleParams }>, reply: FastifyReply): Promise<{ brand: Brand; versions: ContentVersion[] } | undefined> {
    const brand = await brandOf(request, reply);
    if (!brand) return undefined;
    const versions = await store.listContentVersions('article', brand.id, request.params.article);
    if (versions.length === 0) {
      await reply.code(404).send({ error: 'Unknown article', problems: [`article: ${brand.id} has no article '${request.params.article}'`] });
      return undefined;
    }
    return { brand, versions };
  }

  app.get<{ Params: BranchParams }>(routePath(CC_ARTICLES_LIST.path), async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const items = await store.listContentItems('article', brand.id);
    const articles = items.map((item) => summary(brandOrigin(request, brand), brand, item.itemKey, item.newest, item.live)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.slug.localeCompare(b.slug));
    return { articles };
  });

  app.get<{ Params: ArticleParams }>(routePath(CC_ARTICLE_GET.path), async (request, reply): Promise<ArticleDetail | undefined> => {
    const found = await existingArticle(request, reply);
    if (!found) return undefined;
    const { brand, versions } = found;
    const live = await store.getLiveContent('article', brand.id, request.params.article);
    return {
      article: summary(brandOrigin(request, brand), brand, request.params.article, versions[0]!, live?.live),
      versions: versions.map(versionAnswer),
      ...(live ? { live: live.live } : {}),
    };
  });

  app.put<{ Params: ArticleParams }>(routePath(CC_ARTICLE_SAVE.path), { bodyLimit: CC_ARTICLE_SAVE.bodyLimit! }, async (request, reply) => {
    const brand = await brandOf(request, reply);
    if (!brand) return;
    const slug = request.params.article;
    const body = CC_ARTICLE_SAVE.request.safeParse(request.body);
    const slugCheck = ArticleSlugSchema.safeParse(slug);
    const problems = [
      ...(slugCheck.success ? [] : zodProblems(slugCheck.error).map((problem) => `article: ${problem}`)),
      ...(slugCheck.success ? [reservedSlugProblem(brand.id, slug)].filter((problem) => problem !== undefined) : []),
      ...(body.success ? [] : zodProblems(body.error)),
    ];
    if (problems.length > 0 || !body.success) return sendBadRequest(reply, 'Invalid article', problems);
    const { baseVersion, fields } = body.data;
    if (fields.image !== undefined && !(await pageImage(store, brand.id, fields.image))) return sendBadRequest(reply, 'Invalid article', [`fields.image: ${brand.id} has no image ${fields.image}`]);
    if (fields.authorId !== undefined && !(await store.getAuthor(brand.id, fields.authorId))) return sendBadRequest(reply, 'Invalid article', [`fields.authorId: ${brand.id} has no author ${fields.authorId}`]);
    const versions = await store.listContentVersions('article', brand.id, slug);
    const newest = versions[0];
    if (newest === undefined && baseVersion !== 0) return sendBadRequest(reply, 'Invalid article', [`baseVersion: ${brand.id} has no article '${slug}' yet: create it with baseVersion 0`]);
    if (newest !== undefined && baseVersion > newest.version) return sendBadRequest(reply, 'Invalid article', [`baseVersion: '${slug}' has no version ${baseVersion} (newest: ${newest.version})`]);
    const staff = await staffOf(request);
    const outcome = await store.saveContentVersion({ kind: 'article', branch: brand.id, itemKey: slug, fields, baseVersion, by: staff.email });
    if ('conflict' in outcome) {
      const winner = outcome.conflict;
      const problem = baseVersion === 0 ? `an article with the slug '${slug}' already exists (version ${winner.version}, saved by ${winner.createdBy} at ${winner.createdAt})` : `version ${winner.version} was saved by ${winner.createdBy} at ${winner.createdAt}, after version ${baseVersion} you started from`;
      return reply.code(409).send({ error: baseVersion === 0 ? 'This slug is taken' : 'Someone saved this article first', problems: [problem], version: versionAnswer(winner) });
    }
    const base = versions.find((version) => version.version === baseVersion);
    await store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: 'article', itemId: slug, action: base ? 'save-draft' : 'create', before: base ? versionAnswer(base) : undefined, after: versionAnswer(outcome.saved) });
    return { version: versionAnswer(outcome.saved) };
  });

  app.post<{ Params: ArticleParams }>(routePath(CC_ARTICLE_PUBLISH.path), { bodyLimit: CC_ARTICLE_PUBLISH.bodyLimit! }, async (request, reply) => {
    const found = await existingArticle(request, reply);
    if (!found) return;
    const { brand } = found;
    const slug = request.params.article;
    const body = CC_ARTICLE_PUBLISH.request.safeParse(request.body);
    if (!body.success) return sendBadRequest(reply, 'Invalid publish', zodProblems(body.error));
    const version = found.versions.find((candidate) => candidate.version === body.data.version);
    if (!version) return sendBadRequest(reply, 'Invalid publish', [`version: '${slug}' has no version ${body.data.version}`]);
    const staff = await staffOf(request);
    const before = await store.getLiveContent('article', brand.id, slug);
    const live = (await store.publishContentVersion('article', brand.id, slug, version.version, staff.email))!;
    await store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: 'article', itemId: slug, action: 'publish', before: before ? { version: before.version } : undefined, after: { version: version.version } });
    return { version: versionAnswer(version), live };
  });

  app.post<{ Params: ArticleParams }>(routePath(CC_ARTICLE_RESTORE.path), { bodyLimit: CC_ARTICLE_RESTORE.bodyLimit! }, async (request, reply) => {
    const found = await existingArticle(request, reply);
    if (!found) return;
    const { brand, versions } = found;
    const slug = request.params.article;
    const body = CC_ARTICLE_RESTORE.request.safeParse(request.body);
    if (!body.success) return sendBadRequest(reply, 'Invalid restore', zodProblems(body.error));
    const old = versions.find((candidate) => candidate.version === body.data.version);
    if (!old) return sendBadRequest(reply, 'Invalid restore', [`version: '${slug}' has no version ${body.data.version}`]);
    const staff = await staffOf(request);
    const before = await store.getLiveContent('article', brand.id, slug);
    const outcome = await store.saveContentVersion({ kind: 'article', branch: brand.id, itemKey: slug, fields: old.fields, baseVersion: versions[0]!.version, by: staff.email });
    if ('conflict' in outcome) {
      return reply.code(409).send({ error: 'Someone saved this article meanwhile', problems: [`version ${outcome.conflict.version} was saved by ${outcome.conflict.createdBy} at ${outcome.conflict.createdAt}`], version: versionAnswer(outcome.conflict) });
    }
    const live = (await store.publishContentVersion('article', brand.id, slug, outcome.saved.version, staff.email))!;
    await store.recordAudit({
      userEmail: staff.email,
      branch: brand.id,
      itemKind: 'article',
      itemId: slug,
      action: 'restore',
      before: before ? { version: before.version } : undefined,
      after: { version: outcome.saved.version, restoredFrom: old.version },
    });
    return { version: versionAnswer(outcome.saved), live };
  });
};
