/**
 * The visitor's server-backed state against a real local HTTP server: the sign-in session
 * (spec §4 "Auth", §7, §8) and the IP-lookup loop (spec §4 "IP-lookup expiry", §9); and the bot
 * check's failure handling (spec §8).
 */
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { createFormValuesStore } from '../../src/client/form-values.ts';
import { AUTH_SESSION_ACCEPT, createAuthSession, SIGNED_OUT } from '../../src/client/visitor/auth-session.ts';
import { runBotCheck } from '../../src/client/visitor/bot-check.ts';
import { startIpLookup, watchedFieldOfInput, watchQuoteFieldInputs, watchQuoteFields, type IpLookupLoop } from '../../src/client/visitor/ip-lookup.ts';
import { AUTH_SESSION_PATH } from '../../src/core/contract/auth-session.ts';
import { IP_LOOKUP_PATH } from '../../src/core/contract/ip-lookup.ts';
import { IP_LOOKUP_CHECK_INTERVAL_MS, IP_LOOKUP_FIELD_CHANGE_EXPIRY_MS, IP_LOOKUP_REFRESH_WITHIN_MS } from '../../src/core/tracking/constants.ts';
import { fetchedUrl } from '../support/fetched-url.ts';

/** What the local server answers on a path: a status and a body, or 'down' to drop the connection. */
type Answer = { status: number; body: string } | 'down';

let answers: Map<string, Answer>;
let requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
let server: Server;
let origin: string;

