/**
 * routeEndpoint (src/server/platform/http/endpoint-route.ts) registers a contract endpoint from its
 * entry: declared test endpoints are added to a real app (its access plugin, session cookie, JSON
 * body parser and error answers) and called as a browser or a script would. Valid input reaches
 * the handler validated and typed; a refused body or query is the 400 every /api/ route answers,
 * with zod's problems exactly as zodProblems words them; access, lookups, body limit and the
 * rate-limit group come from the declaration.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance, type FastifyRequest, type InjectOptions, type RouteOptions } from 'fastify';
import * as z from 'zod';
import { defineEndpoint } from '../../../src/core/contract/endpoint.ts';
import { zodProblems } from '../../../src/core/zod-problems.ts';
import { buildApp } from '../../../src/server/app.ts';
import { SIGN_IN_REQUIRED } from '../../../src/server/auth/auth-session.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../../../src/server/platform/http/endpoint-route.ts';
import { limitGroupOf } from '../../../src/server/platform/http/limits.ts';
import { requestLookup } from '../../../src/server/platform/http/request-lookup.ts';
import { addStaff, CONTROL_CENTER_HOST, signedInCookie } from '../../support/staff.ts';

const ThingSchema = z.strictObject({ count: z.int().min(1), label: z.string().max(8).optional() });

/** A public POST: its body checked by its schema, a lookup of its path's `{thing}`, counted as leads. */
const TEST_THING = defineEndpoint({
  name: 'test-thing',
  method: 'POST',
  path: '/api/test-endpoint/{thing}',
  request: ThingSchema,
  response: z.object({ thing: z.string(), count: z.number(), group: z.string() }),
  bodyLimit: 64,
  access: 'public',
  limitGroup: 'leads',
  invalid: 'Invalid test thing',
});

/** A staff GET with a query. */
const TEST_STAFF = defineEndpoint({
  name: 'test-staff',
  method: 'GET',
  path: '/api/test-endpoint-staff',
  request: z.strictObject({ limit: z.coerce.number().int().max(10).default(5) }),
  response: z.object({ limit: z.number() }),
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid test query',
});

/** A public POST whose route gives its own check, which also reads the request. */
const TEST_CHECKED = defineEndpoint({
  name: 'test-checked',
  method: 'POST',
  path: '/api/test-endpoint-checked',
  request: z.strictObject({ words: z.array(z.string()) }),
  response: z.object({ words: z.number() }),
  bodyLimit: 1024,
  access: 'public',
  limitGroup: 'session',
  invalid: 'Invalid words',
});

/** 404 for the path's `{thing}` 'missing', before the body is judged. */
const thing = requestLookup((request: FastifyRequest<{ Params: { thing: string } }>, reply) =>
  request.params.thing === 'missing' ? reply.code(404).send({ error: 'Unknown thing', problems: ['no such thing'] }) : request.params.thing.toUpperCase(),
);

/** The words, joined into their count, refusing a body sent with the header `x-refuse`. */
const wordCount: RequestCheck<number> = (input, request) => {
  if (request.headers['x-refuse'] !== undefined) return { ok: false, problems: ['refused by header'] };
  const words = schemaCheck(TEST_CHECKED.request)(input, request);
  return words.ok ? { ok: true, value: words.value.words.length } : words;
};

/** What the handlers received, as the handler saw it (the body after its check). */
const received: unknown[] = [];

let app: FastifyInstance;
let staffCookie: string;
/** The options of every route registered, by `METHOD url`. */
const routes = new Map<string, RouteOptions>();

before(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-test-')) });
  app = await buildApp({ config, logger: false, onRoute: (route) => void routes.set(`${String(route.method)} ${route.url}`, route) });
  await app.register(async (scope) => {
    routeEndpoint(scope, TEST_THING, { before: [thing] }, async (request) => {
      // Typed by the zod type provider: a number here, or this file does not compile.
      const count: number = request.body.count;
      received.push(request.body);
      return { thing: thing.of(request), count, group: limitGroupOf(request) };
    });
    routeEndpoint(scope, TEST_STAFF, async (request) => ({ limit: request.query.limit }));
    routeEndpoint(scope, TEST_CHECKED, { check: wordCount }, async (request) => {
      const words: number = request.body;
      return { words };
    });
  });
  await app.ready();
  await addStaff(app);
  staffCookie = await signedInCookie(app);
});

after(() => app.close());

const json = (payload: unknown) => ({ 'content-type': 'application/json', payload: JSON.stringify(payload) });

/** The 400 of `schema` refusing `input`, worded as every handler worded it before the helper. */
function refusal(error: string, schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  assert.ok(!parsed.success, `the schema accepts ${JSON.stringify(input)}`);
  return { error, problems: zodProblems(parsed.error) };
}

interface Case {
  name: string;
  request: InjectOptions & { body?: ReturnType<typeof json> };
  status: number;
  answer?: unknown;
}

