/**
 * `/api/cc/branches/{branch}/pages…`: the brand's routes with their live
 * version, one page with its versions, and the changes: save a draft, publish,
 * restore, and a preview link. Every change writes the audit log and answers the new version.
 *
 * Restore publishes the chosen old version's fields as a NEW version (a copy), rather than pointing
 * live back at the old number: the newest version is then always what a restore made live, the
 * next editor's save starts from it (not from a draft someone left on top), and the version list
 * reads as the page's history in order, with the restore itself one more entry in it.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Brand } from '../../../../brands/types.ts';
import { CC_PAGE_GET, CC_PAGE_PREVIEW, CC_PAGE_PUBLISH, CC_PAGE_RESTORE, CC_PAGE_SAVE, CC_PAGES_LIST, type PageDetail, type PageSummary } from '../../../core/contract/cc-pages.ts';
import { copyForBrand } from '../../../core/content/brand-view.ts';
import type { PageFields } from '../../../core/control-center/page-fields.ts';
import type { RouteDefinition } from '../../../core/router/route.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import type { ContentVersion, LiveContent } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { staffOf } from '../staff.ts';
import { siteBrand } from '../branch-directory.ts';
import { namedBranch, unknownBranch } from '../branch-lookup.ts';
import { editableRoutes } from './editable-pages.ts';
import { brandOrigin } from '../origins.ts';
import { PREVIEW_PARAM, PREVIEW_TTL_SECONDS, signPreviewToken } from './preview-token.ts';
import { pageImage } from '../../pages/page-image.ts';
import type { ImageStore } from '../images/image-store.ts';

type PageParams = { branch: string; page: string };

/** The brand and editable route the path names; 404 for an unknown branch or page. */
const namedPage = requestLookup((request: FastifyRequest<{ Params: PageParams }>, reply) => {
  const brand = siteBrand(request.params.branch);
  if (!brand) return reply.code(404).send(unknownBranch(request.params.branch));
  const route = editableRoutes(brand).find((candidate) => candidate.name === request.params.page);
  if (!route) return reply.code(404).send({ error: 'Unknown page', problems: [`page: ${brand.id} has no page named '${request.params.page}'`] });
  return { brand, route };
});

const versionAnswer = ({ version, fields, createdAt, createdBy }: ContentVersion) => ({ version, fields, createdAt, createdBy });

function summary(brand: Brand, route: RouteDefinition, newest?: ContentVersion, live?: LiveContent & { indexable?: unknown }): PageSummary {
  return {
    name: route.name,
    path: route.path,
    template: route.page.template,
    ...(route.page.product ? { product: route.page.product } : {}),
    language: route.language ?? 'english',
    indexable: typeof live?.indexable === 'boolean' ? live.indexable : (route.page.indexable ?? false),
    ...(live ? { liveVersion: live.version } : {}),
    ...(newest ? { newestVersion: newest.version } : {}),
    draft: newest !== undefined && (live === undefined || newest.version > live.version),
  };
}

/** The path of a route's page with its optional parts left out; undefined when it needs a value (a slug). */
export function previewPath(route: RouteDefinition): string | undefined {
  const path = route.path.replace(/\/\{\w+\?\}/g, '');
  return path.includes('{') ? undefined : path || '/';
}

