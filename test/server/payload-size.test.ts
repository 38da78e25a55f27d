/**
 * Issue 14 "Smaller payload": the payload a page embeds, and its `_payload.json` twin that client
 * navigation fetches, carry only what the page renders. Their sizes are deterministic (fixed test
 * clock, sandbox configuration), so each page type has an upper bound in bytes of the payload's
 * JSON, as bench:ssr counts it. Before the payload was trimmed the auto funnel's first step was
 * 45,922 bytes (its whole funnel definition: ~90 carriers, every step's vehicle choices and the
 * model catalog), the home page 11,749 (every product's copy and every brand's links), a Medicare
 * funnel step 7,027, a static page 4,486 and the not-found page 2,108 (every product's carriers).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { payloadPath } from '../../src/core/contract/page-payload.ts';
import { BOOT_DATA_ID } from '../../src/ui/boot-data.ts';
import { injectableApp } from '../support/server.ts';

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
  { name: 'auto funnel vehicle step (every make and model year)', host: 'tqg', path: '/quiz/auto/vehicle-1', maxBytes: 12_500 },
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
