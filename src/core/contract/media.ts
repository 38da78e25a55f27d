/**
 * `/media/{sha256}/{variant}`: the files of uploaded images, served from the
 * store by every server node to every host (like /assets), cached for a year. Kept apart from the
 * control center's image endpoints: brand pages link here, and their bundle needs nothing else.
 */
import * as z from 'zod';
import { defineEndpoint, fillPath, NothingSchema } from './endpoint.ts';

/** Where image files are served, for every host. */
export const MEDIA_DIRECTORY = '/media/';

export const MEDIA_FILE = defineEndpoint({
  name: 'media-file',
  method: 'GET',
  path: `${MEDIA_DIRECTORY}{sha256}/{variant}`,
  request: NothingSchema,
  /** The file's bytes with its content type; `cache-control: public, max-age=31536000, immutable`. */
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  access: 'public',
  limitGroup: 'files',
});

/** The address of one file of an image: `/media/{sha256}/{variant}`. */
export function mediaPath(sha256: string, variant: string): string {
  return fillPath(MEDIA_FILE.path, { sha256, variant });
}
