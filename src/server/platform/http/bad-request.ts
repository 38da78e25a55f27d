/**
 * The 400 answer of the JSON API routes: a summary and one readable line per problem, whether the
 * endpoint's check refused the input (endpoint-route.ts) or Fastify refused the body before any
 * handler ran (too large, unsupported content type; bad, too deep or too wide JSON from
 * json-body.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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

/** The problems of a body Fastify or the JSON body parser (json-body.ts) refused. */
function bodyProblems(error: FastifyError & { problems?: unknown }, request: FastifyRequest): string[] {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [`the body is larger than ${request.routeOptions.bodyLimit} bytes`];
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return [`unsupported content-type '${request.headers['content-type'] ?? ''}'`];
  if (Array.isArray(error.problems) && error.problems.length > 0) return error.problems.map(String);
  return [error.message];
}

/**
 * The error handler of every /api/ route (routeEndpoint sets it): every client error Fastify
 * raises is a 400 `{ error, problems }` (the API promises 400 for any bad request, so 413 and 415
 * become 400 too), and every other failure a logged 500 that shows no internals.
 */
export async function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendBadRequest(reply, 'Invalid request body', bodyProblems(error, request));
  request.log.error({ err: error }, 'API request failed');
  return reply.code(500).send({ error: 'Internal Server Error' });
}
