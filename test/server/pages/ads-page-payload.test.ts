/**
 * The marketplace facts in page payloads (what the browser's demand check, phone lease and ad
 * list send): the placement id of the page's product line and the configured affiliate id, from
 * server config, identical in the HTML's embedded payload (pages and no-JavaScript funnel pages)
 * and in its `_payload.json` twin; absent when nothing is configured; never the API token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BOOT_DATA_ID } from '../../../src/ui/boot-data.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const MARKETPLACE_ENV = {
  MEDIAALPHA_API_TOKEN: 'secret-token',
  MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
  MEDIAALPHA_PLACEMENT_AUTO: 'placement-auto',
  MEDIAALPHA_PLACEMENT_LIFE: 'placement-life',
  MEDIAALPHA_PLACEMENT_HEALTH: 'placement-health',
  MEDIAALPHA_AFFILIATE_ID: 'aff-configured',
};

function embeddedPayload(html: string): Record<string, unknown> {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json"(?: nonce="[^"]*")?>([^<]*)</script>`).exec(html);
  assert.ok(match, 'boot data embedded');
  return (JSON.parse(match[1]!) as { payload: Record<string, unknown> }).payload;
}

/** The page's embedded payload and its JSON twin. */
async function bothPayloads(app: FastifyInstance, host: string, path: string) {
  const html = await app.inject({ url: path, headers: { host } });
  const twin = await app.inject({ url: `${path === '/' ? '' : path}/_payload.json`, headers: { host } });
  assert.equal(twin.statusCode, html.statusCode);
  return { embedded: embeddedPayload(html.body), twin: twin.json<Record<string, unknown>>(), html: html.body };
}

describe('with the marketplace configured', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp(MARKETPLACE_ENV);
  });
  after(() => app.close());

  const cases: Array<[string, string, unknown]> = [
    ['ac.localhost', '/', { placementId: 'placement-medicare', affiliateId: 'aff-configured' }],
    ['ac.localhost', '/quiz/otc/call', { placementId: 'placement-medicare', affiliateId: 'aff-configured' }],
    ['ac.localhost', '/ads/ads', { placementId: 'placement-medicare', affiliateId: 'aff-configured' }],
    ['tqg.localhost', '/quiz/auto', { placementId: 'placement-auto', affiliateId: 'aff-configured' }],
    // A page's own product wins over its brand's line: life and health are never asked as Medicare.
    ['wc.localhost', '/go-4-life/call', { placementId: 'placement-life', affiliateId: 'aff-configured' }],
    ['bh.localhost', '/go-4-health', { placementId: 'placement-health', affiliateId: 'aff-configured' }],
    ['wc.localhost', '/', { placementId: 'placement-medicare', affiliateId: 'aff-configured' }],
    ['ac.localhost', '/missing', undefined],
  ];
  for (const [host, path, marketplace] of cases) {
    test(`${host}${path}: the embedded payload carries ${marketplace ? 'the product line facts' : 'none (error page)'} and equals its twin`, async () => {
      const { embedded, twin, html } = await bothPayloads(app, host, path);
      assert.deepEqual(embedded.marketplace, marketplace);
      assert.deepEqual(twin, embedded);
      assert.ok(!html.includes('secret-token'), 'the API token never reaches the page');
    });
  }

  test('a no-JavaScript funnel page (form cookie and query) carries them too', async () => {
    const cookie = `cobrand_form=${encodeURIComponent(JSON.stringify({ shared: { zipcode: '33142' } }))}`;
    const html = await app.inject({ url: '/quiz/otc/medicare?afid=77', headers: { host: 'ac.localhost', cookie } });
    const embedded = embeddedPayload(html.body);
    assert.deepEqual(embedded.marketplace, { placementId: 'placement-medicare', affiliateId: 'aff-configured' });
    assert.ok(embedded.formState, 'the form state is there as well');
  });
});

describe('partly or not configured', () => {
  const cases: Array<[string, NodeJS.ProcessEnv, unknown]> = [
    ['nothing configured: no marketplace key at all', {}, undefined],
    ['only the affiliate id', { MEDIAALPHA_AFFILIATE_ID: 'aff-only' }, { affiliateId: 'aff-only' }],
    ['only the auto placement, on a Medicare brand', { MEDIAALPHA_PLACEMENT_AUTO: 'placement-auto' }, undefined],
    ['only the life placement, on a Medicare page', { MEDIAALPHA_PLACEMENT_LIFE: 'placement-life' }, undefined],
  ];
  for (const [label, env, marketplace] of cases) {
    test(label, async () => {
      const app = await injectableApp(env);
      try {
        const { embedded, twin } = await bothPayloads(app, 'ac.localhost', '/quiz/otc/call');
        assert.deepEqual(embedded.marketplace, marketplace);
        assert.equal(Object.hasOwn(embedded, 'marketplace'), marketplace !== undefined);
        assert.deepEqual(twin, embedded);
      } finally {
        await app.close();
      }
    });
  }
});
