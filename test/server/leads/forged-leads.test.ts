/**
 * Leads nobody can forge: a no-JavaScript step is taken only from a visitor who walked the funnel
 * to it on this site (the form cookie records each step posted), a page elsewhere may post only a
 * funnel's first question (an ad's landing page asking for a ZIP), and the visitor endpoints that
 * record a step, capture a lead or keep a visitor's answers refuse what another site's page sends.
 * The JavaScript funnel's own walk is tested in walked-leads.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FUNNEL_STEP_PATH, LEADS_PATH, USER_SET_PATH } from '../../../src/core/contract/index.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest } from '../../../tools/support/auto-lead.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { walkSteps } from '../../support/js-walk.ts';
import { answersFor, stepOfFunnel, walkedCookie } from '../../support/no-js-walk.ts';

const FORM = 'application/x-www-form-urlencoded';
const HOST = 'tqg.localhost';
const BASE = '/quiz/auto';
const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describe('forged no-JavaScript lead posts', () => {
  let app: FastifyInstance;
  const auto = funnelById('auto')!;
  const stepAt = stepOfFunnel(auto, BASE);
  const contact = auto.steps.find((step) => step.name === 'contact')!;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  const leadCount = async () => (await app.store.listLeads({})).length;
  const postContact = (headers: Record<string, string>, payload = answersFor(contact)) =>
    app.inject({ method: 'POST', url: `${BASE}/contact`, headers: { host: HOST, 'content-type': FORM, ...headers }, payload });

  test('a bare post of the last step, with no step before it, goes back to the first question and stores no lead', async () => {
    const before = await leadCount();
    const response = await postContact({}, 'driver1Email=ana.ruiz%40example.com&driver1Phone=%28201%29+555-0123');
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, `${BASE}/zip`);
    assert.equal(await leadCount(), before);
  });

  test('a post of the last step by a visitor who skipped steps goes back to the first one they missed', async () => {
    const before = await leadCount();
    // Walked to "another vehicle?", then straight to the contact step.
    const cookie = await walkedCookie(app, HOST, BASE, `${BASE}/has-vehicle-2`, stepAt);
    const response = await postContact({ cookie });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, `${BASE}/has-vehicle-2`);
    assert.equal(await leadCount(), before);
  });

  test("another site's page posting the last step, even with a walked visitor's cookie, is sent to the start and stores no lead", async () => {
    const before = await leadCount();
    const cookie = await walkedCookie(app, HOST, BASE, `${BASE}/contact`, stepAt);
    const response = await postContact({ cookie, ...EVIL });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, `${BASE}/zip`);
    assert.equal(await leadCount(), before);
  });

  test('the same walked visitor posting from our own page gives a lead', async () => {
    const before = await leadCount();
    const cookie = await walkedCookie(app, HOST, BASE, `${BASE}/contact`, stepAt);
    const response = await postContact({ cookie, origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, `${BASE}/result`);
    assert.equal(await leadCount(), before + 1);
  });

  test("another site's landing page may still post a funnel's first question", async () => {
    const response = await app.inject({ method: 'POST', url: `${BASE}/zip`, headers: { host: HOST, 'content-type': FORM, ...EVIL }, payload: 'zipcode=33101' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, `${BASE}/insured`);
  });
});

describe('visitor endpoints refuse what another site sends', () => {
  let app: FastifyInstance;
  /** The form cookie of a browser that walked the auto funnel, whose lead is then taken from our own page. */
  let walked: string;
  before(async () => {
    app = await injectableApp();
    walked = await walkSteps(app, { host: HOST, route: 'quiz-auto', funnel: 'auto', fields: AUTO_LEAD_FIELDS, headers: { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' } });
  });
  after(() => app.close());

  const calls: Array<[name: string, path: string, body: unknown, okStatus: number]> = [
    ['a lead capture', LEADS_PATH, autoLeadRequest('forged-cross-site-0001'), 201],
    ['user state', USER_SET_PATH, { anonymousId: 'anon-forged', state: { formValues: { zipcode: '33101' } } }, 204],
    ['a funnel step', FUNNEL_STEP_PATH, { route: 'quiz-auto', funnel: 'auto', step: 'zip', answers: { zipcode: '33101' } }, 204],
  ];
  const senders: Array<[who: string, headers: Record<string, string>]> = [
    ['another site (Origin)', { origin: 'https://evil.example' }],
    ['another site (Sec-Fetch-Site only)', { 'sec-fetch-site': 'cross-site' }],
    ['a sandboxed frame (Origin: null)', { origin: 'null' }],
    ['another subdomain (same-site)', { 'sec-fetch-site': 'same-site' }],
  ];
  for (const [name, path, body] of calls) {
    for (const [who, headers] of senders) {
      test(`${name} from ${who}: 403, nothing kept`, async () => {
        // With a walked visitor's cookie: the page elsewhere rides on a real visitor's browser.
        const response = await app.inject({ method: 'POST', url: path, headers: { host: HOST, 'content-type': 'application/json', cookie: walked, ...headers }, payload: JSON.stringify(body) });
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(response.json<{ error: string }>().error, 'Cross-site request refused');
        assert.equal(response.headers['set-cookie'], undefined, 'no step recorded');
        assert.deepEqual(await app.store.listLeads({}), [], 'no lead stored');
        assert.equal(await app.store.getUserState('anon-forged'), undefined, 'no user state stored');
      });
    }
  }

  test('from our own page (same origin), each is taken', async () => {
    for (const [name, path, body, okStatus] of calls) {
      const response = await app.inject({ method: 'POST', url: path, headers: { host: HOST, 'content-type': 'application/json', origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin', cookie: walked }, payload: JSON.stringify(body) });
      assert.equal(response.statusCode, okStatus, `${name}: ${response.body.slice(0, 200)}`);
    }
  });
});
