/** Form posts (`application/x-www-form-urlencoded`): the pages that work without JavaScript post these. */
import type { FastifyInstance } from 'fastify';

/** The content type of a plain HTML form post. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** A form post's fields: the first value of each name. */
export function parseUrlEncoded(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/** Lets the routes of `app` (its encapsulation context) take form posts up to `bodyLimit` bytes, parsed by {@link parseUrlEncoded}. */
export function acceptFormPosts(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, parseUrlEncoded(body as string));
  });
}
