/**
 * `/api/cc/branches/{branch}/articles…`: a branch's articles, one
 * article with its versions, and the changes: save a version (the first save at a slug creates the
 * article), publish, restore. Every change writes the audit log (item kind 'article', item id the
 * slug) and answers the new version.
 *
 * Restore works as the pages' does (pages-routes.ts): the old version's fields are saved as a NEW
 * version and published, so the newest version is always what the restore made live and the list
 * reads as the article's history in order.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { Brand } from '../../../../brands/types.ts';
import { CC_ARTICLE_GET, CC_ARTICLE_PUBLISH, CC_ARTICLE_RESTORE, CC_ARTICLE_SAVE, CC_ARTICLES_LIST, type ArticleDetail, type ArticleSummary } from '../../../core/contract/cc-articles.ts';
import { articlePath, ArticleSlugSchema, reservedSlugProblem } from '../../../core/control-center/article-fields.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import { pageImage } from '../../pages/page-image.ts';
import type { ContentVersion, LiveContent } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { siteBrand } from '../branch-directory.ts';
import { namedBranch, unknownBranch } from '../branch-lookup.ts';
import { brandOrigin } from '../origins.ts';
import { staffOf } from '../staff.ts';

type ArticleParams = { branch: string; article: string };

const versionAnswer = ({ version, fields, createdAt, createdBy }: ContentVersion) => ({ version, fields, createdAt, createdBy });

/** The list's view of an article from its newest version and its live state. */
function summary(origin: string, brand: Brand, slug: string, newest: ContentVersion, live: LiveContent | undefined): ArticleSummary {
  const text = (name: string) => (typeof newest.fields[name] === 'string' ? newest.fields[name] : '');
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

/**
 * A save's body as its schema reads it, and the path's slug: a well-formed slug no page of the
 * branch already uses. Both are listed in one 400, the slug's problems first.
 */
const articleSave: RequestCheck<z.output<typeof CC_ARTICLE_SAVE.request>> = (input, request) => {
  const slug = (request.params as ArticleParams).article;
  const slugCheck = ArticleSlugSchema.safeParse(slug);
  const body = schemaCheck(CC_ARTICLE_SAVE.request)(input, request);
  const problems = [
    ...(slugCheck.success ? [reservedSlugProblem(namedBranch.of(request).id, slug)].filter((problem) => problem !== undefined) : zodProblems(slugCheck.error).map((problem) => `article: ${problem}`)),
    ...(body.ok ? [] : body.problems),
  ];
  return problems.length > 0 ? { ok: false, problems } : body;
};

/** Registers the article routes. */
export const articlesRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;

  /** The brand, the article's newest version and all its versions (newest first); 404 for an unknown branch or article. */
  const namedArticle = requestLookup(async (request: FastifyRequest<{ Params: ArticleParams }>, reply) => {
    const brand = siteBrand(request.params.branch);
    if (!brand) return reply.code(404).send(unknownBranch(request.params.branch));
    const versions = await store.listContentVersions('article', brand.id, request.params.article);
    const [newest] = versions;
    if (newest === undefined) return reply.code(404).send({ error: 'Unknown article', problems: [`article: ${brand.id} has no article '${request.params.article}'`] });
    return { brand, newest, versions };
  });

  routeEndpoint(app, CC_ARTICLES_LIST, { before: [namedBranch] }, async (request) => {
    const brand = namedBranch.of(request);
    const items = await store.listContentItems('article', brand.id);
    const articles = items.map((item) => summary(brandOrigin(request, brand), brand, item.itemKey, item.newest, item.live)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.slug.localeCompare(b.slug));
    return { articles };
  });

  routeEndpoint(app, CC_ARTICLE_GET, { before: [namedArticle] }, async (request): Promise<ArticleDetail> => {
    const { brand, newest, versions } = namedArticle.of(request);
    const live = await store.getLiveContent('article', brand.id, request.params.article);
    return {
      article: summary(brandOrigin(request, brand), brand, request.params.article, newest, live?.live),
      versions: versions.map(versionAnswer),
      ...(live ? { live: live.live } : {}),
    };
  });

  routeEndpoint(app, CC_ARTICLE_SAVE, { before: [namedBranch], check: articleSave }, async (request, reply) => {
    const brand = namedBranch.of(request);
    const slug = request.params.article;
    const { baseVersion, fields } = request.body;
    const invalid = CC_ARTICLE_SAVE.invalid;
    if (fields.image !== undefined && !(await pageImage(store, brand.id, fields.image))) return sendBadRequest(reply, invalid, [`fields.image: ${brand.id} has no image ${fields.image}`]);
    if (fields.authorId !== undefined && !(await store.getAuthor(brand.id, fields.authorId))) return sendBadRequest(reply, invalid, [`fields.authorId: ${brand.id} has no author ${fields.authorId}`]);
    const versions = await store.listContentVersions('article', brand.id, slug);
    const newest = versions[0];
    if (newest === undefined && baseVersion !== 0) return sendBadRequest(reply, invalid, [`baseVersion: ${brand.id} has no article '${slug}' yet: create it with baseVersion 0`]);
    if (newest !== undefined && baseVersion > newest.version) return sendBadRequest(reply, invalid, [`baseVersion: '${slug}' has no version ${baseVersion} (newest: ${newest.version})`]);
    const staff = await staffOf(request);
    const outcome = await store.saveContentVersion({ kind: 'article', branch: brand.id, itemKey: slug, fields, baseVersion, by: staff.email });
    if ('conflict' in outcome) {
      const winner = outcome.conflict;
      const problem = baseVersion === 0 ? `an article with the slug '${slug}' already exists (version ${winner.version}, saved by ${winner.createdBy} at ${winner.createdAt})` : `version ${winner.version} was saved by ${winner.createdBy} at ${winner.createdAt}, after version ${baseVersion} you started from`;
      return reply.code(409).send({ error: baseVersion === 0 ? 'This slug is taken' : 'Someone saved this article first', problems: [problem], version: versionAnswer(winner) });
    }
    const base = versions.find((version) => version.version === baseVersion);
    await auditChange(request, CC_ARTICLE_SAVE, { branch: brand.id, itemId: slug, action: base ? 'save-draft' : 'create', before: base ? versionAnswer(base) : undefined, after: versionAnswer(outcome.saved) });
    return { version: versionAnswer(outcome.saved) };
  });

  routeEndpoint(app, CC_ARTICLE_PUBLISH, { before: [namedArticle] }, async (request, reply) => {
    const { brand, versions } = namedArticle.of(request);
    const slug = request.params.article;
    const version = versions.find((candidate) => candidate.version === request.body.version);
    if (!version) return sendBadRequest(reply, CC_ARTICLE_PUBLISH.invalid, [`version: '${slug}' has no version ${request.body.version}`]);
    const staff = await staffOf(request);
    const before = await store.getLiveContent('article', brand.id, slug);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the version was just read or saved, and versions are never deleted
    const live = (await store.publishContentVersion('article', brand.id, slug, version.version, staff.email))!;
    await auditChange(request, CC_ARTICLE_PUBLISH, { branch: brand.id, itemId: slug, action: 'publish', before: before ? { version: before.version } : undefined, after: { version: version.version } });
    return { version: versionAnswer(version), live };
  });

  routeEndpoint(app, CC_ARTICLE_RESTORE, { before: [namedArticle] }, async (request, reply) => {
    const { brand, newest, versions } = namedArticle.of(request);
    const slug = request.params.article;
    const old = versions.find((candidate) => candidate.version === request.body.version);
    if (!old) return sendBadRequest(reply, CC_ARTICLE_RESTORE.invalid, [`version: '${slug}' has no version ${request.body.version}`]);
    const staff = await staffOf(request);
    const before = await store.getLiveContent('article', brand.id, slug);
    const outcome = await store.saveContentVersion({ kind: 'article', branch: brand.id, itemKey: slug, fields: old.fields, baseVersion: newest.version, by: staff.email });
    if ('conflict' in outcome) {
      return reply.code(409).send({ error: 'Someone saved this article meanwhile', problems: [`version ${outcome.conflict.version} was saved by ${outcome.conflict.createdBy} at ${outcome.conflict.createdAt}`], version: versionAnswer(outcome.conflict) });
    }
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the version was just read or saved, and versions are never deleted
    const live = (await store.publishContentVersion('article', brand.id, slug, outcome.saved.version, staff.email))!;
    await auditChange(request, CC_ARTICLE_RESTORE, {
      branch: brand.id,
      itemId: slug,
      action: 'restore',
      before: before ? { version: before.version } : undefined,
      after: { version: outcome.saved.version, restoredFrom: old.version },
    });
    return { version: versionAnswer(outcome.saved), live };
  });
};
