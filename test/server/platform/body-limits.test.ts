/**
 * Request bodies: each route's size limit as the contract declares
 * it (just under passes the size check, just over is a 400 on the API), JSON too deep or too wide
 * refused before parsing, prototype poisoning refused, and a malformed get-phone `url` a 400
 * where it used to be a 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import {
  API_ENDPOINTS,
  AUTH_SESSION_PATH,
  BODY_LIMITS,
  EVENT_CREATE_PATH,
  fillPath,
  GET_PHONE_PATH,
  JSON_BODY_LIMITS,
  routePath,
  USER_SET_PATH,
  type Endpoint,
} from '../../../src/core/contract/index.ts';
import { buildGetPhonePayload } from '../../../src/core/marketplace/payloads.ts';
import { jsonShapeProblem } from '../../../src/server/platform/http/json-body.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST, signedInCookie } from '../../support/staff.ts';

/** The control center's API prefix: its endpoints answer on its host, to a signed-in account. */
const CONTROL_CENTER_API = '/api/cc/';

/** Sample values for the placeholders of control-center paths. */
const SAMPLE_PARAMS = { branch: 'ac', page: 'quiz-otc', article: 'sample-article', lead: 'sample-lead', image: 'a'.repeat(64), author: '1', run: '1', experiment: 'sample-experiment', rule: '00000000-0000-4000-8000-000000000000' };

/**
 * The control center's bodies that may be larger than a plain action's 4 KB,
 * by endpoint name; every other control-center POST and PUT takes BODY_LIMITS.controlCenterAction.
 */
const LARGER_CONTROL_CENTER_BODIES: Readonly<Record<string, number>> = {
  'cc-page-save': 128 * 1024,
  'cc-article-save': 256 * 1024,
  'cc-image-upload': 5 * 1024 * 1024,
  'cc-author-create': 32 * 1024,
  'cc-author-update': 32 * 1024,
  'cc-run-create': 32 * 1024,
  'cc-experiment-create': 256 * 1024,
  'cc-experiment-update': 256 * 1024,
  'cc-phone-rule-create': 16 * 1024,
  'cc-phone-rule-update': 16 * 1024,
};

const HOST = 'ac.localhost';
const JSON_TYPE = 'application/json';
const TOO_DEEP = new RegExp(`nested deeper than ${JSON_BODY_LIMITS.maxDepth} levels`);
const TOO_MANY_KEYS = new RegExp(`more than ${JSON_BODY_LIMITS.maxKeys} object keys`);

/** A JSON object of exactly `bytes` bytes: one padding string. */
function jsonOfSize(bytes: number): string {
  const body = `{"pad":"${'x'.repeat(bytes - '{"pad":""}'.length)}"}`;
  assert.equal(Buffer.byteLength(body), bytes);
  return body;
}

/** A form-encoded body of exactly `bytes` bytes: a valid ZIP and padding. */
function formOfSize(bytes: number): string {
  const head = 'zipcode=33101&pad=';
  return head + 'x'.repeat(bytes - head.length);
}

/** `levels` objects inside each other (the top one counts), holding `leaf` in the innermost. */
function nestedObject(levels: number, leaf = '1'): string {
  return '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
}

/** A user-state body whose JSON is `levels` deep in total (the body and `state` are levels 1 and 2). */
function userStateOfDepth(levels: number): string {
  return `{"anonymousId":"anon-depth","state":${nestedObject(levels - 1)}}`;
}

/** A user-state body with `keys` object keys in total (anonymousId and state count). */
function userStateWithKeys(keys: number): string {
  const entries = Array.from({ length: keys - 2 }, (_, index) => `"k${index}":0`);
  return `{"anonymousId":"anon-keys","state":{${entries.join(',')}}}`;
}

interface Refusal {
  error: string;
  problems: string[];
}

function problemsOf(response: LightMyRequestResponse): string[] {
  if (!/^application\/json/.test(String(response.headers['content-type']))) return [];
  const body = response.json<Partial<Refusal>>();
  return Array.isArray(body.problems) ? body.problems : [];
}

