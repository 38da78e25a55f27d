/**
 * The payload a page embeds, and its `_payload.json` twin that client
 * navigation fetches, carry only what the page renders. Their sizes are deterministic (fixed test
 * clock, sandbox configuration), so each page type has an upper bound in bytes of the payload's
 * JSON, as bench:ssr counts it. Before the payload was trimmed the auto funnel's first step was
 * 45,922 bytes (its whole funnel definition: ~90 carriers, every step's vehicle choices and the
 * model catalog), the home page 11,749 (every product's copy and every brand's links), a Medicare
 * funnel step 7,027, a static page 4,486 and the not-found page 2,108 (every product's carriers).
 * The model catalog the auto funnel's model steps list from is a file of its own, cached for a year.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { payloadPath } from '../../../src/core/contract/page-payload.ts';
import type { PagePayload } from '../../../src/core/payload/types.ts';
import { VEHICLE_CATALOG } from '../../../src/core/funnels/vehicles/catalog.ts';
import { BOOT_DATA_ID } from '../../../src/ui/boot-data.ts';
import { injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** Page types, one page each, with the most bytes its payload may have. */
const PAGE_TYPES = [
  { name: 'home', host: 'ac', path: '/', maxBytes: 7_000 },
  { name: 'home of an auto brand', host: 'tqg', path: '/', maxBytes: 4_000 },
  { name: 'Medicare funnel step', host: 'ac', path: '/quiz/otc', maxBytes: 4_800 },
  { name: 'static page', host: 'ac', path: '/carriers', maxBytes: 4_200 },
  { name: 'auto funnel first step', host: 'tqg', path: '/quiz/auto', maxBytes: 9_500 },
  { name: 'auto funnel vehicle step (every make and model year)', host: 'tqg', path: '/quiz/auto/vehicle-1', maxBytes: 12_800 },
  { name: 'auto funnel model step (no model catalog)', host: 'tqg', path: '/quiz/auto/vehicle-1-model', maxBytes: 9_800 },
  { name: 'not found', host: 'ac', path: '/no-such-page', maxBytes: 1_800 },
] as const;

/** The payload's bytes as bench:ssr counts them: its JSON, as the embedded boot data holds it. */
function embeddedPayloadBytes(html: string): number {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json"(?: nonce="[^"]*")?>([^<]*)</script>`).exec(html);
  assert.ok(match, 'boot data embedded');
  return Buffer.byteLength(JSON.stringify((JSON.parse(match[1]!) as { payload: unknown }).payload));
}

describe('payload bytes per page type', () => {
  for (const type of PAGE_TYPES) {
    test(`${type.name} (${type.host} ${type.path}): at most ${type.maxBytes} bytes, embedded and as its twin`, async () => {
      const headers = { host: `${type.host}.localhost` };
      const page = await app.inject({ url: type.path, headers });
      const embedded = embeddedPayloadBytes(page.body);
      assert.ok(embedded <= type.maxBytes, `embedded payload is ${embedded} bytes`);
      const twin = await app.inject({ url: payloadPath(type.path), headers });
      assert.equal(twin.statusCode, page.statusCode);
      assert.equal(Buffer.byteLength(JSON.stringify(twin.json())), embedded, 'the twin carries the same payload');
    });
  }
});

describe("the vehicle model catalog, at the address the auto funnel's payloads name", () => {
  test('answers the catalog as JSON, cached for a year as immutable, compressed', async () => {
    const headers = { host: 'tqg.localhost' };
    const twin = await app.inject({ url: payloadPath('/quiz/auto/vehicle-1-model'), headers });
    const href = twin.json<PagePayload>().funnel?.vehicleModelsHref;
    assert.ok(href, 'the payload names the address');
    const file = await app.inject({ url: href, headers });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /^application\/json/);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.deepEqual(file.json(), VEHICLE_CATALOG);
    const compressed = await app.inject({ url: href, headers: { ...headers, 'accept-encoding': 'gzip' } });
    assert.equal(compressed.headers['content-encoding'], 'gzip');
  });

  test('an address of another hash is not found', async () => {
    const response = await app.inject({ url: '/data/vehicle-models.00000000.json', headers: { host: 'tqg.localhost' } });
    assert.equal(response.statusCode, 404);
  });
});
