/**
 * No personal data in the logs: query values, client addresses, cookies,
 * authorization and bodies never reach a log line, whatever the level.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { addStaff } from '../../support/staff.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { ipHasher, loggableUrl } from '../../../src/server/platform/http/logging.ts';

/** Values that must never be logged. */
const PII = {
  firstname: 'Annabelle',
  lastname: 'Quixotelle',
  phone: '5551234567',
  dateofbirth: '1950-01-01',
  email: 'annabelle.q@example.com',
  gclid: 'Cj0KCQclickid777',
  cookie: 'secret-cookie-value-42',
  token: 'secret-bearer-token-43',
  address: '198.51.100.77',
};

describe('the request log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  before(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-log-')),
      TRUST_PROXY: 'loopback',
      SESSION_KEY: randomBytes(32).toString('hex'),
    });
    app = await buildApp({ config, logStream: { write: (line: string) => void lines.push(line) }, leadJobs: { outbox: false, retention: false } });
    await app.ready();
    // An account whose email and password are personal values the log must not hold.
    await addStaff(app, { email: PII.email, name: PII.firstname, password: PII.token });
  });
  after(() => app.close());

  const headers = {
    host: 'ac.localhost',
    cookie: `cobrand_session=${PII.cookie}; _ga=${PII.cookie}`,
    authorization: `Bearer ${PII.token}`,
    'x-forwarded-for': PII.address,
  };

  test('a landing with captured visitor facts in its query, a cookie and a forwarded address leaves none of them in the log', async () => {
    const query = `firstname=${PII.firstname}&lastname=${PII.lastname}&phone=${PII.phone}&dateofbirth=${PII.dateofbirth}&gclid=${PII.gclid}&utm_source=facebook&afid=77`;
    const page = await app.inject({ url: `/quiz/otc?${query}`, headers });
    assert.equal(page.statusCode, 200);
    // Fastify's own 404 (no page route answers under /assets/) logs a "Route … not found" line.
    const missing = await app.inject({ url: `/assets/no-such.js?phone=${PII.phone}&email=${encodeURIComponent(PII.email)}`, headers });
    assert.equal(missing.statusCode, 404);
    const form = await app.inject({
      method: 'POST',
      url: `/quiz/otc/zip?firstname=${PII.firstname}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `zipcode=60601&email=${encodeURIComponent(PII.email)}&phone=${PII.phone}`,
    });
    assert.equal(form.statusCode, 303);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/_auth/session',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: PII.email, password: PII.token }),
    });
    assert.equal(signIn.statusCode, 200, signIn.body);

    const log = lines.join('');
    assert.ok(lines.length >= 8, `request lines were logged: ${log}`);
    for (const [what, value] of Object.entries(PII)) assert.ok(!log.includes(value), `${what} (${value}) is in the log:\n${log}`);
    assert.ok(!log.includes(encodeURIComponent(PII.email)), 'the encoded email is not in the log');
    assert.ok(!log.includes('127.0.0.1'), 'no address at all, not even the proxy’s');

    type Entry = { msg: string; req?: { method: string; url: string; ipHash?: string; remoteAddress?: unknown }; res?: { statusCode: number }; route?: string; responseTime?: number };
    const entries = lines.map((line) => JSON.parse(line) as Entry);
    // One line per request, when it is answered (each line costs CPU): what operations needs, nothing personal.
    assert.equal(entries.filter((entry) => entry.msg === 'incoming request').length, 0, 'no separate line when a request arrives');
    const completed = entries.filter((entry) => entry.msg === 'request completed');
    assert.deepEqual(
      completed.map((entry) => [entry.req!.method, entry.req!.url, entry.route, entry.res!.statusCode]),
      [
        ['GET', '/quiz/otc?firstname=*&lastname=*&phone=*&dateofbirth=*&gclid=*&utm_source=facebook&afid=77', '/*', 200],
        ['GET', '/assets/no-such.js?phone=*&email=*', 'unmatched', 404],
        ['POST', '/quiz/otc/zip?firstname=*', '/*', 303],
        ['POST', '/api/_auth/session', '/api/_auth/session', 200],
      ],
    );
    for (const entry of completed) assert.ok(typeof entry.responseTime === 'number' && entry.responseTime >= 0, `${entry.req!.url}: the time it took`);
    const requests = completed.map((entry) => entry.req!);
    // The same visitor, the same keyed hash: requests can be followed without the address.
    const hashes = new Set(requests.map((request) => request.ipHash));
    assert.equal(hashes.size, 1);
    assert.match([...hashes][0]!, /^[0-9a-f]{16}$/);
    assert.ok(requests.every((request) => request.remoteAddress === undefined));
    assert.ok(entries.some((entry) => entry.msg === 'Route GET:/assets/no-such.js?phone=*&email=* not found'), 'the 404 line names the path, not the values');
  });
});

describe('loggableUrl', () => {
  const cases: [string, string][] = [
    ['/', '/'],
    ['/quiz/otc/zip', '/quiz/otc/zip'],
    ['/x?firstname=Ann&utm_campaign=spring&utm_medium=cpc', '/x?firstname=*&utm_campaign=spring&utm_medium=cpc'],
    ['/x?flag&phone=', '/x?flag&phone=*'],
    ['/x?ann%40example.com', '/x?*'],
    ['/x?5551234567=1', '/x?*'],
    ['/x?a=1&&b=2', '/x?a=*&b=*'],
    ['/x?phone=1=2', '/x?phone=*'],
    ['/x?phone=555#frag', '/x?phone=*'],
    ['/x?', '/x?'],
  ];
  for (const [url, logged] of cases) test(`${url} -> ${logged}`, () => assert.equal(loggableUrl(url), logged));
});

describe('ipHasher', () => {
  test('keyed by SESSION_KEY: stable for one key, different for another, random without one', () => {
    const key = randomBytes(32).toString('hex');
    const hash = ipHasher(key)('198.51.100.7');
    assert.match(hash!, /^[0-9a-f]{16}$/);
    assert.equal(ipHasher(key)('198.51.100.7'), hash, 'every node with the same key hashes alike');
    assert.notEqual(ipHasher(key)('198.51.100.8'), hash);
    assert.notEqual(ipHasher(randomBytes(32).toString('hex'))('198.51.100.7'), hash);
    assert.notEqual(ipHasher(undefined)('198.51.100.7'), ipHasher(undefined)('198.51.100.7'));
    assert.equal(ipHasher(key)(undefined), undefined);
  });

  test('the remembered hashes are the computed ones, before and after the memory starts over', () => {
    const key = randomBytes(32).toString('hex');
    const remembering = ipHasher(key);
    const first = remembering('198.51.100.7');
    for (let i = 0; i < 5000; i++) remembering(`10.0.${i >> 8}.${i & 255}`);
    assert.equal(remembering('198.51.100.7'), first);
    assert.equal(remembering('10.0.0.1'), ipHasher(key)('10.0.0.1'));
  });
});
