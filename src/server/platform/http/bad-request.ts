/**
 * The 400 answer of the JSON API routes (events, user state, sign-in): a summary and one
 * readable line per problem, whether zod refused the input or Fastify refused the body before
 * any handler ran (too large, unsupported content type; bad, too deep or too wide JSON from
 * plugins/json-body.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
export { zodProblems } from '../../../core/zod-problems.ts';

/** What every 400 of the JSON API carries. */
export interface BadRequestBody {
  error: string;
  problems: string[];
}

/** Sends a 400 with `{ error, problems }`. */
export function sendBadRequest(reply: FastifyReply, error: string, problems: string[]): FastifyReply {
  return reply.code(400).send({ error, problems } satisfies BadRequestBody);
}

/** The problems of a body Fastify or the JSON body parser (plugins/json-body.ts) refused. */
function bodyProblems(error: FastifyError & { problems?: unknown }, request: FastifyRequest): string[] {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [`the body is larger than ${request.routeOptions.bodyLimit} bytes`];
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return [`unsupported content-type '${request.headers['content-type'] ?? ''}'`];
  if (Array.isArray(error.problems) && error.problems.length > 0) return error.problems.map(String);
  return [error.message];
}

/**
 * Makes every client error Fastify raises in this plugin's routes a 400 `{ error, problems }`
 * (the API promises 400 for any bad request, so 413 and 415 become 400 too), and every other
 * failure a logged 500 that shows no internals.
 */
export function answerBadRequestsAsJson(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendBadRequest(reply, 'Invalid request body', bodyProblems(error, request));
    request.log.error({ err: error }, 'API request failed');
    return reply.code(500).send({ error: 'Internal Server Error' });
  });
}
