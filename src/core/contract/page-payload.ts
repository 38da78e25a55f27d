/**
 * What client navigation and the version check fetch besides the /api/ routes (spec §7): every
 * page's JSON twin `{path}/_payload.json`, built by the same loader as the HTML page, and the
 * build files `builds/latest.json` (polled by the version check) and `builds/meta/{id}.json`
 * (the manifest with the route rules). The browser checks what it fetches with the guards of
 * checks.ts, built from the same constants; test/unit/browser-checks.test.ts holds them to these schemas.
 */
import * as z from 'zod';
import type { BuildManifest } from '../build-manifest.ts';
import type { Payload } from '../payload/types.ts';
import { PAYLOAD_KINDS, REDIRECT_KIND } from './checks.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';
import { BUILD_META_DIRECTORY, LATEST_BUILD_PATH, PAYLOAD_SUFFIX } from './paths.ts';

// The paths and their functions live zod-free in paths.ts (the browser imports them from there).
export { BUILD_META_DIRECTORY, buildMetaPath, LATEST_BUILD_PATH, PAYLOAD_SUFFIX, payloadPagePath, payloadPath } from './paths.ts';

/** A payload's shape as far as a client must check it: a page or an error page of some build. */
const PayloadShapeSchema = z.looseObject({
  kind: z.enum(PAYLOAD_KINDS),
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
export const RedirectAnswerSchema = z.looseObject({ kind: z.literal(REDIRECT_KIND), redirect: z.string().min(1) });

export const PAGE_PAYLOAD = defineEndpoint({
  name: 'page-payload',
  method: 'GET',
  path: `{path}${PAYLOAD_SUFFIX}`,
  request: PageQuerySchema,
  response: z.union([PayloadSchema, RedirectAnswerSchema]),
  access: 'public',
  limitGroup: 'pages',
});

export const LATEST_BUILD = defineEndpoint({
  name: 'latest-build',
  method: 'GET',
  path: LATEST_BUILD_PATH,
  /** `t`: the time of the check, which defeats caches. */
  request: z.object({ t: z.string().optional() }),
  response: LatestBuildSchema,
  access: 'public',
  limitGroup: 'files',
});

export const BUILD_META = defineEndpoint({
  name: 'build-meta',
  method: 'GET',
  path: `${BUILD_META_DIRECTORY}{id}.json`,
  request: NothingSchema,
  response: BuildManifestSchema,
  access: 'public',
  limitGroup: 'files',
});