/** Asserts a 400 `{ error, problems }` with a problem matching `problem`. */
function assertRefused(response: LightMyRequestResponse, problem: RegExp): void {
  assert.equal(response.statusCode, 400, response.body.slice(0, 500));
  const body = response.json<Refusal>();
  assert.equal(typeof body.error, 'string');
  assert.ok(body.problems.some((line) => problem.test(line)), `no problem matches ${problem}: ${response.body.slice(0, 500)}`);
}

describe('request bodies', () => {
  let app: FastifyInstance;
  /** The control center's API answers only a signed-in account. */
  let staffCookie: string;
  const routes: RouteOptions[] = [];
  before(async () => {
    // Load shedding off: a slow first request (module compilation) must not be answered 503.
    app = await injectableApp({ SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }, { onRoute: (route) => void routes.push(route), leadJobs: { outbox: false, retention: false } });
    await addStaff(app);
    staffCookie = await signedInCookie(app);
  });
  after(() => app.close());

  let clients = 0;
  // Each request from its own address (X-Forwarded-For from loopback, a trusted proxy in tests),
  // so the per-address rate limits never answer in place of the route.
  const send = (options: InjectOptions & { host?: string }) => {
    const { host = HOST, ...rest } = options;
    clients++;
    return app.inject({ ...rest, headers: { host, 'x-forwarded-for': `10.1.${clients >> 8}.${clients & 255}`, ...rest.headers } });
  };
  const postJson = (url: string, payload: string, contentType = JSON_TYPE) => send({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
  /** A body sent to `endpoint` as its client would: on the control center with a session for /api/cc/ paths, placeholders filled. */
  const sendTo = (endpoint: Endpoint, payload: string) =>
    endpoint.path.startsWith(CONTROL_CENTER_API)
      ? send({ method: endpoint.method, url: fillPath(endpoint.path, SAMPLE_PARAMS), payload, host: CONTROL_CENTER_HOST, headers: { 'content-type': JSON_TYPE, cookie: staffCookie } })
      : postJson(endpoint.path, payload);

  describe('size limits, declared once in the contract', () => {
    // Every endpoint that takes a body: POST and PUT (the control center's saves and uploads too).
    const posts = API_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST' || endpoint.method === 'PUT');

    test('every POST and PUT endpoint declares a limit and is registered with it', () => {
      assert.ok(posts.length >= 7);
      for (const endpoint of posts) {
        assert.equal(typeof endpoint.bodyLimit, 'number', `${endpoint.name} declares no bodyLimit`);
        const registered = routes.find((route) => route.url === routePath(endpoint.path) && [route.method].flat().includes(endpoint.method));
        assert.ok(registered, `${endpoint.name} is registered`);
        assert.equal(registered.bodyLimit, endpoint.bodyLimit, `${endpoint.name} is registered with its contract limit`);
      }
    });

    test('every endpoint has the limit chosen for it, the control center per endpoint', () => {
      const byName = Object.fromEntries(posts.filter((endpoint) => !endpoint.path.startsWith(CONTROL_CENTER_API)).map((endpoint) => [endpoint.name, endpoint.bodyLimit]));
      for (const endpoint of posts.filter((candidate) => candidate.path.startsWith(CONTROL_CENTER_API))) {
        const expected = LARGER_CONTROL_CENTER_BODIES[endpoint.name] ?? BODY_LIMITS.controlCenterAction;
        assert.equal(endpoint.bodyLimit, expected, endpoint.name);
      }
      assert.deepEqual(byName, {
        'auth-session-sign-in': 4 * 1024,
        'auth-session-code': 4 * 1024,
        'funnel-step-submit': 8 * 1024,
        'event-create': 32 * 1024,
        'user-set': 32 * 1024,
        'lead-callback': 16 * 1024,
        'lead-capture': 16 * 1024,
        'demand-check': 16 * 1024,
        'get-phone': 16 * 1024,
        ads: 16 * 1024,
        'privacy-opt-out': 16 * 1024,
      });
      assert.equal(BODY_LIMITS.default, 16 * 1024);
      assert.equal(BODY_LIMITS.formPost, 16 * 1024);
    });

    // JSON bodies; the image upload takes raw bytes and is held to its limit in cc-images.test.ts.
    for (const endpoint of posts.filter((candidate) => candidate.name !== 'cc-image-upload')) {
      const limit = endpoint.bodyLimit!;
      test(`${endpoint.name}: ${limit} bytes pass the size check, ${limit + 1} bytes are a 400`, async () => {
        const under = await sendTo(endpoint, jsonOfSize(limit));
        assert.ok(under.statusCode < 500, under.body);
        assert.ok(!problemsOf(under).some((line) => /larger than/.test(line)), under.body);
        assertRefused(await sendTo(endpoint, jsonOfSize(limit + 1)), new RegExp(`^the body is larger than ${limit} bytes$`));
      });
    }

    test('event-create: the text/plain beacon body has the same limit', async () => {
      const limit = BODY_LIMITS.events;
      const under = await postJson(EVENT_CREATE_PATH, jsonOfSize(limit), 'text/plain;charset=UTF-8');
      assert.ok(!problemsOf(under).some((line) => /larger than/.test(line)), under.body);
      assertRefused(await postJson(EVENT_CREATE_PATH, jsonOfSize(limit + 1), 'text/plain;charset=UTF-8'), /larger than 32768 bytes/);
    });

    test('any other route: the server default (a body on DELETE /api/_auth/session)', async () => {
      const limit = BODY_LIMITS.default;
      const under = await send({ method: 'DELETE', url: AUTH_SESSION_PATH, payload: jsonOfSize(limit), headers: { 'content-type': JSON_TYPE } });
      assert.equal(under.statusCode, 200, under.body);
      const over = await send({ method: 'DELETE', url: AUTH_SESSION_PATH, payload: jsonOfSize(limit + 1), headers: { 'content-type': JSON_TYPE } });
      assertRefused(over, new RegExp(`larger than ${limit} bytes`));
    });

    test('a body announced larger than the limit is refused from its content-length, before it is read', async () => {
      const response = await send({
        method: 'POST',
        url: AUTH_SESSION_PATH,
        payload: jsonOfSize(100),
        headers: { 'content-type': JSON_TYPE, 'content-length': String(BODY_LIMITS.signIn + 1) },
      });
      assertRefused(response, /larger than 4096 bytes/);
    });

    test('the no-JavaScript form post: 16 KB pass, one byte more is refused (413, a page route)', async () => {
      const under = await send({ method: 'POST', url: '/quiz/otc', payload: formOfSize(BODY_LIMITS.formPost), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.ok([303, 400].includes(under.statusCode), `${under.statusCode} ${under.body.slice(0, 200)}`);
      const over = await send({ method: 'POST', url: '/quiz/otc', payload: formOfSize(BODY_LIMITS.formPost + 1), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(over.statusCode, 413, over.body.slice(0, 200));
      const json = await send({ method: 'POST', url: '/quiz/otc', payload: jsonOfSize(BODY_LIMITS.formPost + 1), headers: { 'content-type': JSON_TYPE } });
      assert.equal(json.statusCode, 413, json.body.slice(0, 200));
    });
  });

  describe('JSON depth and width, refused before JSON.parse', () => {
    test(`depth ${JSON_BODY_LIMITS.maxDepth} is accepted where the schema allows it`, async () => {
      const response = await postJson(USER_SET_PATH, userStateOfDepth(JSON_BODY_LIMITS.maxDepth));
      assert.equal(response.statusCode, 204, response.body);
    });

    test(`depth ${JSON_BODY_LIMITS.maxDepth + 1} is a 400, on every JSON route and in the beacon`, async () => {
      const body = userStateOfDepth(JSON_BODY_LIMITS.maxDepth + 1);
      for (const endpoint of API_ENDPOINTS.filter((candidate) => candidate.method === 'POST')) {
        assertRefused(await postJson(endpoint.path, body), TOO_DEEP);
      }
      assertRefused(await postJson(EVENT_CREATE_PATH, body, 'text/plain'), TOO_DEEP);
      const arrays = `[${'['.repeat(JSON_BODY_LIMITS.maxDepth)}${']'.repeat(JSON_BODY_LIMITS.maxDepth)}]`;
      assertRefused(await postJson(EVENT_CREATE_PATH, arrays), TOO_DEEP);
    });

    test('4,200 levels (which used to be a 500) is a 400', async () => {
      assertRefused(await postJson(USER_SET_PATH, `{"anonymousId":"a","state":{"x":${'['.repeat(4200)}${']'.repeat(4200)}}}`), TOO_DEEP);
    });

    test(`${JSON_BODY_LIMITS.maxKeys} keys are accepted, ${JSON_BODY_LIMITS.maxKeys + 1} are a 400`, async () => {
      const accepted = await postJson(USER_SET_PATH, userStateWithKeys(JSON_BODY_LIMITS.maxKeys));
      assert.equal(accepted.statusCode, 204, accepted.body);
      assertRefused(await postJson(USER_SET_PATH, userStateWithKeys(JSON_BODY_LIMITS.maxKeys + 1)), TOO_MANY_KEYS);
    });

    test('brackets, braces and colons inside strings do not count', async () => {
      const text = JSON.stringify(`${'[{'.repeat(100)}${':'.repeat(3000)}\\"[[[`);
      const response = await postJson(USER_SET_PATH, `{"anonymousId":"anon-strings","state":{"note":${text}}}`);
      assert.equal(response.statusCode, 204, response.body);
    });

    test('the scan (unit)', () => {
      const limits = { maxDepth: 3, maxKeys: 2 };
      assert.equal(jsonShapeProblem('[[[1]]]', limits), undefined);
      assert.match(jsonShapeProblem('[[[[1]]]]', limits) ?? '', /deeper than 3/);
      assert.equal(jsonShapeProblem('[[[1]],[[2]],[[3]]]', limits), undefined, 'siblings are not deeper');
      assert.equal(jsonShapeProblem('{"a":1,"b":"x:y"}', limits), undefined);
      assert.match(jsonShapeProblem('{"a":1,"b":2,"c":3}', limits) ?? '', /more than 2 object keys/);
      assert.equal(jsonShapeProblem('"\\\\"', limits), undefined, 'an escaped backslash ends before the quote');
      assert.equal(jsonShapeProblem('["\\"[[[[", 1]', limits), undefined, 'an escaped quote does not end the string');
      assert.equal(jsonShapeProblem('"unterminated [[[[', limits), undefined, 'left to JSON.parse');
    });

    test('malformed and empty JSON are 400s naming the problem', async () => {
      assertRefused(await postJson(USER_SET_PATH, '{"anonymousId": "a", "state": {'), /^the body is not valid JSON: /);
      assertRefused(await postJson(USER_SET_PATH, ''), /empty/);
      assertRefused(await postJson(EVENT_CREATE_PATH, 'hello', 'text/plain'), /not valid JSON/);
    });
  });

  describe('prototype poisoning is still refused', () => {
    for (const [name, body] of [
      ['__proto__', '{"anonymousId":"anon-proto","state":{"__proto__":{"isAdmin":true}}}'],
      ['constructor.prototype', '{"anonymousId":"anon-proto","state":{"constructor":{"prototype":{"isAdmin":true}}}}'],
    ] as const) {
      test(name, async () => {
        assertRefused(await postJson(USER_SET_PATH, body), /__proto__|constructor/);
        assertRefused(await postJson(EVENT_CREATE_PATH, body, 'text/plain'), /__proto__|constructor/);
      });
    }
  });

  describe('get-phone: a malformed url is a 400 naming it, never a 500', () => {
    const valid = buildGetPhonePayload({ product: 'medicare', lead: { zipcode: '90210' }, ip: '198.51.100.23', localHour: 9, ua: 'ua', url: 'https://example.test/x', placementId: 'p', urlParams: {} });
    for (const url of ['', ' ', 'not a url', 'https://', 'javascript:alert(1)', 'https://example.test/path', 'ftp://example.test', 42, null]) {
      test(JSON.stringify(url), async () => {
        assertRefused(await postJson(GET_PHONE_PATH, JSON.stringify({ ...valid, url })), /^url: /);
      });
    }
  });
});