/** Registers the page routes. */
export const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;

  routeEndpoint(app, CC_PAGES_LIST, { before: [namedBranch] }, async (request) => {
    const brand = namedBranch.of(request);
    const items = new Map((await store.listContentItems('page', brand.id)).map((item) => [item.itemKey, item]));
    const liveFields = new Map(
      await Promise.all(
        [...items.values()].map(async ({ itemKey, live }) => [itemKey, live ? (await store.getContentVersion('page', brand.id, itemKey, live.version))?.fields : undefined] as const),
      ),
    );
    const pages = editableRoutes(brand).map((route) => {
      const item = items.get(route.name);
      return summary(brand, route, item?.newest, item?.live ? { ...item.live, indexable: liveFields.get(route.name)?.indexable } : undefined);
    });
    return { pages };
  });

  routeEndpoint(app, CC_PAGE_GET, { before: [namedPage] }, async (request): Promise<PageDetail> => {
    const { brand, route } = namedPage.of(request);
    const [versions, live] = await Promise.all([store.listContentVersions('page', brand.id, route.name), store.getLiveContent('page', brand.id, route.name)]);
    const builtIn = copyForBrand(route.page, brand);
    return {
      page: summary(brand, route, versions[0], live ? { ...live.live, indexable: live.fields.indexable } : undefined),
      builtIn: {
        ...(builtIn.title ? { title: builtIn.title } : {}),
        ...(builtIn.description ? { description: builtIn.description } : {}),
        ...(builtIn.headline ? { headline: builtIn.headline } : {}),
        ...(builtIn.subheadline ? { subheadline: builtIn.subheadline } : {}),
        ...(builtIn.body?.length ? { body: builtIn.body.join('\n\n') } : {}),
        ...(builtIn.image ? { image: { src: builtIn.image.src, alt: builtIn.image.alt } } : {}),
        ...(builtIn.benefits?.length ? { benefits: [...builtIn.benefits] } : {}),
        indexable: builtIn.indexable ?? false,
        ...(builtIn.destination ? { destination: builtIn.destination } : {}),
      },
      versions: versions.map(versionAnswer),
      ...(live ? { live: live.live } : {}),
    };
  });

  routeEndpoint(app, CC_PAGE_SAVE, { before: [namedPage] }, async (request, reply) => {
    const { brand, route } = namedPage.of(request);
    const { baseVersion, fields } = request.body;
    const imageProblem = await unknownImage(brand.id, fields);
    if (imageProblem) return sendBadRequest(reply, CC_PAGE_SAVE.invalid, [imageProblem]);
    const versions = await store.listContentVersions('page', brand.id, route.name);
    const newest = versions[0];
    if (baseVersion > (newest?.version ?? 0)) return sendBadRequest(reply, CC_PAGE_SAVE.invalid, [`baseVersion: ${route.name} has no version ${baseVersion} (newest: ${newest?.version ?? 0})`]);
    const staff = await staffOf(request);
    const outcome = await store.saveContentVersion({ kind: 'page', branch: brand.id, itemKey: route.name, fields, baseVersion, by: staff.email });
    if ('conflict' in outcome) {
      const winner = outcome.conflict;
      return reply.code(409).send({
        error: 'Someone saved this page first',
        problems: [`version ${winner.version} was saved by ${winner.createdBy} at ${winner.createdAt}, after version ${baseVersion} you started from`],
        version: versionAnswer(winner),
      });
    }
    const base = versions.find((version) => version.version === baseVersion);
    await auditChange(request, CC_PAGE_SAVE, { branch: brand.id, itemId: route.name, action: 'save-draft', before: base ? versionAnswer(base) : undefined, after: versionAnswer(outcome.saved) });
    return { version: versionAnswer(outcome.saved) };
  });

  routeEndpoint(app, CC_PAGE_PUBLISH, { before: [namedPage] }, async (request, reply) => {
    const { brand, route } = namedPage.of(request);
    const version = await store.getContentVersion('page', brand.id, route.name, request.body.version);
    if (!version) return sendBadRequest(reply, CC_PAGE_PUBLISH.invalid, [`version: ${route.name} has no version ${request.body.version}`]);
    const staff = await staffOf(request);
    const before = await store.getLiveContent('page', brand.id, route.name);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the version was just read or saved, and versions are never deleted
    const live = (await store.publishContentVersion('page', brand.id, route.name, version.version, staff.email))!;
    await auditChange(request, CC_PAGE_PUBLISH, { branch: brand.id, itemId: route.name, action: 'publish', before: before ? { version: before.version } : undefined, after: { version: version.version } });
    return { version: versionAnswer(version), live };
  });

  routeEndpoint(app, CC_PAGE_RESTORE, { before: [namedPage] }, async (request, reply) => {
    const { brand, route } = namedPage.of(request);
    const old = await store.getContentVersion('page', brand.id, route.name, request.body.version);
    if (!old) return sendBadRequest(reply, CC_PAGE_RESTORE.invalid, [`version: ${route.name} has no version ${request.body.version}`]);
    const staff = await staffOf(request);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- old is one of the page's versions, so the list is not empty
    const newest = (await store.listContentVersions('page', brand.id, route.name))[0]!;
    const before = await store.getLiveContent('page', brand.id, route.name);
    const outcome = await store.saveContentVersion({ kind: 'page', branch: brand.id, itemKey: route.name, fields: old.fields, baseVersion: newest.version, by: staff.email });
    if ('conflict' in outcome) {
      return reply.code(409).send({ error: 'Someone saved this page meanwhile', problems: [`version ${outcome.conflict.version} was saved by ${outcome.conflict.createdBy} at ${outcome.conflict.createdAt}`], version: versionAnswer(outcome.conflict) });
    }
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the version was just read or saved, and versions are never deleted
    const live = (await store.publishContentVersion('page', brand.id, route.name, outcome.saved.version, staff.email))!;
    await auditChange(request, CC_PAGE_RESTORE, {
      branch: brand.id,
      itemId: route.name,
      action: 'restore',
      before: before ? { version: before.version } : undefined,
      after: { version: outcome.saved.version, restoredFrom: old.version },
    });
    return { version: versionAnswer(outcome.saved), live };
  });

  routeEndpoint(app, CC_PAGE_PREVIEW, { before: [namedPage] }, async (request, reply) => {
    const { brand, route } = namedPage.of(request);
    const version = await store.getContentVersion('page', brand.id, route.name, request.body.version);
    if (!version) return sendBadRequest(reply, CC_PAGE_PREVIEW.invalid, [`version: ${route.name} has no version ${request.body.version}`]);
    const path = previewPath(route);
    if (path === undefined) return sendBadRequest(reply, CC_PAGE_PREVIEW.invalid, [`page: ${route.path} needs a value in its path, so it has no one page to preview`]);
    const expiresAt = Math.floor(Date.now() / 1000) + PREVIEW_TTL_SECONDS;
    const token = signPreviewToken(app.previewKey, { branch: brand.id, route: route.name, version: version.version, expiresAt });
    const url = new URL(path, brandOrigin(request, brand));
    url.searchParams.set(PREVIEW_PARAM, token);
    return reply.header('cache-control', 'no-store').send({ url: url.href, expiresAt: new Date(expiresAt * 1000).toISOString() });
  });

  /** A problem when `fields` names an image the branch does not have (checked only once images exist in the store). */
  async function unknownImage(branch: string, fields: PageFields): Promise<string | undefined> {
    if (fields.image === undefined) return undefined;
    if (typeof (store as Partial<ImageStore>).getImage !== 'function') return undefined;
    return (await pageImage(store, branch, fields.image)) ? undefined : `image: ${branch} has no image ${fields.image}`;
  }
};
