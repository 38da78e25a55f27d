/**
 * The browser's record of walked funnel steps: each submitted step is sent to POST
 * /api/funnel/step, retried like the lead capture on no answer or a server error, kept queued when
 * the retries run out (the visitor moves on; the next submit sends it first, in order), never
 * retried on a 400, and a refusal naming an earlier step sends the visitor back to it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FUNNEL_STEP_PATH } from '../../src/core/contract/paths.ts';
import { LEAD_CAPTURE_ATTEMPTS, LEAD_RETRY_DELAYS_MS } from '../../src/client/leads/lead-capture.ts';
import { createStepRecorder } from '../../src/client/leads/step-record.ts';

type Answer = number | 'network-error' | { missingStep: string };

/** A fetch that answers from a script and records each request body. */
function fetchScript(answers: Answer[]) {
  const steps: string[] = [];
  const urls: string[] = [];
  const scriptedFetch = (async (url: string, init: RequestInit) => {
    urls.push(url);
    steps.push((JSON.parse(init.body as string) as { step: string }).step);
    const answer = answers.shift() ?? 500;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (typeof answer === 'object') return new Response(JSON.stringify({ error: 'Step not reached', problems: [`steps: '${answer.missingStep}' was not submitted`], ...answer }), { status: 400 });
    return new Response(answer === 204 ? null : JSON.stringify({ error: 'x', problems: [] }), { status: answer });
  }) as unknown as typeof globalThis.fetch;
  return { fetch: scriptedFetch, steps, urls };
}

function recorder(answers: Answer[]) {
  const scripted = fetchScript(answers);
  const sleeps: number[] = [];
  return { steps: createStepRecorder({ fetch: scripted.fetch, sleep: async (ms) => void sleeps.push(ms) }), sent: scripted.steps, urls: scripted.urls, sleeps };
}

const step = (name: string) => ['quiz-auto', 'auto', name, { zipcode: '33101' }] as const;

describe('recording walked steps in the browser', () => {
  // Each resolves with no missing step: the visitor moves on.
  const cases: Array<[name: string, answers: Answer[], sent: number]> = [
    ['recorded at the first try', [204], 1],
    ['a lost answer, then recorded', ['network-error', 204], 2],
    ['a server error, then recorded', [503, 204], 2],
    ['a 400 for its answers is not retried', [400], 1],
    ['no answer until the attempts run out: put off', ['network-error', 502, 'network-error'], LEAD_CAPTURE_ATTEMPTS],
  ];
  for (const [name, answers, sent] of cases) {
    test(name, async () => {
      const run = recorder(answers);
      assert.equal(await run.steps.record(...step('zip')), undefined);
      assert.equal(run.sent.length, sent);
      assert.ok(run.urls.every((url) => url === FUNNEL_STEP_PATH));
      assert.deepEqual(run.sleeps, LEAD_RETRY_DELAYS_MS.slice(0, sent - 1), 'waits as the lead capture does');
    });
  }

  test('a step put off is sent again before the next one, in order', async () => {
    const run = recorder(['network-error', 'network-error', 'network-error', 204, 204]);
    assert.equal(await run.steps.record(...step('zip')), undefined);
    assert.equal(await run.steps.record(...step('insured')), undefined);
    assert.deepEqual(run.sent, ['zip', 'zip', 'zip', 'zip', 'insured']);
  });

  test('a refusal naming an earlier step says which, and drops what was queued after it', async () => {
    const run = recorder([{ missingStep: 'zip' }, 204]);
    assert.equal(await run.steps.record(...step('homeowner')), 'zip');
    assert.equal(await run.steps.record(...step('zip')), undefined);
    assert.deepEqual(run.sent, ['homeowner', 'zip']);
  });

  test('two quick submits are sent one after the other, never out of order', async () => {
    const run = recorder([204, 204]);
    const [first, second] = await Promise.all([run.steps.record(...step('zip')), run.steps.record(...step('insured'))]);
    assert.deepEqual([first, second], [undefined, undefined]);
    assert.deepEqual(run.sent, ['zip', 'insured']);
  });
});