const cases: Case[] = [
  { name: 'a valid body reaches the handler, parsed', request: { method: 'POST', url: '/api/test-endpoint/a', body: json({ count: 2 }) }, status: 200, answer: { thing: 'A', count: 2, group: 'leads' } },
  { name: 'a refused body: 400 with the endpoint\'s line and zod\'s problems', request: { method: 'POST', url: '/api/test-endpoint/a', body: json({ count: 0, label: 'far too long', extra: 1 }) }, status: 400, answer: refusal('Invalid test thing', ThingSchema, { count: 0, label: 'far too long', extra: 1 }) },
  { name: 'no body at all: judged as absent (undefined), not null', request: { method: 'POST', url: '/api/test-endpoint/a' }, status: 400, answer: refusal('Invalid test thing', ThingSchema, undefined) },
  { name: 'a JSON null body: judged as null', request: { method: 'POST', url: '/api/test-endpoint/a', body: json(null) }, status: 400, answer: refusal('Invalid test thing', ThingSchema, null) },
  { name: 'the lookup answers before the body is judged', request: { method: 'POST', url: '/api/test-endpoint/missing', body: json({ count: 0 }) }, status: 404, answer: { error: 'Unknown thing', problems: ['no such thing'] } },
  { name: 'a body over the entry\'s limit', request: { method: 'POST', url: '/api/test-endpoint/a', body: json({ count: 1, label: 'x'.repeat(80) }) }, status: 400, answer: { error: 'Invalid request body', problems: ['the body is larger than 64 bytes'] } },
  { name: 'a route\'s own check: its value reaches the handler', request: { method: 'POST', url: '/api/test-endpoint-checked', body: json({ words: ['a', 'b', 'c'] }) }, status: 200, answer: { words: 3 } },
  { name: 'a route\'s own check reads the request', request: { method: 'POST', url: '/api/test-endpoint-checked', headers: { 'x-refuse': '1' }, body: json({ words: [] }) }, status: 400, answer: { error: 'Invalid words', problems: ['refused by header'] } },
  { name: 'staff, signed in: the query parsed, defaults filled in', request: { method: 'GET', url: '/api/test-endpoint-staff', headers: { host: CONTROL_CENTER_HOST, cookie: 'signed-in' } }, status: 200, answer: { limit: 5 } },
  { name: 'staff, a refused query', request: { method: 'GET', url: '/api/test-endpoint-staff?limit=11', headers: { host: CONTROL_CENTER_HOST, cookie: 'signed-in' } }, status: 400, answer: refusal('Invalid test query', TEST_STAFF.request, { limit: '11' }) },
  { name: 'staff, signed out: 401', request: { method: 'GET', url: '/api/test-endpoint-staff?limit=11', headers: { host: CONTROL_CENTER_HOST } }, status: 401, answer: SIGN_IN_REQUIRED },
  { name: 'staff, on a brand\'s host: not found, even signed in and with a bad query', request: { method: 'GET', url: '/api/test-endpoint-staff?limit=11', headers: { host: 'ac.localhost', cookie: 'signed-in' } }, status: 404 },
];

describe('routeEndpoint', () => {
  for (const { name, request, status, answer } of cases) {
    test(name, async () => {
      const { body, headers, ...rest } = request;
      const response = await app.inject({
        ...rest,
        headers: { host: 'ac.localhost', ...headers, ...(headers?.cookie === 'signed-in' ? { cookie: staffCookie } : {}), ...(body ? { 'content-type': body['content-type'] } : {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      assert.equal(response.statusCode, status, response.body);
      if (answer !== undefined) assert.deepEqual(response.json(), answer);
    });
  }

  test('the handler gets the checked value: unknown keys refused, the rest as parsed', () => {
    assert.deepEqual(received, [{ count: 2 }]);
  });

  test('method, path ({thing} as :thing), body limit and config come from the entry', () => {
    const route = routes.get('POST /api/test-endpoint/:thing');
    assert.ok(route, [...routes.keys()].filter((key) => key.includes('test-endpoint')).join(', '));
    assert.equal(route.bodyLimit, 64);
    assert.equal(route.config?.endpoint, TEST_THING);
    assert.equal(route.config?.limitGroup, 'leads');
  });

  test('an endpoint that checks its input but names no 400 line is refused at registration', async () => {
    const { invalid: _line, ...withoutLine } = TEST_CHECKED;
    const bare = defineEndpoint({ ...withoutLine, name: 'no-line' });
    const scratch = Fastify();
    assert.throws(() => routeEndpoint(scratch, bare, async () => ({})), /needs the 'invalid' line/);
    await scratch.close();
  });

  test('a staff endpoint without the access plugin is refused at registration', async () => {
    const scratch = Fastify();
    assert.throws(() => routeEndpoint(scratch, TEST_STAFF, async () => ({})), /no access checks are registered/);
    await scratch.close();
  });
});
