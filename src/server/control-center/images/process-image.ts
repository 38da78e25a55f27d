/**
 * Turns uploaded bytes into an image the store keeps, for the API and
 * `cobrand images add` alike: the type is judged from the bytes alone (magic numbers, then
 * sharp's reading of the header must agree), never from a file name or a Content-Type; then the
 * whole image is decoded (a truncated or corrupt file fails here) and written as WebP at every
 * responsive width no wider than the original, plus once in its own format at its own size.
 *
 * Every file is re-encoded, the "original" too: that drops EXIF and other metadata (a phone
 * photo's GPS position must not be served to the world) and applies the EXIF orientation, so
 * every file shows the right way up. The image's key stays the sha256 of the uploaded bytes.
 */
import { createHash } from 'node:crypto';
import type Sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_TYPE_NAMES, originalVariant, renditionWidths, widthVariant, type ImageMime } from '../../../core/control-center/images.ts';
import type { NewImageFile } from './image-store.ts';

/** An upload that is not an acceptable image; `problems` say why, one line each. */
export class ImageRejectedError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
    this.name = 'ImageRejectedError';
  }
}

/** An upload refused for having more pixels than {@link IMAGE_MAX_PIXELS}: too large, not malformed (HTTP 413). */
export class ImageTooLargeError extends ImageRejectedError {
  constructor(width: number, height: number) {
    super([`the image is ${width} x ${height} pixels (${megapixels(width * height)}); the most accepted is ${IMAGE_MAX_PIXELS} pixels (${megapixels(IMAGE_MAX_PIXELS)}, 4096 x 4096): scale it down first`]);
    this.name = 'ImageTooLargeError';
  }
}

const megapixels = (pixels: number) => `${(pixels / 1_000_000).toFixed(1)} megapixels`;

/** An accepted upload: its key, its type and size, and every file to store. */
export interface ProcessedImage {
  sha256: string;
  mime: ImageMime;
  /** Displayed size (after EXIF orientation). */
  width: number;
  height: number;
  /** Size of the upload. */
  bytes: number;
  files: NewImageFile[];
}

/** The image types the magic numbers tell apart, with what sharp calls them. */
const SIGNATURES: readonly { mime: ImageMime; format: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { mime: 'image/png', format: 'png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', format: 'jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  // RIFF, four bytes of length, WEBP.
  { mime: 'image/webp', format: 'webp', matches: (bytes) => startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** The type the bytes' magic number names (PNG, JPEG, WebP), or undefined for anything else (SVG, GIF, text…). */
export function sniffImageMime(bytes: Uint8Array): ImageMime | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mime;
}

/** A short description of what unaccepted bytes look like, for the refusal message. */
function describeUnaccepted(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'an SVG image';
  if (head.startsWith('gif8')) return 'a GIF image';
  return 'not a PNG, JPEG or WebP file';
}

/**
 * sharp, loaded on the first upload: its native library is about 30 MB of memory that a process
 * serving visitors never needs (it would slow every start and hold memory for nothing).
 */
let sharpModule: Promise<typeof Sharp> | undefined;

/** sharp, refusing decompression bombs and failing on any decoding error (a truncated file). */
async function decoder(bytes: Uint8Array) {
  sharpModule ??= import('sharp').then((module) => module.default);
  return (await sharpModule)(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false });
}

/**
 * The image's header as sharp reads it, whatever its size: reading the header decodes no pixel, and
 * without the pixel limit sharp reports the size instead of refusing, so an image too large can be
 * answered as exactly that.
 */
async function header(bytes: Uint8Array) {
  sharpModule ??= import('sharp').then((module) => module.default);
  return (await sharpModule)(bytes, { limitInputPixels: false, failOn: 'error', animated: false }).metadata();
}

/** Writes one file: the image, oriented, resized to `width` unless it is the original size. */
async function encode(bytes: Uint8Array, format: 'png' | 'jpeg' | 'webp', width: number | undefined): Promise<{ data: Buffer; width: number; height: number }> {
  let pipeline = (await decoder(bytes)).rotate();
  if (width !== undefined) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  pipeline = format === 'png' ? pipeline.png({ compressionLevel: 9 }) : format === 'jpeg' ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 80 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Checks an upload and makes every file of it.
 * @throws ImageRejectedError when it is empty, too large, not PNG/JPEG/WebP by its bytes,
 *   undecodable (truncated, corrupt) or has too many pixels.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ImageRejectedError(['the file is empty']);
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageRejectedError([`the file is ${bytes.length} bytes; the largest accepted is ${IMAGE_MAX_BYTES} bytes (5 MB)`]);
  const signature = SIGNATURES.find((candidate) => candidate.matches(bytes));
  if (signature === undefined) throw new ImageRejectedError([`the file is ${describeUnaccepted(bytes)}; upload ${IMAGE_TYPE_NAMES}`]);
  let width: number;
  let height: number;
  let files: NewImageFile[];
  try {
    const metadata = await header(bytes);
    if (metadata.format !== signature.format) throw new ImageRejectedError([`the file starts like ${signature.format.toUpperCase()} but reads as ${String(metadata.format)}; upload ${IMAGE_TYPE_NAMES}`]);
    if (!metadata.width || !metadata.height) throw new ImageRejectedError(['the image has no size']);
    if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw new ImageTooLargeError(metadata.width, metadata.height);
    // Displayed size: EXIF orientations 5-8 swap width and height.
    width = metadata.autoOrient?.width ?? metadata.width;
    height = metadata.autoOrient?.height ?? metadata.height;
    const original = await encode(bytes, signature.format as 'png' | 'jpeg' | 'webp', undefined);
    files = [{ variant: originalVariant(signature.mime), mime: signature.mime, ...original }];
    for (const target of renditionWidths(width)) {
      const rendition = await encode(bytes, 'webp', target);
      files.push({ variant: widthVariant(target), mime: 'image/webp', ...rendition });
    }
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    // sharp's message names the decoder's complaint (premature end, bad header…), never any content.
    throw new ImageRejectedError([`the ${signature.format.toUpperCase()} file cannot be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); is it complete?`]);
  }
  return { sha256: createHash('sha256').update(bytes).digest('hex'), mime: signature.mime, width, height, bytes: bytes.length, files };
}
