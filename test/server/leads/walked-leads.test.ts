/**
 * Leads only from a visit that walked its funnel, through the JavaScript funnel's JSON API: each
 * question step is submitted to POST /api/funnel/step, which records it in the form cookie after
 * checking its answers and that every earlier question on the visitor's path was submitted; POST
 * /api/leads refuses a lead whose path has a question never submitted. And real phone numbers:
 * a lead's phones must be North American numbers someone answers, the fictional 555-01xx ones
 * only outside production.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FUNNEL_STEP_PATH, LEADS_PATH } from '../../../src/core/contract/index.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest } from '../../../tools/support/auto-lead.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { leadSteps, postWalkedLead, walkSteps } from '../../support/js-walk.ts';
import { stepOfFunnel, walkedCookie } from '../../support/no-js-walk.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';

const HOST = 'tqg.localhost';
const AUTO = { host: HOST, route: 'quiz-auto', funnel: 'auto', fields: AUTO_LEAD_FIELDS } as const;
const JSON_TYPE = 'application/json';

let counter = 0;
/** A fresh lead id of the contract's shape. */
function leadId(): string {
  counter++;
  return `walked-lead-${String(counter).padStart(6, '0')}-${process.pid}`;
}

/** Every stored lead's id. */
async function leadIds(app: FastifyInstance): Promise<string[]> {
  return (await app.store.listLeads({})).map((lead) => lead.id);
}

function postLead(app: FastifyInstance, body: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url: LEADS_PATH, headers: { host: HOST, 'content-type': JSON_TYPE, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body) });
}

function postStep(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: FUNNEL_STEP_PATH, headers: { host: HOST, 'content-type': JSON_TYPE, ...headers }, payload: JSON.stringify(body) });
}

describe('POST /api/leads takes a lead only from a visit that walked its funnel', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  test('a cookie-less lead with every field is refused 400 naming the first step, and nothing is stored', async () => {
    const body = autoLeadRequest(leadId());
    const response = await postLead(app, body);
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), { error: 'Invalid lead', problems: ["steps: 'zip' was not submitted"] });
    assert.ok(!(await leadIds(app)).includes(body.id as string));
  });

  const partial: Array<[walkedUntil: string, missing: string]> = [
    ['insured', 'insured'],
    ['vehicle-1', 'vehicle-1'],
    ['contact', 'contact'],
  ];
  for (const [until, missing] of partial) {
    test(`a lead after walking the steps before '${until}' only is refused 400 naming '${missing}'`, async () => {
      const cookie = await walkSteps(app, { ...AUTO, until });
      const body = autoLeadRequest(leadId());
      const response = await postLead(app, body, cookie);
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json<{ problems: string[] }>().problems, [`steps: '${missing}' was not submitted`]);
      assert.ok(!(await leadIds(app)).includes(body.id as string));
    });
  }

  test("a lead whose answers take a longer path than the one walked is refused: the path is the lead's own", async () => {
    // Walked as a visitor with one driver (a no to "anyone else drive?"), then a lead naming a second:
    // its fields imply the yes, so the second driver's screens were never walked.
    const cookie = await walkSteps(app, AUTO);
    const body = autoLeadRequest(leadId(), { fields: { ...AUTO_LEAD_FIELDS, driver2FirstName: 'Luis', driver2LastName: 'Ruiz', driver2Dob: '1954-11-02' } });
    const response = await postLead(app, body, cookie);
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json<{ problems: string[] }>().problems, ["steps: 'driver-2' was not submitted"]);
  });

  test('a lead after walking every question on its path is stored (201)', async () => {
    const steps = leadSteps('auto', AUTO_LEAD_FIELDS);
    assert.ok(steps.includes('has-vehicle-2') && steps.includes('has-driver-2') && !steps.includes('driver-2'), 'one car and one driver: the path asks "another?" of each, and no more');
    const body = autoLeadRequest(leadId());
    const response = await postWalkedLead(app, HOST, body as Parameters<typeof postWalkedLead>[2]);
    assert.equal(response.statusCode, 201, response.body);
    assert.ok((await leadIds(app)).includes(body.id as string));
  });

  test("another funnel's walk does not count", async () => {
    const medicare = await walkSteps(app, { host: 'ac.localhost', route: 'quiz-otc', funnel: 'medicare', fields: { zipcode: '33101', haveMedicare: true, haveMedicaid: false } });
    const response = await postLead(app, autoLeadRequest(leadId()), medicare);
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json<{ problems: string[] }>().problems, ["steps: 'zip' was not submitted"]);
  });

  test('a no-JavaScript walk and a JavaScript one are the same record: a lead after form posts is taken too', async () => {
    const auto = funnelById('auto')!;
    // Every input answered: three vehicles and three drivers, the largest cookie a walk makes.
    const cookie = await walkedCookie(app, HOST, '/quiz/auto', '/quiz/auto/result', stepOfFunnel(auto, '/quiz/auto'));
    assert.ok(cookie.length < 4096 - 100, `the form cookie, values and walked steps with their times, still fits a browser's 4 KB with its attributes (${cookie.length})`);
    const response = await postLead(app, autoLeadRequest(leadId()), cookie);
    assert.equal(response.statusCode, 201, response.body);
  });

  test('a no-JavaScript visitor typing a phone no one can call sees the error at the contact step, and no lead is stored', async () => {
    const auto = funnelById('auto')!;
    const before = await leadIds(app);
    const cookie = await walkedCookie(app, HOST, '/quiz/auto', '/quiz/auto/contact', stepOfFunnel(auto, '/quiz/auto'));
    const response = await app.inject({
      method: 'POST',
      url: '/quiz/auto/contact',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: 'driver1Email=ana.ruiz%40example.com&driver1Phone=%28555%29+123-4567',
    });
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /Enter a US or Canadian phone number we can call you at\./);
    assert.match(response.body, /<input[^>]*name="driver1Phone"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="driver1Phone"/);
    assert.deepEqual(await leadIds(app), before);
  });
});

