/**
 * Bytes that never became a request (not HTTP, headers too large) are answered with the security
 * headers every other answer has, over a real socket to a listening server, in development and in
 * production (HSTS there only).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../../tools/support/server.ts';

/** Sends `bytes` on a fresh connection and reads everything until the server closes it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

const REQUESTS: Array<[name: string, bytes: string, status: string]> = [
  ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', '400 Bad Request'],
  ['a request line with a bad method', 'G=T / HTTP/1.1\r\nHost: ac.localhost\r\n\r\n', '400 Bad Request'],
  ['headers too large', `GET / HTTP/1.1\r\nHost: ac.localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, '431 Request Header Fields Too Large'],
];

for (const production of [false, true]) {
  describe(`client errors ${production ? 'in production' : 'in development'}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(production ? { NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), BRAND_PHONE_AC: '8885550100' } : {});
    });
    after(() => server?.close());

    for (const [name, bytes, status] of REQUESTS) {
      test(`${name}: ${status}, with the security headers`, async () => {
        const answer = await exchange(server.port, bytes);
        const [head = ''] = answer.split('\r\n\r\n');
        const [statusLine, ...lines] = head.split('\r\n');
        assert.equal(statusLine, `HTTP/1.1 ${status}`);
        const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        assert.equal(headers.get('x-content-type-options'), 'nosniff');
        assert.equal(headers.get('x-frame-options'), 'DENY');
        assert.equal(headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
        assert.equal(headers.get('referrer-policy'), 'no-referrer');
        assert.equal(headers.has('strict-transport-security'), production);
      });
    }
  });
}
