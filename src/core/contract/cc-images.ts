/**
 * The control center's image endpoints: a branch's images, uploading
 * one as the raw file body, its details with where it is used, changing its alt text, deleting it.
 * The files themselves are served by media.ts.
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { ImageAltSchema, ImageHashSchema, IMAGE_MAX_BYTES } from '../control-center/images.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** One stored file of an image: its original format or a WebP rendition. */
export const ImageFileSchema = z.object({
  variant: z.string(),
  mime: z.string(),
  width: z.int(),
  height: z.int(),
  bytes: z.int(),
});

/** A page or an article whose newest or live version shows the image. */
export const ImageUseSchema = z.object({
  kind: z.enum(['page', 'article']),
  itemKey: z.string(),
  version: z.int(),
});

/** An image of a branch as the API gives it: what it is, who uploaded it, its files and its users. */
export const ImageSchema = z.object({
  branch: z.string(),
  sha256: z.string(),
  alt: z.string(),
  mime: z.string(),
  width: z.int(),
  height: z.int(),
  /** Size of the uploaded original, in bytes. */
  bytes: z.int(),
  createdAt: z.string(),
  createdBy: z.string(),
  files: z.array(ImageFileSchema),
  usedBy: z.array(ImageUseSchema),
});

/** An image as the API gives it. */
export type ImageAnswer = z.output<typeof ImageSchema>;

/** A use of an image. */
export type ImageUse = z.output<typeof ImageUseSchema>;

/** The upload's query: the alt text (the body is the file itself). */
export const ImageUploadQuerySchema = z.object({ alt: ImageAltSchema });

/** A change to an image: its new alt text. */
export const ImageUpdateSchema = z.strictObject({ alt: ImageAltSchema });

/** Path parameters of one image. */
export const ImageParamsSchema = z.object({ branch: z.string(), image: ImageHashSchema });

/** What refusing to delete a used image answers (409): the usual error and the users. */
export const ImageInUseSchema = z.object({ error: z.string(), problems: z.array(z.string()), usedBy: z.array(ImageUseSchema) });

export const CC_IMAGES_LIST = defineEndpoint({
  name: 'cc-images-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/images',
  request: NothingSchema,
  response: z.object({ images: z.array(ImageSchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_IMAGE_UPLOAD = defineEndpoint({
  name: 'cc-image-upload',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/images',
  /** The query (`?alt=`); the body is the image file's bytes (application/octet-stream or image/*). */
  request: ImageUploadQuerySchema,
  requestIn: 'query',
  /** 201 when the image is new, 200 when the branch had it already (unchanged). */
  response: z.object({ image: ImageSchema, created: z.boolean() }),
  bodyLimit: IMAGE_MAX_BYTES,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid upload',
  audit: { kind: 'image', actions: ['upload'] },
});

export const CC_IMAGE_GET = defineEndpoint({
  name: 'cc-image-get',
  method: 'GET',
  path: '/api/cc/branches/{branch}/images/{image}',
  request: NothingSchema,
  response: z.object({ image: ImageSchema }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_IMAGE_UPDATE = defineEndpoint({
  name: 'cc-image-update',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/images/{image}',
  request: ImageUpdateSchema,
  response: z.object({ image: ImageSchema }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid image change',
  audit: { kind: 'image', actions: ['update-alt'] },
});

export const CC_IMAGE_DELETE = defineEndpoint({
  name: 'cc-image-delete',
  method: 'DELETE',
  path: '/api/cc/branches/{branch}/images/{image}',
  request: NothingSchema,
  /** 409 {@link ImageInUseSchema} when a page or article uses it. */
  response: z.object({ deleted: z.string() }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  audit: { kind: 'image', actions: ['delete'] },
});
