/**
 * An upstream answer is held to the shape limits of a request body before it is parsed: a local
 * marketplace that answers with deeply nested or key-stuffed JSON gets a 502 naming the reason,
 * quickly, on the demand check, the phone lease and the ad list alike, and the server stays
 * responsive (its /healthz answers meanwhile).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSON_BODY_LIMITS } from '../../../src/core/contract/body-limits.ts';
import { ADS_PATH, DEMAND_CHECK_PATH, GET_PHONE_PATH } from '../../../src/core/contract/index.ts';
import { buildDemandCheckPayload, buildGetPhonePayload } from '../../../src/core/marketplace/payloads.ts';
import { injectableApp } from '../../../tools/support/server.ts';

/** What the local marketplace answers, by request path, as set by each test. */
let answer = '{}';

/** About 200 KB of arrays inside arrays, as a faulty or hostile upstream might send. */
const NESTED = '['.repeat(100_000) + ']'.repeat(100_000);
/** One object with more keys than any body may have, each at the top level. */
const WIDE = JSON.stringify(Object.fromEntries(Array.from({ length: JSON_BODY_LIMITS.maxKeys + 1 }, (_, index) => [`k${index}`, index])));

describe('upstream answers too deep or too wide', () => {
  let upstream: http.Server;
  let app: FastifyInstance;
  before(async () => {
    upstream = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(answer));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    app = await injectableApp({
      MEDIAALPHA_DEMAND_CHECK_URL: `${base}/demand-check`,
      MEDIAALPHA_GET_PHONE_URL: `${base}/get-phone`,
      MEDIAALPHA_ADS_URL: `${base}/ads`,
      MEDIAALPHA_API_TOKEN: 'token',
      MEDIAALPHA_PLACEMENT_MEDICARE: 'placement',
      MEDIAALPHA_PLACEMENT_AUTO: 'placement',
    });
  });
  after(async () => {
    await app?.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  const common = { ip: '198.51.100.23', localHour: 9, ua: 'ua', url: 'https://example.test/quiz/otc', placementId: 'placement', urlParams: {} };
  const calls: Array<[name: string, path: string, body: unknown]> = [
    ['demand check', DEMAND_CHECK_PATH, buildDemandCheckPayload({ ...common, geo: { postalCode: '90210', region: 'CA' } } as Parameters<typeof buildDemandCheckPayload>[0])],
    ['phone lease', GET_PHONE_PATH, buildGetPhonePayload({ ...common, product: 'medicare', lead: { zipcode: '90210' } })],
  ];
  const answers: Array<[kind: string, text: string, reason: RegExp]> = [
    ['nested 100,000 deep', NESTED, new RegExp(`nested deeper than ${JSON_BODY_LIMITS.maxDepth} levels`)],
    ['with too many keys', WIDE, new RegExp(`more than ${JSON_BODY_LIMITS.maxKeys} object keys`)],
  ];
  for (const [name, path, body] of calls) {
    for (const [kind, text, reason] of answers) {
      test(`${name}, answered ${kind}: 502 naming the reason`, async () => {
        answer = text;
        const [response, health] = await Promise.all([
          app.inject({ method: 'POST', url: path, headers: { host: 'ac.localhost', 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
          app.inject({ url: '/healthz' }),
        ]);
        assert.equal(response.statusCode, 502, response.body.slice(0, 200));
        assert.match(response.json<{ error: string }>().error, /^upstream answer refused: /);
        assert.match(response.json<{ error: string }>().error, reason);
        assert.equal(health.statusCode, 200);
      });
    }
  }

  test('the ad list, answered nested: 502 naming the reason', async () => {
    answer = NESTED;
    const response = await app.inject({
      method: 'POST',
      url: ADS_PATH,
      headers: { host: 'ac.localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ zip: '90210', url: 'https://ac.localhost/ads/ads', local_hour: 14 }),
    });
    assert.equal(response.statusCode, 502, response.body.slice(0, 200));
    assert.match(response.json<{ error: string }>().error, /nested deeper than/);
  });
});