before(async () => {
  server = createServer((request, response) => {
    requests.push({ method: request.method!, path: request.url!, headers: request.headers });
    const answer = answers.get(`${request.method} ${request.url}`) ?? { status: 404, body: '{}' };
    if (answer === 'down') return void request.socket.destroy();
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  answers = new Map();
  requests = [];
});

const boundFetch: typeof fetch = (input, init) => fetch(new URL(fetchedUrl(input), origin), init);
const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
const USER = { email: 'staff@example.com', name: 'Staff Member' };

describe('sign-in session', () => {
  test('before the first fetch it is not ready; a session with a user is ready and logged in', async () => {
    answers.set(`GET ${AUTH_SESSION_PATH}`, json(200, { loggedIn: true, user: USER }));
    const auth = createAuthSession({ fetch: boundFetch });
    assert.deepEqual(auth.getSnapshot(), { ready: false, loggedIn: false, user: null });
    let heard = 0;
    auth.subscribe(() => heard++);
    assert.deepEqual(await auth.refresh(), { ready: true, loggedIn: true, user: USER });
    assert.deepEqual(auth.getSnapshot(), { ready: true, loggedIn: true, user: USER });
    assert.equal(heard, 1);
    assert.equal(requests[0]!.headers.accept, AUTH_SESSION_ACCEPT);
  });

  const signedOut: Array<[name: string, answer: Answer]> = [
    ['a session without a user', json(200, { loggedIn: false })],
    ['loggedIn true but no user', json(200, { loggedIn: true })],
    ['a server error', json(500, { error: 'boom' })],
    ['a body that is not the session shape', json(200, { user: 'someone' })],
    ['a body that is not JSON', { status: 200, body: '<html>' }],
    ['a dropped connection', 'down'],
  ];
  for (const [name, answer] of signedOut) {
    test(`${name}: ready and signed out, after exactly one request (no retries)`, async () => {
      answers.set(`GET ${AUTH_SESSION_PATH}`, answer);
      const auth = createAuthSession({ fetch: boundFetch });
      assert.deepEqual(await auth.refresh(), SIGNED_OUT);
      assert.equal(requests.length, 1);
    });
  }

  test('sign-out DELETEs the session and empties it', async () => {
    answers.set(`GET ${AUTH_SESSION_PATH}`, json(200, { loggedIn: true, user: USER }));
    answers.set(`DELETE ${AUTH_SESSION_PATH}`, json(200, { loggedIn: false }));
    const auth = createAuthSession({ fetch: boundFetch });
    await auth.refresh();
    assert.equal(await auth.signOut(), true);
    assert.deepEqual(auth.getSnapshot(), SIGNED_OUT);
    assert.deepEqual(requests.map(({ method, path }) => `${method} ${path}`), [`GET ${AUTH_SESSION_PATH}`, `DELETE ${AUTH_SESSION_PATH}`]);
  });

  test('a sign-out the server did not confirm still empties the session, and says so', async () => {
    answers.set(`DELETE ${AUTH_SESSION_PATH}`, 'down');
    const auth = createAuthSession({ fetch: boundFetch });
    assert.equal(await auth.signOut(), false);
    assert.deepEqual(auth.getSnapshot(), SIGNED_OUT);
  });
});

describe('IP lookup loop', () => {
  const T0 = Date.parse('2030-01-01T12:00:00.000Z');
  const FOUND = { city: 'Mountain View', stateCode: 'CA', postalCode: '94043', value: '8.8.8.8', isp: 'GOOGLE', expiresAt: new Date(T0 + 60_000).toISOString() };
  let clock: number;
  let intervals: Array<{ run: () => void; ms: number; cleared: boolean }>;
  let loops: IpLookupLoop[];

  beforeEach(() => {
    clock = T0;
    intervals = [];
    loops = [];
    answers.set(`GET ${IP_LOOKUP_PATH}`, json(200, FOUND));
  });
  afterEach(() => loops.forEach((loop) => loop.stop()));

  /** The loop with a clock and an interval the test moves by hand. */
  async function start() {
    const loop = startIpLookup({
      fetch: boundFetch,
      now: () => clock,
      timers: {
        setInterval: (run: () => void, ms: number) => intervals.push({ run, ms, cleared: false }),
        clearInterval: (id: number) => (intervals[id - 1]!.cleared = true),
      },
    });
    loops.push(loop);
    await loop.check(); // Joins the lookup started on load.
    return loop;
  }

  /** Moves the clock to `msAfterT0` and runs the 4-second check. */
  async function checkAt(loop: IpLookupLoop, msAfterT0: number) {
    clock = T0 + msAfterT0;
    intervals[0]!.run();
    await loop.check();
  }

  const lookups = () => requests.filter((request) => request.path === IP_LOOKUP_PATH).length;

  test('looks up on load and checks every 4 s; the lookup has no expiresAt', async () => {
    const loop = await start();
    assert.equal(lookups(), 1);
    assert.equal(intervals[0]!.ms, IP_LOOKUP_CHECK_INTERVAL_MS);
    const { expiresAt: _expiresAt, ...lookup } = FOUND;
    assert.deepEqual(loop.current(), lookup);
  });

  test('refreshes only once the lookup expires within 20 s', async () => {
    const loop = await start();
    await checkAt(loop, 60_000 - IP_LOOKUP_REFRESH_WITHIN_MS - 1);
    assert.equal(lookups(), 1, '20.001 s left: still fresh');
    await checkAt(loop, 60_000 - IP_LOOKUP_REFRESH_WITHIN_MS);
    assert.equal(lookups(), 2, 'exactly 20 s left: refreshed');
  });

  test('a watched field change moves the expiry to 10 s from now, so the next check refreshes', async () => {
    const loop = await start();
    clock = T0 + 1000;
    loop.fieldChanged();
    await checkAt(loop, 1000 + IP_LOOKUP_CHECK_INTERVAL_MS);
    assert.equal(lookups(), 2);
    assert.ok(IP_LOOKUP_FIELD_CHANGE_EXPIRY_MS < IP_LOOKUP_REFRESH_WITHIN_MS);
  });

  for (const [name, failure] of [['a server error', json(503, {})], ['a dropped connection', 'down'], ['a malformed answer', json(200, { city: 3 })]] as const) {
    test(`${name} is ignored: the last lookup stays and the next check tries again`, async () => {
      const loop = await start();
      const before = loop.current();
      answers.set(`GET ${IP_LOOKUP_PATH}`, failure);
      await checkAt(loop, 50_000);
      assert.deepEqual(loop.current(), before);
      await checkAt(loop, 54_000);
      assert.equal(lookups(), 3, 'tried again at the next check');
    });
  }

  test('stop clears the interval', async () => {
    const loop = await start();
    loop.stop();
    assert.equal(intervals[0]!.cleared, true);
  });

  test('watchQuoteFields fires on a change of a watched field only, whichever form made it', () => {
    const window = new Window({ url: 'https://ac.localhost/' });
    const forms = createFormValuesStore(window.localStorage);
    let changes = 0;
    const unwatch = watchQuoteFields(forms, () => changes++);
    forms.merge('quiz-auto', { driver2Email: 'a@example.com' });
    forms.merge('quiz-auto', { driver2Email: 'a@example.com' });
    forms.merge('quiz-otc', { zipcode: '94043' });
    forms.merge('quiz-otc', { favouriteColour: 'blue' });
    forms.merge('quiz-auto', { vehicle3Model: 'Civic' });
    assert.equal(changes, 3, 'driver2Email, zipcode and vehicle3Model; not a repeat, not an unwatched field');
    unwatch();
    forms.merge('quiz-otc', { zipcode: '10001' });
    assert.equal(changes, 3);
    void window.happyDOM.close();
  });

  test('the form control each input name edits: a watched field, a date part, an "Other" text box, or none', () => {
    const cases: Array<[name: string, field: string | undefined]> = [
      ['zipcode', 'zipcode'],
      ['driver1DobDay', 'driver1DobDay'],
      ['driver3MilitaryAffiliation', 'driver3MilitaryAffiliation'],
      ['vehicle2Make', 'vehicle2Make'],
      ['vehicle2MakeOther', 'vehicle2Make'],
      ['currentCompanyOther', 'currentCompany'],
      ['driver4FirstName', undefined],
      ['consent', undefined],
      ['', undefined],
    ];
    for (const [name, field] of cases) assert.equal(watchedFieldOfInput(name), field, name);
  });

  test('watchQuoteFieldInputs fires on every keystroke or pick in a watched field, before any submit', () => {
    const window = new Window({ url: 'https://ac.localhost/quiz/auto' });
    const document = window.document;
    document.body.innerHTML = '<form><input name="zipcode"><select name="driver1DobMonth"><option value="01">1</option></select><input name="vehicle1MakeOther"><input name="notes"></form>';
    let changes = 0;
    const stop = watchQuoteFieldInputs(document as unknown as Document, () => changes++);
    const type = (name: string) => document.querySelector(`[name="${name}"]`)!.dispatchEvent(new window.Event('input', { bubbles: true }));
    type('zipcode');
    type('zipcode');
    type('driver1DobMonth');
    type('vehicle1MakeOther');
    type('notes');
    assert.equal(changes, 4, 'two keystrokes in zipcode, a month picked, a make typed; not the unwatched box');
    stop();
    type('zipcode');
    assert.equal(changes, 4);
    void window.happyDOM.close();
  });
});

describe('bot check', () => {
  test('a chunk that fails to load is swallowed: no result', async () => {
    assert.equal(await runBotCheck(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), undefined);
  });

  test('a detection that throws (botd raises BotdError before collecting) is swallowed: no result', async () => {
    const failing = { load: async () => ({ detect: (): never => { throw new Error('BotdError: detect called before collect'); } }) };
    assert.equal(await runBotCheck(() => Promise.resolve(failing)), undefined);
  });

  test('the real botd runs here and finds no known bot in Node: { bot: null }', async () => {
    assert.deepEqual(await runBotCheck(() => import('@fingerprintjs/botd')), { bot: null });
  });
});
