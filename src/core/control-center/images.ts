/**
 * What an uploaded image is, shared by the API, the upload screen and
 * `cobrand images add`: the types accepted, the largest upload, the responsive widths, how its
 * files are named, and the alt text rule. An image is known by the sha256 of its original bytes
 * (64 lower-case hex digits), which is also how pages and articles reference it.
 */
import * as z from 'zod';
import { BODY_LIMITS } from '../contract/body-limits.ts';

/**
 * The largest upload accepted, in bytes (5 MB): the upload route's body limit, declared with the
 * other body limits, which every visitor page loads (the rest of this file stays out of that bundle).
 */
export const IMAGE_MAX_BYTES = BODY_LIMITS.image;

/**
 * The most pixels an upload may have: 4096 x 4096 (16.8 megapixels). A web page needs no more: the
 * widest rendition is 1920 px, and this leaves room to crop a 2:1 banner or a square. A camera's
 * 48-megapixel photo took 27 s and lifted the server's memory to about 400 MB, and a 5 MB PNG of one
 * colour can claim 20000 x 20000, so anything larger is refused from its header, before decoding.
 */
export const IMAGE_MAX_PIXELS = 4096 * 4096;

/** The widths of the WebP renditions, in pixels; only those no wider than the original are made. */
export const IMAGE_WIDTHS: readonly number[] = Object.freeze([320, 640, 960, 1280, 1920]);

/** Longest alt text, in characters. */
export const IMAGE_ALT_MAX_LENGTH = 250;

/** The accepted types, by MIME type, with the file extension of their original variant. */
export const IMAGE_TYPES = Object.freeze({ 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const);

/** An accepted image type. */
export type ImageMime = keyof typeof IMAGE_TYPES;

/** The type names staff read in messages ("PNG, JPEG or WebP"). */
export const IMAGE_TYPE_NAMES = 'PNG, JPEG or WebP';

/** An image's key: the sha256 of its original bytes, as 64 lower-case hex digits. */
export const ImageHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'not an image hash (64 lower-case hex digits)');

/** The alt text of an image: what a screen reader says instead of it. Required, trimmed. */
export const ImageAltSchema = z
  .string({ error: 'the alt text is missing' })
  .trim()
  .min(1, 'the alt text is empty: describe the image for people who cannot see it')
  .max(IMAGE_ALT_MAX_LENGTH, `the alt text is longer than ${IMAGE_ALT_MAX_LENGTH} characters`);

/** A file of an image: `original.{png|jpg|webp}` or a WebP rendition `w{width}.webp`. */
export const ImageVariantSchema = z.string().regex(/^(original\.(png|jpg|webp)|w[1-9][0-9]{0,4}\.webp)$/, 'not an image variant (original.png, original.jpg, original.webp or w640.webp)');

/** The name of the original-format file of an image of type `mime`. */
export function originalVariant(mime: ImageMime): string {
  return `original.${IMAGE_TYPES[mime]}`;
}

/** The name of the WebP rendition `width` pixels wide. */
export function widthVariant(width: number): string {
  return `w${width}.webp`;
}

/**
 * The widths of the WebP renditions of an image `originalWidth` pixels wide: every responsive
 * width no wider than the original, or the original's own width when it is narrower than all.
 */
export function renditionWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/** True when `mime` is an accepted image type. */
export function isImageMime(mime: string): mime is ImageMime {
  return Object.hasOwn(IMAGE_TYPES, mime);
}
