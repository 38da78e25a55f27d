/**
 * What the browser fetches besides the API: every page's JSON twin (spec §7 `{path}/_payload.json`)
 * for client navigation and prefetch, and the build manifest with the route rules (spec §7
 * `builds/meta/{buildId}.json`). Paths and checks come from the contract (core/contract/paths.ts, checks.ts).
 */
import type { BuildManifest } from '../core/build-manifest.ts';
import { expectValid } from '../core/check/check.ts';
import { isBuildManifest, isPayload, isRedirectAnswer } from '../core/contract/checks.ts';
import { buildMetaPath, payloadPath } from '../core/contract/paths.ts';
import type { Payload } from '../core/payload/types.ts';
import type { RouteRule } from '../core/router/route.ts';
import { routeRuleFor, type RedirectAnswer } from '../core/router/rules.ts';

/** What a page's twin answers: its payload (a 404 payload is a payload too), or its route rule's redirect. */
export type PayloadAnswer = Payload | RedirectAnswer;

/** True for a twin's redirect answer (core/router/rules.ts). */
export { isRedirectAnswer };

/** The fetch the browser uses; injected by tests. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Fetches what the twin of `pathAndSearch` answers: the page payload, or the redirect of the
 * path's route rule (the server answers rules too, so a rule the manifest has not brought yet is
 * still followed). Rejects on a network failure or a body that is neither.
 */
export async function fetchPayload(pathAndSearch: string, fetcher: Fetch = (input, init) => fetch(input, init)): Promise<PayloadAnswer> {
  const response = await fetcher(payloadPath(pathAndSearch), { headers: { accept: 'application/json' } });
  const body: unknown = await response.json();
  if (isRedirectAnswer(body)) return body;
  if (!isPayload(body)) throw new Error(`Bad payload for ${pathAndSearch} (${response.status})`);
  return body;
}

/** The route rules of the running build, from its manifest once that has arrived. */
export interface RouteRules {
  /** The rule of a path (core/router/rules.ts routeRuleFor); undefined until the manifest is in. */
  routeRule(path: string): RouteRule | undefined;
  /** Settles when the manifest has arrived or failed (spec §8: a failure is only logged). */
  readonly loaded: Promise<void>;
}

/** Fetches the manifest of build `buildId` in the background and answers route rules from it. */
export function loadRouteRules(buildId: string, fetcher: Fetch = (input, init) => fetch(input, init)): RouteRules {
  let manifest: BuildManifest | undefined;
  const loaded = fetcher(buildMetaPath(buildId), { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`manifest ${response.status}`))))
    .then((body: unknown) => {
      manifest = expectValid(isBuildManifest, body, 'a build manifest');
    })
    .catch((error: unknown) => console.error('Failed to load the build manifest', error));
  return { routeRule: (path) => (manifest ? routeRuleFor(manifest.routeRules, path) : undefined), loaded };
}
