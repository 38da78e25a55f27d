/**
 * TRUST_PROXY, which decides the client IP: off by default, so a visitor cannot choose their
 * address with X-Forwarded-For; a hop count or a list of proxy addresses believes exactly those
 * hops.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../../src/server/platform/config/config.ts';

/** The app with TRUST_PROXY as given (unset when undefined) and a route answering what it believes. */
async function appTrusting(trustProxy: string | undefined): Promise<FastifyInstance> {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-proxy-')) };
  if (trustProxy !== undefined) env.TRUST_PROXY = trustProxy;
  const app = await buildApp({ config: loadConfig(env), logger: false, leadJobs: { outbox: false, retention: false } });
  app.get('/api/test-client', async (request) => ({ ip: request.ip, ips: request.ips ?? null, protocol: request.protocol, host: request.host }));
  await app.ready();
  return app;
}

type Seen = { ip: string; protocol: string; host: string };

async function seen(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}): Promise<Seen> {
  const response = await app.inject({ url: '/api/test-client', remoteAddress, headers: { host: 'ac.localhost', ...headers } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Seen>();
}

const FORWARDED = { 'x-forwarded-for': '198.51.100.7, 10.0.0.2', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

describe('TRUST_PROXY', () => {
  for (const off of [undefined, '', 'false', '0']) {
    test(`${off === undefined ? 'unset' : JSON.stringify(off)}: X-Forwarded-For, -Proto and -Host are ignored; the address is the TCP peer`, async () => {
      const app = await appTrusting(off);
      try {
        assert.deepEqual(await seen(app, '127.0.0.1', FORWARDED), { ip: '127.0.0.1', ips: null, protocol: 'http', host: 'ac.localhost' } as Seen);
        assert.equal((await seen(app, '203.0.113.50', FORWARDED)).ip, '203.0.113.50');
      } finally {
        await app.close();
      }
    });
  }

  test('a hop count: only that many proxies are believed, the rest of the header is the visitor’s to forge', async () => {
    const one = await appTrusting('1');
    try {
      // One proxy (the peer, 10.0.0.2's neighbour): the address it appended is the visitor's.
      const answer = await seen(one, '10.0.0.9', FORWARDED);
      assert.equal(answer.ip, '10.0.0.2');
      assert.equal(answer.protocol, 'https');
    } finally {
      await one.close();
    }
    const two = await appTrusting('2');
    try {
      assert.equal((await seen(two, '10.0.0.9', FORWARDED)).ip, '198.51.100.7');
      // A visitor prepending their own entry gains nothing beyond the trusted hops.
      assert.equal((await seen(two, '10.0.0.9', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.2' })).ip, '198.51.100.7');
    } finally {
      await two.close();
    }
  });

  test('a list of addresses and CIDR ranges: only hops from those addresses are believed', async () => {
    const app = await appTrusting('10.0.0.0/8, 192.0.2.1');
    try {
      // The peer is a trusted proxy, so is 10.0.0.2: the visitor is 198.51.100.7.
      const trusted = await seen(app, '10.1.2.3', FORWARDED);
      assert.equal(trusted.ip, '198.51.100.7');
      assert.equal(trusted.protocol, 'https');
      assert.equal((await seen(app, '192.0.2.1', { 'x-forwarded-for': '198.51.100.8' })).ip, '198.51.100.8');
      // Stops at the first untrusted hop from the right: 203.0.113.9 is not a proxy of ours.
      assert.equal((await seen(app, '10.1.2.3', { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' })).ip, '203.0.113.9');
      // A peer outside the list is the visitor itself, whatever it sends.
      const untrusted = await seen(app, '203.0.113.50', FORWARDED);
      assert.equal(untrusted.ip, '203.0.113.50');
      assert.equal(untrusted.protocol, 'http');
      assert.equal(untrusted.host, 'ac.localhost');
    } finally {
      await app.close();
    }
  });

  test('named ranges: loopback (what the test servers use)', async () => {
    const app = await appTrusting('loopback');
    try {
      assert.equal((await seen(app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).ip, '198.51.100.7');
      assert.equal((await seen(app, '::1', { 'x-forwarded-for': '198.51.100.7' })).ip, '198.51.100.7');
      assert.equal((await seen(app, '10.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).ip, '10.0.0.1');
    } finally {
      await app.close();
    }
  });

  test('parsed values', () => {
    assert.equal(loadConfig({}).vars.TRUST_PROXY, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).vars.TRUST_PROXY, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 ,fd00::/8,127.0.0.1,uniquelocal' }).vars.TRUST_PROXY, ['10.0.0.0/8', 'fd00::/8', '127.0.0.1', 'uniquelocal']);
  });

  const refused: [string, RegExp][] = [
    ['true', /true is refused: it would believe any X-Forwarded-For/],
    ['11', /a number of proxies \(1 to 10\)/],
    ['10.0.0.0/33', /CIDR ranges/],
    ['proxy.internal', /CIDR ranges/],
    ['10.0.0.1,', /CIDR ranges/],
    ['-1', /CIDR ranges/],
  ];
  for (const [value, rule] of refused) {
    test(`${JSON.stringify(value)} is refused with the rule, not the value`, () => {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: value }),
        (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0]!.startsWith('TRUST_PROXY: ') && rule.test(error.problems[0]!),
      );
    });
  }
});
