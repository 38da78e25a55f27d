/**
 * What client navigation and the version check fetch besides the /api/ routes (spec §7): every
 * page's JSON twin `{path}/_payload.json`, built by the same loader as the HTML page, and the
 * build files `builds/latest.json` (polled by the version check) and `builds/meta/{id}.json`
 * (the manifest with the route rules). Paths are made here so no other file spells them.
 */
import * as z from 'zod';
import type { BuildManifest } from '../build-manifest.ts';
import type { Payload } from '../payload/types.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** Appended to a page's path to name its JSON twin. */
export const PAYLOAD_SUFFIX = '/_payload.json';

/** Where the latest build id is published. */
export const LATEST_BUILD_PATH = '/builds/latest.json';

/** Where build manifests are published, one per build id. */
export const BUILD_META_DIRECTORY = '/builds/meta/';

/**
 * The JSON twin of a page: `/quiz/otc?x=1` gives `/quiz/otc/_payload.json?x=1`, `/` gives
 * `/_payload.json` (a trailing slash is dropped). The query string travels along: route guards
 * and working hours (utm_medium) read it, as they do for the HTML page.
 */
export function payloadPath(pathAndSearch: string): string {
  const queryAt = pathAndSearch.indexOf('?');
  const path = (queryAt === -1 ? pathAndSearch : pathAndSearch.slice(0, queryAt)) || '/';
  const search = queryAt === -1 ? '' : pathAndSearch.slice(queryAt + 1);
  return `${path === '/' ? '' : path.replace(/\/$/, '')}${PAYLOAD_SUFFIX}${search ? `?${search}` : ''}`;
}

/** The page a payload path is the twin of (`/quiz/otc/_payload.json` gives `/quiz/otc`), or undefined for any other path. Takes a path without its query. */
export function payloadPagePath(path: string): string | undefined {
  if (!path.endsWith(PAYLOAD_SUFFIX)) return undefined;
  return path.slice(0, -PAYLOAD_SUFFIX.length) || '/';
}

/** The manifest of build `buildId`. */
export function buildMetaPath(buildId: string): string {
  return `${BUILD_META_DIRECTORY}${encodeURIComponent(buildId)}.json`;
}

/** A payload's shape as far as a client must check it: a page or an error page of some build. */
const PayloadShapeSchema = z.looseObject({
  kind: z.enum(['page', 'error']),
  status: z.int(),
  buildId: z.string(),
  path: z.string(),
});

/** A page payload (core/payload/types.ts); checked by its kind, status, build and path. 404 and error payloads are payloads too. */
export const PayloadSchema = z.custom<Payload>((value) => PayloadShapeSchema.safeParse(value).success, { error: 'not a page payload' });

/** The page's query parameters, each one string (route guards and working hours read them). */
export const PageQuerySchema = z.record(z.string(), z.string());

/** builds/latest.json (core/build-manifest.ts LatestBuild). */
export const LatestBuildSchema = z.object({ id: z.string().min(1), timestamp: z.number() });

const BuildManifestShapeSchema = LatestBuildSchema.extend({
  assets: z.object({ entry: z.string(), css: z.array(z.string()), controlCenterCss: z.array(z.string()) }),
  routes: z.array(z.looseObject({ name: z.string(), path: z.string() })),
  routeRules: z.record(z.string(), z.unknown()),
});

/** builds/meta/{id}.json (core/build-manifest.ts BuildManifest); checked by its shape down to the route list. */
export const BuildManifestSchema = z.custom<BuildManifest>((value) => BuildManifestShapeSchema.safeParse(value).success, { error: 'not a build manifest' });

/**
 * What a twin answers for a path whose route rule redirects (core/router/rules.ts RedirectAnswer):
 * the rule itself with status 200, which the navigator follows (a 3xx would be followed by fetch
 * unseen).
 */
export const RedirectAnswerSchema = z.looseObject({ kind: z.literal('redirect'), redirect: z.string().min(1) });

export const PAGE_PAYLOAD = defineEndpoint({
  name: 'page-payload',
  method: 'GET',
  path: `{path}${PAYLOAD_SUFFIX}`,
  request: PageQuerySchema,
  response: z.union([PayloadSchema, RedirectAnswerSchema]),
});

export const LATEST_BUILD = defineEndpoint({
  name: 'latest-build',
  method: 'GET',
  path: LATEST_BUILD_PATH,
  /** `t`: the time of the check, which defeats caches. */
  request: z.object({ t: z.string().optional() }),
  response: LatestBuildSchema,
});

export const BUILD_META = defineEndpoint({
  name: 'build-meta',
  method: 'GET',
  path: `${BUILD_META_DIRECTORY}{id}.json`,
  request: NothingSchema,
  response: BuildManifestSchema,
});
