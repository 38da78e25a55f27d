/**
 * Every control-center page says `noindex` (the control center keeps out of search engines and
 * frames): each route of the ccc brand in the route table, signed in and rendered, carries `<meta
 * name="robots" content="noindex, nofollow">`, and so do the sign-in page a signed-out person
 * gets, the control center's 404 and every JSON twin's page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../../routes.ts';
import { CONTROL_CENTER_BRAND } from '../../../src/core/router/control-center-route.ts';
import { injectableApp } from '../../support/server.ts';
import { addStaff, CONTROL_CENTER_HOST, signedInCookie } from '../../support/staff.ts';

/** A value for each path parameter: a real branch, an image-shaped hash, a slug for the rest. */
function samplePath(pattern: string): string {
  return (
    pattern
      .replace(/\/\{\w+\?\}/g, '')
      .replace(/\{(\w+)\*?\}/g, (_match, name: string) => (name === 'branch' ? 'ac' : name === 'image' ? 'a'.repeat(64) : name === 'page' ? 'quiz-otc' : 'sample-1')) || '/'
  );
}

const CONTROL_CENTER_PATHS = ROUTES.filter((route) => (route.brands as readonly string[]).includes(CONTROL_CENTER_BRAND)).map((route) => [route.name, samplePath(route.path)] as const);
const NOINDEX = /<meta name="robots" content="noindex, nofollow"\/?>/;

describe('noindex on every control-center page', () => {
  let app: FastifyInstance;
  let cookie: string;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
    cookie = await signedInCookie(app);
  });
  after(() => app.close());

  test('the route table gives the control center its screens', () => {
    assert.ok(CONTROL_CENTER_PATHS.length >= 20, `${CONTROL_CENTER_PATHS.length} routes`);
  });

  for (const [name, path] of CONTROL_CENTER_PATHS) {
    test(`${name} (${path}): noindex, in the page and in its twin`, async () => {
      const page = await app.inject({ url: path, headers: { host: CONTROL_CENTER_HOST, cookie } });
      assert.equal(page.statusCode, 200, page.body.slice(0, 300));
      assert.match(page.body, NOINDEX);
      assert.equal(page.body.match(/<meta name="robots"/g)?.length, 1, 'one robots tag');
      const twin = await app.inject({ url: `${path === '/' ? '' : path}/_payload.json`, headers: { host: CONTROL_CENTER_HOST, cookie } });
      assert.equal(twin.statusCode, 200);
      assert.notEqual(twin.json().page.indexable, true, 'not indexable in the payload the client renders the head from');
    });
  }

  test('signed out: the sign-in page it is sent to is noindex too', async () => {
    const redirect = await app.inject({ url: '/branches', headers: { host: CONTROL_CENTER_HOST } });
    assert.equal(redirect.statusCode, 303);
    const signIn = await app.inject({ url: redirect.headers.location as string, headers: { host: CONTROL_CENTER_HOST } });
    assert.equal(signIn.statusCode, 200);
    assert.match(signIn.body, NOINDEX);
  });

  test("the control center's 404 is noindex", async () => {
    const missing = await app.inject({ url: '/no-such-screen', headers: { host: CONTROL_CENTER_HOST, cookie } });
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, NOINDEX);
  });
});
