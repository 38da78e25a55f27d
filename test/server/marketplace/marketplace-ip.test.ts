/**
 * The marketplace relays send the visitor's address as the server saw it:
 * the browser's `ip` field is overwritten, whatever it says.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildDemandCheckPayload, buildGetPhonePayload } from '../../../src/core/marketplace/payloads.ts';
import { injectableApp } from '../../../tools/support/server.ts';

/** An upstream that keeps every JSON body it is sent and answers `{}`. */
async function capturingUpstream(): Promise<{ url: string; bodies: Record<string, unknown>[]; close(): Promise<void> }> {
  const bodies: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const FORGED = '203.0.113.66';

const demandCheck = () =>
  buildDemandCheckPayload({ ip: FORGED, localHour: 14, ua: 'Mozilla/5.0 (test)', url: 'https://example.test/quiz/otc', placementId: 'p', urlParams: {}, geo: { postalCode: '90210', stateCode: 'CA' } });
const getPhone = () =>
  buildGetPhonePayload({ product: 'medicare', lead: { zipcode: '90210' }, ip: FORGED, localHour: 9, ua: 'Mozilla/5.0 (test)', url: 'https://example.test/quiz/otc', placementId: 'p', urlParams: {} });

describe('the marketplace relays send the server-derived visitor address', () => {
  let upstream: Awaited<ReturnType<typeof capturingUpstream>>;
  let trusting: FastifyInstance;
  let direct: FastifyInstance;
  before(async () => {
    upstream = await capturingUpstream();
    const env = { MEDIAALPHA_DEMAND_CHECK_URL: `${upstream.url}/demand`, MEDIAALPHA_GET_PHONE_URL: `${upstream.url}/phone`, MEDIAALPHA_API_TOKEN: 't' };
    // Behind a trusted proxy (the test default: loopback), and with no proxy trusted at all.
    trusting = await injectableApp(env);
    direct = await injectableApp({ ...env, TRUST_PROXY: '' });
  });
  after(async () => {
    await trusting.close();
    await direct.close();
    await upstream.close();
  });

  const cases = [
    ['demand-check', '/api/mediaalpha/demand-check', demandCheck],
    ['get-phone', '/api/mediaalpha/get-phone', getPhone],
  ] as const;
  for (const [name, url, payload] of cases) {
    test(`${name}: the browser's ip is replaced by request.ip (the trusted proxy's X-Forwarded-For, else the peer)`, async () => {
      const viaProxy = await trusting.inject({ method: 'POST', url, headers: { host: 'ac.localhost', 'x-forwarded-for': '198.51.100.23' }, payload: payload() });
      assert.equal(viaProxy.statusCode, 200, viaProxy.body);
      assert.equal(upstream.bodies.at(-1)?.ip, '198.51.100.23');

      const forgedHeader = await direct.inject({ method: 'POST', url, remoteAddress: '192.0.2.44', headers: { host: 'ac.localhost', 'x-forwarded-for': FORGED }, payload: payload() });
      assert.equal(forgedHeader.statusCode, 200, forgedHeader.body);
      assert.equal(upstream.bodies.at(-1)?.ip, '192.0.2.44', 'neither the body nor an untrusted header decides the address');
      assert.ok(!upstream.bodies.some((body) => body.ip === FORGED), 'the browser-supplied address never goes upstream');
    });
  }
});
