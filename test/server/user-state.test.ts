/**
 * POST /api/user/set and GET /api/user/get through app.inject: the whole state replaces what was
 * stored, reads come back as sent, bad input is a 400 with problems.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { USER_GET_PATH, USER_SET_PATH, USER_STATE_BODY_MAX_BYTES } from '../../src/server/plugins/user-state.ts';
import { injectableApp } from '../support/server.ts';

const HOST = 'emily.localhost';

describe('user state', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  const setState = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: USER_SET_PATH, headers: { host: HOST, 'content-type': contentType }, payload });
  const getState = (query: string) => app.inject({ method: 'GET', url: `${USER_GET_PATH}${query}`, headers: { host: HOST } });

  test('a stored state is read back whole, and the next push replaces it', async () => {
    const first = { formValues: { zip: { zipcode: '90210' } }, linked: true, phone: { value: '8005550101', expirationDate: '2026-03-01T12:05:00.000Z' } };
    const set = await setState(JSON.stringify({ anonymousId: 'anon-state-1', state: first }));
    assert.equal(set.statusCode, 204, set.body);
    assert.equal(set.body, '');
    const read = await getState('?anonymousId=anon-state-1');
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.headers['cache-control'], 'no-store');
    assert.deepEqual(read.json(), { anonymousId: 'anon-state-1', state: first });

    const second = { linked: true };
    assert.equal((await setState(JSON.stringify({ anonymousId: 'anon-state-1', state: second }))).statusCode, 204);
    assert.deepEqual((await getState('?anonymousId=anon-state-1')).json(), { anonymousId: 'anon-state-1', state: second });
    assert.deepEqual(await app.store.getUserState('anon-state-1'), second);
  });

  test('states are kept per anonymous id', async () => {
    await setState(JSON.stringify({ anonymousId: 'anon-a', state: { who: 'a' } }));
    await setState(JSON.stringify({ anonymousId: 'anon-b', state: { who: 'b' } }));
    assert.deepEqual((await getState('?anonymousId=anon-a')).json(), { anonymousId: 'anon-a', state: { who: 'a' } });
    assert.deepEqual((await getState('?anonymousId=anon-b')).json(), { anonymousId: 'anon-b', state: { who: 'b' } });
  });

  test('an id with no stored state is 404', async () => {
    const response = await getState('?anonymousId=never-seen');
    assert.equal(response.statusCode, 404);
    assert.equal(typeof (response.json() as { error: unknown }).error, 'string');
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
        const body = response.json() as { error: string; problems: string[] };
        assert.equal(typeof body.error, 'string');
        assert.ok(body.problems.some((line) => problem.test(line)), `no problem matches ${problem}: ${response.body}`);
      });
    }

    test('nothing refused was stored', async () => {
      assert.equal(await app.store.getUserState('anon-x'), undefined);
    });

    const badQueries: [string, string][] = [
      ['no anonymousId', ''],
      ['an empty anonymousId', '?anonymousId='],
      ['two anonymousIds', '?anonymousId=a&anonymousId=b'],
    ];
    for (const [name, query] of badQueries) {
      test(`GET with ${name}`, async () => {
        const response = await getState(query);
        assert.equal(response.statusCode, 400, response.body);
        assert.match((response.json() as { problems: string[] }).problems.join('\n'), /^anonymousId: /);
      });
    }
  });
});