describe('POST /api/funnel/step records a walked step', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  const zip = { route: 'quiz-auto', funnel: 'auto', step: 'zip', answers: { zipcode: '33101' } };

  test("the first question needs nothing before it: 204 and the form cookie is set", async () => {
    const response = await postStep(app, zip);
    assert.equal(response.statusCode, 204, response.body);
    assert.match(String(response.headers['set-cookie']), /cobrand_form=/);
  });

  test('a later step without the earlier ones is refused 400 naming the first missing one, and nothing is recorded', async () => {
    const response = await postStep(app, { route: 'quiz-auto', funnel: 'auto', step: 'homeowner', answers: { homeowner: false } });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), { error: 'Step not reached', problems: ["steps: 'zip' was not submitted"], missingStep: 'zip' });
    assert.equal(response.headers['set-cookie'], undefined);
  });

  test('with the steps before it walked, a later step is recorded', async () => {
    const cookie = await walkSteps(app, { ...AUTO, until: 'homeowner' });
    const response = await postStep(app, { route: 'quiz-auto', funnel: 'auto', step: 'homeowner', answers: { homeowner: true, interestedInHomeInsurance: false } }, { cookie });
    assert.equal(response.statusCode, 204, response.body);
  });

  test('a path answer is recorded as the step it is; one left out is refused', async () => {
    const cookie = await walkSteps(app, { ...AUTO, until: 'has-vehicle-2' });
    const yes = await postStep(app, { route: 'quiz-auto', funnel: 'auto', step: 'has-vehicle-2', answers: { hasVehicle2: true } }, { cookie });
    assert.equal(yes.statusCode, 204, yes.body);
    const none = await postStep(app, { route: 'quiz-auto', funnel: 'auto', step: 'has-vehicle-2', answers: {} }, { cookie });
    assert.equal(none.statusCode, 400, none.body);
    assert.deepEqual(none.json<{ problems: string[] }>().problems, ['answers.hasVehicle2: Choose Yes or No.']);
  });

  test('a skippable step sent without answers is its skip', async () => {
    const health = { host: 'bh.localhost', route: 'go-4-health', funnel: 'health', fields: { zipcode: '33101', ageRange: '60-69', householdSize: '3' } };
    const cookie = await walkSteps(app, { ...health, until: 'income' });
    const response = await postStep(app, { route: 'go-4-health', funnel: 'health', step: 'income', answers: {} }, { cookie, host: 'bh.localhost' });
    assert.equal(response.statusCode, 204, response.body);
  });

  const bad: Array<[name: string, body: unknown, problem: RegExp]> = [
    ['a ZIP of the wrong shape', { ...zip, answers: { zipcode: '123' } }, /^answers\.zipcode: /],
    ['a required answer left out', { ...zip, answers: {} }, /^answers\.zipcode: /],
    ['an answer to a field the step does not ask', { ...zip, answers: { zipcode: '33101', driver1Phone: '(201) 555-0123' } }, /^answers\.driver1Phone: is not a field of step 'zip'/],
    ['a yes/no answered with text', { ...zip, step: 'insured', answers: { currentlyInsured: 'maybe' } }, /^answers\.currentlyInsured: /],
    ['an end screen', { ...zip, step: 'result', answers: {} }, /^step: 'result' is not a question step of funnel 'auto'/],
    ['a step the funnel does not have', { ...zip, step: 'nope', answers: {} }, /^step: 'nope' is not a question step/],
    ['a route not served on this brand', { ...zip, route: 'quiz-otc' }, /^route: 'quiz-otc' is not a route of this site/],
    ['a funnel the route does not run', { ...zip, funnel: 'medicare' }, /^funnel: route 'quiz-auto' runs no funnel 'medicare'/],
    ['an unknown key', { ...zip, extra: 1 }, /extra/],
    ['no answers at all', { route: 'quiz-auto', funnel: 'auto', step: 'zip' }, /^answers: /],
  ];
  for (const [name, body, problem] of bad) {
    test(`${name}: 400 with the problem, nothing recorded`, async () => {
      const response = await postStep(app, body);
      assert.equal(response.statusCode, 400, response.body);
      const answer = response.json<{ error: string; problems: string[] }>();
      assert.equal(answer.error, 'Invalid step');
      assert.ok(answer.problems.some((line) => problem.test(line)), `${JSON.stringify(answer.problems)} has no line matching ${problem}`);
      assert.equal(response.headers['set-cookie'], undefined);
    });
  }

  test('a contact step with a phone no one can call is refused at its field', async () => {
    const cookie = await walkSteps(app, { ...AUTO, until: 'contact' });
    const response = await postStep(app, { route: 'quiz-auto', funnel: 'auto', step: 'contact', answers: { driver1Email: 'ana.ruiz@example.com', driver1Phone: '(555) 123-4567' } }, { cookie });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json<{ problems: string[] }>().problems, ['answers.driver1Phone: Enter a US or Canadian phone number we can call you at.']);
  });
});

