/**
 * The browser's lead capture: one lead id per capture, retried on no answer or a
 * server error and never on a 400, TrustedForm and LeadiD fields picked up from the page, and a
 * state that says only what happened.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Window } from 'happy-dom';
import { LEADS_PATH } from '../../src/core/contract/leads.ts';
import { createLeadCapture, LEAD_CAPTURE_ATTEMPTS, pageInputValue, type LeadCaptureOptions } from '../../src/client/leads/lead-capture.ts';

type Answer = number | 'network-error' | 'garbled';

/** A fetch that answers from a script and records each request body. */
function fetchScript(answers: Answer[]) {
  const bodies: Array<Record<string, unknown>> = [];
  const urls: string[] = [];
  const scriptedFetch: typeof globalThis.fetch = (async (url: string, init: RequestInit) => {
    urls.push(url);
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    bodies.push(body);
    const answer = answers.shift() ?? 500;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    // A 2xx whose body is not a capture answer (a proxy's page, a truncated body).
    if (answer === 'garbled') return new Response(JSON.stringify({ id: 42 }), { status: 200 });
    const ok = answer >= 200 && answer < 300;
    return new Response(JSON.stringify(ok ? { id: body.id, status: 'captured', created: answer === 201 } : { error: 'x', problems: [] }), { status: answer });
  }) as unknown as typeof globalThis.fetch;
  return { fetch: scriptedFetch, bodies, urls };
}

function capture(answers: Answer[], inputs: Record<string, string> = {}) {
  const scripted = fetchScript(answers);
  const sleeps: number[] = [];
  let ids = 0;
  const options: LeadCaptureOptions = {
    anonymousId: () => 'anon-1',
    sessionId: () => 'session-1',
    pageUrl: () => 'http://tqg.localhost/quiz/auto/contact',
    newId: () => `lead-id-000000000000-${++ids}`,
    inputValue: (name) => inputs[name],
    fetch: scripted.fetch,
    sleep: async (ms) => void sleeps.push(ms),
  };
  return { leads: createLeadCapture(options), ...scripted, sleeps };
}

const INPUT = { route: 'quiz-auto', funnel: 'auto', fields: { zipcode: '33101' }, consent: { text: 'By clicking…', buttonLabel: 'Get my quotes' } };

describe('lead capture in the browser', () => {
  const cases: Array<{ name: string; answers: Answer[]; status: 'stored' | 'failed'; tries: number }> = [
    { name: 'stored at the first try', answers: [201], status: 'stored', tries: 1 },
    { name: 'a lost answer, then stored (the server answers 200 for the same id)', answers: ['network-error', 200], status: 'stored', tries: 2 },
    { name: 'a server error, then stored', answers: [503, 201], status: 'stored', tries: 2 },
    { name: 'a 400 is not retried', answers: [400], status: 'failed', tries: 1 },
    { name: 'a 2xx that is no capture answer counts as lost, then stored', answers: ['garbled', 200], status: 'stored', tries: 2 },
    { name: 'server errors until the attempts run out', answers: [500, 502, 503, 201], status: 'failed', tries: LEAD_CAPTURE_ATTEMPTS },
  ];
  for (const { name, answers, status, tries } of cases) {
    test(name, async () => {
      const run = capture(answers);
      const states: string[] = [];
      run.leads.subscribe(() => states.push(run.leads.getSnapshot().status));
      const final = await run.leads.capture(INPUT);
      assert.equal(final.status, status);
      assert.deepEqual(states, ['pending', status]);
      assert.equal(run.bodies.length, tries);
      assert.ok(run.urls.every((url) => url === LEADS_PATH));
      assert.equal(new Set(run.bodies.map((body) => body.id)).size, 1, 'every retry carries the same lead id');
      if (status === 'stored') assert.equal((final as { leadStatus: string }).leadStatus, 'captured');
    });
  }

  test('the request carries the ids, page, fields, consent and the certificates the page holds', async () => {
    const run = capture([201], { xxTrustedFormCertUrl: 'https://cert.trustedform.com/abc', leadid_token: 'AB12-CD34' });
    await run.leads.capture(INPUT);
    assert.deepEqual(run.bodies[0], {
      id: 'lead-id-000000000000-1',
      route: 'quiz-auto',
      funnel: 'auto',
      anonymousId: 'anon-1',
      sessionId: 'session-1',
      pageUrl: 'http://tqg.localhost/quiz/auto/contact',
      fields: { zipcode: '33101' },
      consent: { text: 'By clicking…', buttonLabel: 'Get my quotes', trustedFormCertUrl: 'https://cert.trustedform.com/abc', leadidToken: 'AB12-CD34' },
    });
  });

  test('a second capture (another funnel finished) gets a new lead id', async () => {
    const run = capture([201, 201]);
    await run.leads.capture(INPUT);
    await run.leads.capture(INPUT);
    assert.notEqual(run.bodies[0]!.id, run.bodies[1]!.id);
  });

  test('pageInputValue reads a named input anywhere on the page, empty as absent', () => {
    const window = new Window();
    window.document.body.innerHTML = '<form><input type="hidden" name="xxTrustedFormCertUrl" value="https://cert.trustedform.com/x"><input name="leadid_token" value=""></form>';
    assert.equal(pageInputValue('xxTrustedFormCertUrl', window.document as unknown as ParentNode), 'https://cert.trustedform.com/x');
    assert.equal(pageInputValue('leadid_token', window.document as unknown as ParentNode), undefined);
    assert.equal(pageInputValue('missing', window.document as unknown as ParentNode), undefined);
  });
});
