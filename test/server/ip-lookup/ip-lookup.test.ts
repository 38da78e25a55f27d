/**
 * GET /api/ip-lookup through app.inject, against the bundled databases: public addresses get
 * their ISP (and city, state code and ZIP where the city database has them), non-public ones an
 * empty lookup, malformed ones a 400; `?ip=` works only outside production.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { IP_LOOKUP_TTL_MS, type IpLookupResult } from '../../../src/server/ip-lookup/index.ts';
import { IP_LOOKUP_PATH } from '../../../src/core/contract/ip-lookup.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const HOST = 'ac.localhost';

function lookup(app: FastifyInstance, query = '', headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `${IP_LOOKUP_PATH}${query}`, headers: { host: HOST, ...headers } });
}

/** Asserts expiresAt is now + the TTL (within the request's own duration) and returns the rest. */
function withoutExpiry(body: IpLookupResult, requestedAt: number, answeredAt: number): Omit<IpLookupResult, 'expiresAt'> {
  const { expiresAt, ...rest } = body;
  const expires = Date.parse(expiresAt);
  assert.equal(new Date(expires).toISOString(), expiresAt, 'expiresAt is an ISO time');
  assert.ok(expires >= requestedAt + IP_LOOKUP_TTL_MS && expires <= answeredAt + IP_LOOKUP_TTL_MS, `expiresAt ${expiresAt} is not now + ${IP_LOOKUP_TTL_MS} ms`);
  return rest;
}

async function lookedUp(app: FastifyInstance, query: string, headers: Record<string, string> = {}) {
  const requestedAt = Date.now();
  const response = await lookup(app, query, headers);
  const answeredAt = Date.now();
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['cache-control'], 'private, no-store');
  return withoutExpiry(response.json<IpLookupResult>(), requestedAt, answeredAt);
}

const empty = (value: string) => ({ city: null, stateCode: null, postalCode: null, value, isp: null });

describe('GET /api/ip-lookup', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  // Values as the bundled GeoLite2 and ASN data hold them (checked with maxmind and the CSV files).
  const publicAddresses: [string, Omit<IpLookupResult, 'expiresAt'>][] = [
    ['8.8.8.8', { city: null, stateCode: null, postalCode: null, value: '8.8.8.8', isp: 'Google LLC' }],
    ['1.1.1.1', { city: null, stateCode: null, postalCode: null, value: '1.1.1.1', isp: 'Cloudflare, Inc.' }],
    ['73.15.0.1', { city: 'San Jose', stateCode: 'CA', postalCode: '95124', value: '73.15.0.1', isp: 'Comcast Cable Communications, LLC' }],
    ['4.2.2.2', { city: 'Greenville', stateCode: 'SC', postalCode: '29605', value: '4.2.2.2', isp: 'Level 3 Communications, Inc.' }],
    ['2600:1700::1', { city: 'Detroit', stateCode: 'MI', postalCode: '48215', value: '2600:1700::1', isp: 'AT&T Enterprises, LLC' }],
    ['::ffff:73.15.0.1', { city: 'San Jose', stateCode: 'CA', postalCode: '95124', value: '73.15.0.1', isp: 'Comcast Cable Communications, LLC' }],
    ['24.48.0.1', { city: 'Montreal', stateCode: null, postalCode: 'H1S', value: '24.48.0.1', isp: 'Videotron Ltee' }],
  ];
  for (const [ip, expected] of publicAddresses) {
    test(`?ip=${ip}`, async () => {
      assert.deepEqual(await lookedUp(app, `?ip=${encodeURIComponent(ip)}`), expected);
    });
  }

  test('without ?ip= the visitor’s address is looked up (X-Forwarded-For behind the proxy)', async () => {
    assert.deepEqual(await lookedUp(app, '', { 'x-forwarded-for': '73.15.0.1' }), publicAddresses[2]?.[1]);
  });

  test('a loopback visitor gets an empty lookup', async () => {
    assert.deepEqual(await lookedUp(app, ''), empty('127.0.0.1'));
  });

  const nonPublic = ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '100.64.0.1', '::1', 'fd00::1', 'fe80::1'];
  for (const ip of nonPublic) {
    test(`non-public ${ip} gets an empty lookup`, async () => {
      assert.deepEqual(await lookedUp(app, `?ip=${encodeURIComponent(ip)}`), empty(ip));
    });
  }

  const malformed = ['nope', '999.1.1.1', '1.2.3', '8.8.8.8.8', '2600:::1', ''];
  for (const ip of malformed) {
    test(`malformed ip '${ip}' is 400 with problems`, async () => {
      const response = await lookup(app, `?ip=${encodeURIComponent(ip)}`);
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json<{ error: string; problems: string[] }>();
      assert.deepEqual(body.problems, [`ip: '${ip}' is not an IPv4 or IPv6 address`]);
    });
  }

  test('two ip parameters are 400', async () => {
    const response = await lookup(app, '?ip=8.8.8.8&ip=1.1.1.1');
    assert.equal(response.statusCode, 400);
    assert.match(response.json<{ problems: string[] }>().problems[0] ?? '', /^ip: /);
  });

  test('a forwarded address that is not an IP is 400', async () => {
    const response = await lookup(app, '', { 'x-forwarded-for': 'unknown' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json<{ problems: string[] }>().problems, [`the request address: 'unknown' is not an IPv4 or IPv6 address`]);
  });
});

describe('GET /api/ip-lookup in production', () => {
  test('?ip= is ignored: the visitor’s own address is looked up', async () => {
    const app = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex') });
    try {
      assert.deepEqual(await lookedUp(app, '?ip=8.8.8.8'), empty('127.0.0.1'));
      assert.deepEqual(await lookedUp(app, '?ip=nope', { 'x-forwarded-for': '8.8.8.8' }), { ...empty('8.8.8.8'), isp: 'Google LLC' });
    } finally {
      await app.close();
    }
  });
});
