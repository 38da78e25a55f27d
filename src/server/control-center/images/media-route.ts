/**
 * `GET /media/{sha256}/{variant}`: an uploaded image's file, from the store,
 * so every server node answers for every image. Host-independent like /assets (brand.ts): brand
 * pages of every host and the control center link to the same address. A file never changes (its
 * address names the hash of the upload), so it is cached for a year as immutable, with an ETag.
 */
import type { FastifyInstance } from 'fastify';
import { MEDIA_FILE } from '../../../core/contract/media.ts';
import { ImageHashSchema, ImageVariantSchema } from '../../../core/control-center/images.ts';
import { routeEndpoint } from '../../platform/http/endpoint-route.ts';

/** A year, the longest cache lifetime worth asking for. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The ETag of one file: the image's hash and the variant, which together fix its bytes. */
export function mediaEtag(sha256: string, variant: string): string {
  return `"${sha256}-${variant}"`;
}

/** Registers the media route. */
export async function mediaPlugin(app: FastifyInstance): Promise<void> {
  routeEndpoint(app, MEDIA_FILE, async (request, reply) => {
    const { sha256, variant } = request.params;
    const file = ImageHashSchema.safeParse(sha256).success && ImageVariantSchema.safeParse(variant).success ? await app.store.getImageFile(sha256, variant) : undefined;
    if (file === undefined) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('No such image file');
    const etag = mediaEtag(sha256, variant);
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(file.mime).send(file.data);
  });
}
