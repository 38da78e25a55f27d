/**
 * The path and query fuzz suite: property-based (fast-check), seeded and bounded, beside the
 * request-body suite (fuzz.test.ts). Every route the app registers for GET is listed from the app
 * itself, and each is asked for with odd paths: its parameters and wildcards filled with broken
 * percent-encodings, dot segments, encoded slashes and NULs, long and non-ASCII text, a segment
 * missing or one too many, and odd query strings (a `next` that is not a path, repeated and
 * empty keys). On every host kind (a brand, the control center signed in and out, a bare address)
 * every answer must come and never be a 5xx.
 *
 * FUZZ_SEED replays a failing run (fast-check prints the seed and path), FUZZ_RUNS runs more.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, signedInCookie } from '../../support/staff.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 2_000_020);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Path segments that have broken routers, decoders and file lookups. */
const ODD_SEGMENTS = [
  '',
  '.',
  '..',
  '%',
  '%%',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%2F',
  '%2e%2e',
  '%00',
  '%FF',
  '%u2215',
  '%E2%82%AC',
  'a%0Ab',
  '~',
  ';x=1',
  '@',
  'CON',
  'index.html',
  '_payload.json',
  'a'.repeat(300),
  encodeURIComponent('€ é 中 🙂'),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent("' OR 1=1 --"),
  '0000000000000000000000000000000000000000000000000000000000000000',
  'original',
];

/** Query strings that have broken parameter readers. */
const ODD_QUERIES = ['', '?', '?&', '?=', '?a', '?a=1&a=2', '?next=%2F%E2%82%AC', '?next=//evil.example', '?next=%', '?afid=%E0%A4%A', '?branch=', '?branch=nope', '?page=-1', '?limit=1e400', '?q=' + 'x'.repeat(3000), '?__proto__[x]=1'];

const segment = fc.oneof(fc.constantFrom(...ODD_SEGMENTS), fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent));

/** A URL for the registered route `pattern`: parameters and wildcards filled oddly, maybe a segment more or less, and a query. */
function oddUrl(pattern: string): fc.Arbitrary<string> {
  return fc
    .record({
      fills: fc.array(fc.array(segment, { minLength: 1, maxLength: 3 }), { minLength: 4, maxLength: 4 }),
      shape: fc.constantFrom('as is', 'one more', 'one less', 'trailing slash', 'doubled slash'),
      query: fc.oneof(fc.constantFrom(...ODD_QUERIES), fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map((text) => `?${encodeURI(text)}`)),
    })
    .map(({ fills, shape, query }) => {
      let index = 0;
      const fill = (whole: boolean) => (fills[index++ % fills.length] ?? ['x']).slice(0, whole ? 3 : 1).join('/');
      let path = pattern.replace(/:[A-Za-z0-9_]+\??/g, () => fill(false)).replace(/\*$/, () => fill(true));
      if (shape === 'one more') path += `/${fill(false)}`;
      if (shape === 'one less') path = path.replace(/\/[^/]*$/, '') || '/';
      if (shape === 'trailing slash') path += '/';
      if (shape === 'doubled slash') path = path.replace('/', '//');
      return path + query;
    });
}

/** Who asks: a brand's visitor, the control center signed out or in, or a bare address. */
const HOSTS = [
  { host: 'ac.localhost', signedIn: false },
  { host: 'tqg.localhost', signedIn: false },
  { host: 'wc.localhost', signedIn: false },
  { host: 'ccc.localhost', signedIn: false },
  { host: 'ccc.localhost', signedIn: true },
  { host: '127.0.0.1', signedIn: false },
];

describe(`path and query fuzz (fast-check seed ${SEED})`, () => {
  let app: FastifyInstance;
  let staffCookie = '';
  const registered: RouteOptions[] = [];
  let clients = 0;
  before(async () => {
    app = await injectableApp({ SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }, { onRoute: (route) => void registered.push(route), leadJobs: { outbox: false, retention: false } });
    await addStaff(app);
    staffCookie = await signedInCookie(app);
  });
  after(() => app?.close());

  test('the app registers its GET routes, pages and files among them', () => {
    const patterns = getPatterns();
    for (const expected of ['/*', '/media/:sha256/:variant']) assert.ok(patterns.includes(expected), `${expected} in ${patterns.join(', ')}`);
  });

  /** Every GET route pattern the app registered, once each. */
  function getPatterns(): string[] {
    return [...new Set(registered.filter((route) => [route.method].flat().includes('GET')).map((route) => route.url))].sort();
  }

  test('every GET route, asked for with odd paths and queries on every kind of host, answers without a 5xx', async () => {
    for (const pattern of getPatterns()) {
      await fc.assert(
        fc.asyncProperty(oddUrl(pattern), fc.constantFrom(...HOSTS), async (url, who) => {
          clients++;
          const headers: Record<string, string> = { host: who.host, accept: 'text/html', 'x-forwarded-for': `10.9.${(clients >> 8) & 255}.${clients & 255}` };
          if (who.signedIn) headers.cookie = staffCookie;
          const response = await app.inject({ method: 'GET', url, headers });
          assert.ok(response.statusCode < 500, `GET ${url} on ${who.host}${who.signedIn ? ' (signed in)' : ''} (route ${pattern}) answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });
});
