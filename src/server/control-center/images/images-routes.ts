/**
 * The control center's images API (contract: core/contract/cc-images.ts):
 * a branch's images with their users, uploading one, one image's details, changing its alt text
 * and deleting it. An upload is the file's bytes as the body (application/octet-stream or
 * image/*, up to 5 MB; the type is judged from the bytes only) with the alt text in `?alt=`.
 * Every change is written to the audit log under the signed-in account and answers the new state;
 * deleting an image a page or article uses is refused with 409 and the list of its users.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { CC_IMAGE_DELETE, CC_IMAGE_GET, CC_IMAGE_UPDATE, CC_IMAGE_UPLOAD, CC_IMAGES_LIST, type ImageAnswer, type ImageUse } from '../../../core/contract/cc-images.ts';
import { ImageHashSchema, IMAGE_MAX_BYTES, IMAGE_TYPE_NAMES } from '../../../core/control-center/images.ts';
import { sendBadRequest, zodProblems } from '../../platform/http/bad-request.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import { ImageRejectedError, ImageTooLargeError, processImage } from './process-image.ts';
import type { StoredImage } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { siteBrand } from '../branch-directory.ts';
import { staffOf } from '../staff.ts';

/** The content types an upload may be sent as; what it really is is read from the bytes. */
const UPLOAD_TYPES = /^(application\/octet-stream|image\/)/i;

type ImageParams = { Params: { branch: string; image: string } };

/** The answer to a path naming no branch. */
function unknownBranch(reply: FastifyReply, branch: string): FastifyReply {
  return reply.code(404).send({ error: 'Unknown branch', problems: [`there is no branch '${branch}'`] });
}

/** The branch (a site brand's id) the path names; a 404 otherwise. */
const imageBranch = requestLookup((request: FastifyRequest<{ Params: { branch: string } }>, reply) => siteBrand(request.params.branch)?.id ?? unknownBranch(reply, request.params.branch));

/** An upload's query as its schema reads it, and a body that is the file's bytes: both listed in one 400. */
const uploadCheck: RequestCheck<z.output<typeof CC_IMAGE_UPLOAD.request>> = (input, request) => {
  const query = schemaCheck(CC_IMAGE_UPLOAD.request)(input, request);
  const problems = query.ok ? [] : query.problems;
  if (!Buffer.isBuffer(request.body)) problems.push(`send the image file itself as the body (${IMAGE_TYPE_NAMES}), with Content-Type application/octet-stream or image/*`);
  return problems.length > 0 ? { ok: false, problems } : query;
};

/** What the audit log keeps of an image: its facts, never its bytes. */
function auditView(image: StoredImage): Record<string, unknown> {
  return { sha256: image.sha256, alt: image.alt, mime: image.mime, width: image.width, height: image.height, bytes: image.bytes };
}

/** A readable line per use, for a refusal. */
function useLine(use: ImageUse): string {
  return `the ${use.kind} '${use.itemKey}' uses it (version ${use.version})`;
}

/** Registers the images routes (an area of the control-center API, api.ts). */
export async function imagesRoutes(app: FastifyInstance): Promise<void> {
  // This area's raw-body parser: the upload route reads the bytes; elsewhere here they are refused as not JSON.
  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));

  /** The image named in the path (its branch and hash checked), or an answer already sent. */
  async function imageOf(request: FastifyRequest<ImageParams>, reply: FastifyReply): Promise<StoredImage | undefined> {
    const branch = siteBrand(request.params.branch)?.id;
    if (branch === undefined) {
      void unknownBranch(reply, request.params.branch);
      return undefined;
    }
    const hash = ImageHashSchema.safeParse(request.params.image);
    if (!hash.success) {
      void sendBadRequest(reply, 'Invalid image', zodProblems(hash.error).map((problem) => `image: ${problem}`));
      return undefined;
    }
    const image = await app.store.getImage(branch, hash.data);
    if (image === undefined) void reply.code(404).send({ error: 'Unknown image', problems: [`branch ${branch} has no image ${hash.data}`] });
    return image;
  }

  /** The image as the API answers it, with the pages and articles that use it. */
  async function answer(image: StoredImage): Promise<ImageAnswer> {
    return { ...image, usedBy: await app.store.findContentUsingImage(image.branch, image.sha256) };
  }

  routeEndpoint(app, CC_IMAGES_LIST, { before: [imageBranch] }, async (request, reply) => {
    const images = await Promise.all((await app.store.listImages(imageBranch.of(request))).map(answer));
    return reply.header('cache-control', 'no-store').send({ images });
  });

  routeEndpoint(app, CC_IMAGE_UPLOAD, { before: [imageBranch], check: uploadCheck }, async (request, reply) => {
    const branch = imageBranch.of(request);
    let processed;
    try {
      // uploadCheck refused any body but the file's bytes.
      processed = await processImage(request.body as Buffer);
    } catch (error) {
      if (error instanceof ImageTooLargeError) return reply.code(413).send({ error: 'Image too large', problems: [...error.problems] });
      if (error instanceof ImageRejectedError) return sendBadRequest(reply, 'Invalid image', [...error.problems]);
      throw error;
    }
    const staff = await staffOf(request);
    const { image, created } = await app.store.addImage({ branch, ...processed, alt: request.query.alt, by: staff.email });
    if (created) await auditChange(request, CC_IMAGE_UPLOAD, { branch, itemId: image.sha256, action: 'upload', after: auditView(image) });
    return reply.code(created ? 201 : 200).send({ image: await answer(image), created });
  });

  routeEndpoint(app, CC_IMAGE_GET, async (request, reply) => {
    const image = await imageOf(request, reply);
    if (image === undefined) return reply;
    return reply.header('cache-control', 'no-store').send({ image: await answer(image) });
  });

  // The change is judged before the image is looked up.
  routeEndpoint(app, CC_IMAGE_UPDATE, async (request, reply) => {
    const { alt } = request.body;
    const before = await imageOf(request, reply);
    if (before === undefined) return reply;
    if (alt === before.alt) return reply.send({ image: await answer(before) });
    const after = await app.store.updateImageAlt(before.branch, before.sha256, alt);
    if (after === undefined) return reply.code(404).send({ error: 'Unknown image', problems: [`branch ${before.branch} has no image ${before.sha256}`] });
    await auditChange(request, CC_IMAGE_UPDATE, { branch: after.branch, itemId: after.sha256, action: 'update-alt', before: { alt: before.alt }, after: { alt: after.alt } });
    return reply.send({ image: await answer(after) });
  });

  routeEndpoint(app, CC_IMAGE_DELETE, async (request, reply) => {
    const image = await imageOf(request, reply);
    if (image === undefined) return reply;
    const usedBy = await app.store.findContentUsingImage(image.branch, image.sha256);
    if (usedBy.length > 0) return reply.code(409).send({ error: 'The image is in use', problems: usedBy.map(useLine), usedBy });
    if (!(await app.store.deleteImage(image.branch, image.sha256))) return reply.code(404).send({ error: 'Unknown image', problems: [`branch ${image.branch} has no image ${image.sha256}`] });
    await auditChange(request, CC_IMAGE_DELETE, { branch: image.branch, itemId: image.sha256, action: 'delete', before: auditView(image) });
    return reply.send({ deleted: image.sha256 });
  });
}
