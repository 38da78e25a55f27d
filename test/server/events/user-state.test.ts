/**
 * POST /api/user/set through app.inject: the whole state replaces what was stored (read back from
 * the store), bad input is a 400 with problems, and no route reads a state back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { USER_SET_PATH } from '../../../src/core/contract/user-state.ts';
import { USER_STATE_BODY_MAX_BYTES } from '../../../src/server/events/user-state-route.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const HOST = 'emily.localhost';

describe('user state', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  const setState = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: USER_SET_PATH, headers: { host: HOST, 'content-type': contentType }, payload });

  test('a stored state is read back whole, and the next push replaces it', async () => {
    const first = { formValues: { zip: { zipcode: '90210' } }, linked: true, phone: { value: '8005550101', expirationDate: '2026-03-01T12:05:00.000Z' } };
    const set = await setState(JSON.stringify({ anonymousId: 'anon-state-1', state: first }));
    assert.equal(set.statusCode, 204, set.body);
    assert.equal(set.body, '');
    assert.deepEqual(await app.store.getUserState('anon-state-1'), first);

    const second = { linked: true };
    assert.equal((await setState(JSON.stringify({ anonymousId: 'anon-state-1', state: second }))).statusCode, 204);
    assert.deepEqual(await app.store.getUserState('anon-state-1'), second);
  });

  test('states are kept per anonymous id', async () => {
    await setState(JSON.stringify({ anonymousId: 'anon-a', state: { who: 'a' } }));
    await setState(JSON.stringify({ anonymousId: 'anon-b', state: { who: 'b' } }));
    assert.deepEqual(await app.store.getUserState('anon-a'), { who: 'a' });
    assert.deepEqual(await app.store.getUserState('anon-b'), { who: 'b' });
  });

  test('no route reads a stored state back (it holds form PII; an anonymous id is no credential)', async () => {
    await setState(JSON.stringify({ anonymousId: 'anon-private', state: { formValues: { zipcode: '90210' } } }));
    const response = await app.inject({ method: 'GET', url: '/api/user/get?anonymousId=anon-private', headers: { host: HOST } });
    assert.equal(response.statusCode, 404);
    assert.ok(!response.body.includes('90210'));
  });

  describe('bad input is 400 with problems', () => {
    const cases: { name: string; payload: string; contentType?: string; problem: RegExp }[] = [
      { name: 'no anonymous id', payload: JSON.stringify({ state: {} }), problem: /^anonymousId: / },
      { name: 'an empty anonymous id', payload: JSON.stringify({ anonymousId: '', state: {} }), problem: /^anonymousId: / },
      { name: 'no state', payload: JSON.stringify({ anonymousId: 'anon-x' }), problem: /^state: / },
      { name: 'a state that is an array', payload: JSON.stringify({ anonymousId: 'anon-x', state: [1, 2] }), problem: /^state: .*expected record, received array/ },
      { name: 'a state that is a string', payload: JSON.stringify({ anonymousId: 'anon-x', state: 'x' }), problem: /^state: / },
      { name: 'an unknown top-level key', payload: JSON.stringify({ anonymousId: 'anon-x', state: {}, extra: 1 }), problem: /extra/ },
      { name: 'not JSON', payload: '{"anonymousId":', problem: /JSON/ },
      { name: 'an empty body', payload: '', problem: /empty/i },
      {
        name: `a body over ${USER_STATE_BODY_MAX_BYTES} bytes`,
        payload: JSON.stringify({ anonymousId: 'anon-x', state: { blob: 'x'.repeat(USER_STATE_BODY_MAX_BYTES) } }),
        problem: new RegExp(`larger than ${USER_STATE_BODY_MAX_BYTES} bytes`),
      },
      { name: 'a form-encoded body', payload: 'anonymousId=x', contentType: 'application/x-www-form-urlencoded', problem: /unsupported content-type/ },
    ];
    for (const { name, payload, contentType, problem } of cases) {
      test(name, async () => {
        const response = await setState(payload, contentType);
        assert.equal(response.statusCode, 400, response.body);
        const body = response.json<{ error: string; problems: string[] }>();
        assert.equal(typeof body.error, 'string');
        assert.ok(body.problems.some((line) => problem.test(line)), `no problem matches ${problem}: ${response.body}`);
      });
    }

    test('nothing refused was stored', async () => {
      assert.equal(await app.store.getUserState('anon-x'), undefined);
    });
  });
});
