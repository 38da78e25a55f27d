/**
 * The store reads a page request makes on every request (live content, whether a brand has
 * articles, running experiments), all as of one content epoch read once per request
 * (store/content-epoch.ts): answered from this process's memory while nothing was published or
 * changed since they were read, on any process.
 */
import type { FastifyRequest } from 'fastify';
import type { ContentKind, Store } from '../platform/store/index.ts';

const epochs = new WeakMap<FastifyRequest, Promise<number>>();

/** This request's content epoch: read from the store once per request, when first asked (the HTML cache key holds it too). */
export function contentEpochOf(request: FastifyRequest): Promise<number> {
  let epoch = epochs.get(request);
  if (epoch === undefined) {
    epoch = request.server.store.contentEpoch();
    epochs.set(request, epoch);
  }
  return epoch;
}

/** The live version of a page or article, as the store had it when this request began reading. */
export async function liveContent(request: FastifyRequest, kind: ContentKind, branch: string, itemKey: string): ReturnType<Store['getLiveContent']> {
  return request.server.store.liveContentAt(await contentEpochOf(request), kind, branch, itemKey);
}

/** Whether the branch has a published item of the kind (a brand "has articles"), as of this request's epoch. */
export async function hasLiveContent(request: FastifyRequest, kind: ContentKind, branch: string): Promise<boolean> {
  return request.server.store.hasLiveContentAt(await contentEpochOf(request), kind, branch);
}

/** The branch's running experiments, as of this request's epoch. */
export async function runningExperiments(request: FastifyRequest, branch: string): ReturnType<Store['runningExperiments']> {
  return request.server.store.runningExperimentsAt(await contentEpochOf(request), branch);
}