describe('the fictional 555-01xx numbers', () => {
  let production: FastifyInstance;
  let test_: FastifyInstance;
  before(async () => {
    production = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), LOAD_SHEDDING: 'off', RATE_LIMITS: 'off' });
    test_ = await injectableApp();
  });
  after(async () => {
    await production.close();
    await test_.close();
  });

  const phones: Array<[phone: string, inProduction: number, inTest: number]> = [
    ['(201) 234-5678', 201, 201],
    ['(201) 555-0123', 400, 201],
    ['(312) 555-0199', 400, 201],
    ['(312) 555-0200', 201, 201],
  ];
  for (const [phone, inProduction, inTest] of phones) {
    test(`a lead with ${phone}: ${inProduction} in production, ${inTest} outside it`, async () => {
      for (const [app, status] of [[production, inProduction], [test_, inTest]] as const) {
        const fields = { ...AUTO_LEAD_FIELDS, driver1Phone: phone };
        // The walk sends the contact step with the lead's phone too, which production refuses as
        // well: walk to it with a real number, as a visitor who corrected it at the lead would.
        const cookie = await walkSteps(app, { ...AUTO, fields: { ...fields, driver1Phone: '(201) 234-5678' } });
        const response = await postLead(app, autoLeadRequest(leadId(), { fields }), cookie);
        assert.equal(response.statusCode, status, response.body);
        if (status === 400) assert.deepEqual(response.json<{ problems: string[] }>().problems, ['fields.driver1Phone: Enter a US or Canadian phone number we can call you at.']);
      }
    });
  }

  test('in production the contact step itself refuses a fictional number', async () => {
    const cookie = await walkSteps(production, { ...AUTO, until: 'contact' });
    const response = await postStep(production, { route: 'quiz-auto', funnel: 'auto', step: 'contact', answers: { driver1Email: 'ana.ruiz@example.com', driver1Phone: '(201) 555-0123' } }, { cookie });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json<{ problems: string[] }>().problems, ['answers.driver1Phone: Enter a US or Canadian phone number we can call you at.']);
  });
});
