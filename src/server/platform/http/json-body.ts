/**
 * The one JSON body parser of every route. It replaces Fastify's
 * default application/json parser for the whole app (and is the text/plain parser of the event
 * intake, for navigator.sendBeacon), and refuses before any work what would be expensive or
 * dangerous to parse:
 *
 * 1. the body's size is already capped by its route's `bodyLimit` (core/contract/body-limits.ts)
 *    while it arrives;
 * 2. one pass over the raw text, outside strings, refuses nesting deeper than
 *    {@link JSON_BODY_LIMITS}.maxDepth or more than maxKeys object keys, before JSON.parse runs
 *    (a deeply nested body costs CPU in every recursive step after the parse, and ~4,000 levels
 *    overflow the stack of the schema checks);
 * 3. then Fastify's own secure parser (secure-json-parse) parses it, refusing `__proto__` keys
 *    and `constructor.prototype` (prototype poisoning), as Fastify's default does.
 *
 * Every refusal is a {@link JsonBodyError}: status 400 with readable problems, which the API's
 * error handler (src/server/platform/http/bad-request.ts) answers as `{ error, problems }`.
 */
import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_BODY_LIMITS } from '../../../core/contract/body-limits.ts';

/** A JSON body refused by the parser: a client error with one line per problem. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'COBRAND_INVALID_JSON_BODY';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'JsonBodyError';
  }
}

/** How deep and how wide a JSON text may be. */
export interface JsonShapeLimits {
  maxDepth: number;
  maxKeys: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Why `text` is too deep or too wide to parse, or undefined when it is within `limits`. One pass,
 * stopping at the first excess: `{` and `[` outside strings open a level, `}` and `]` close one,
 * and a `:` outside strings is one object key. Malformed text is left to JSON.parse.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = JSON_BODY_LIMITS): string | undefined {
  let depth = 0;
  let keys = 0;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      // Skip the string: up to the next quote not escaped by a backslash.
      for (index++; index < length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === BACKSLASH) index++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limits.maxDepth) return `the JSON is nested deeper than ${limits.maxDepth} levels (objects and arrays inside each other)`;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    } else if (code === COLON) {
      if (++keys > limits.maxKeys) return `the JSON has more than ${limits.maxKeys} object keys`;
    }
  }
  return undefined;
}

/** Why the secure parser refused `text`: its syntax error, else the prototype-poisoning keys. */
function refusalReason(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return `the body is not valid JSON: ${(error as Error).message}`;
  }
  return 'the body has a "__proto__" key or a "constructor" key holding "prototype", which are refused';
}

/**
 * The JSON body parser (parseAs: 'string'): empty, too deep, too wide, malformed or poisoned
 * bodies are a {@link JsonBodyError}; otherwise the parsed value.
 */
export function jsonBodyParser(app: FastifyInstance): FastifyBodyParser<string> {
  // Fastify's default JSON parser with both poisoning checks on; it answers through its callback.
  const secureParse = app.getDefaultJsonParser('error', 'error') as (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => void;
  return (request, body, done) => {
    if (body.length === 0) return done(new JsonBodyError(['the body is empty, but its content-type says JSON']), undefined);
    const problem = jsonShapeProblem(body);
    if (problem !== undefined) return done(new JsonBodyError([problem]), undefined);
    secureParse(request, body, (error, value) => {
      if (error) done(new JsonBodyError([refusalReason(body)]), undefined);
      else done(null, value);
    });
  };
}

/**
 * Makes {@link jsonBodyParser} the application/json parser of every route registered after it
 * (register it first). Each route's `bodyLimit` still applies.
 */
export const jsonBodyPlugin = fp(
  async function jsonBodyPlugin(app: FastifyInstance) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app));
  },
  { name: 'json-body' },
);
