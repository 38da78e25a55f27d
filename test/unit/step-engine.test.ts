import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CAPTURE_LEAD_ACTION, FUNNEL_ACTIONS, type FunnelActions } from '../../src/core/funnels/actions.ts';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';
import { REDACTED } from '../../src/core/leads/personal.ts';
import {
  DEFAULT_STEP_NAVIGATION,
  enterStep,
  nextStepIndex,
  skipStep,
  submitStep,
  type StepNavigation,
  type StepSubmitDeps,
} from '../../src/core/funnels/engine.ts';
import { visitorPath } from '../../src/core/funnels/visitor-path.ts';
import { EMPTY_FORM_BUCKETS, mergeFormValues, type FormBuckets } from '../../src/core/funnels/form-buckets.ts';
import type { FunnelDefinition } from '../../src/core/funnels/types.ts';
import { resolveStep } from '../../src/core/payload/load.ts';
import { EVENT_NAMES } from '../../src/core/tracking/event-props.ts';

/** A small auto funnel: the third step only follows a 'yes', the fourth has an on-submit action. */
const FUNNEL: FunnelDefinition = {
  id: 'test-form',
  product: 'auto',
  language: 'en',
  version: '7',
  steps: [
    { name: 'zip', title: 'ZIP', kind: 'form', fields: [{ name: 'zipcode', label: 'ZIP code', kind: 'zip', required: true }], onEnter: 'noteEnter' },
    {
      name: 'insured',
      title: 'Insured',
      kind: 'form',
      fields: [{ name: 'currentlyInsured', label: 'Insured?', kind: 'yesno', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] }],
      skippable: true,
      skipLabel: 'Skip',
    },
    { name: 'company', title: 'Company', kind: 'form', fields: [{ name: 'currentCompany', label: 'Company', kind: 'select', options: [{ value: 'GEICO', label: 'GEICO' }] }], onlyIf: { field: 'currentlyInsured', equals: true } },
    { name: 'homeowner', title: 'Home', kind: 'form', fields: [{ name: 'homeowner', label: 'Own?', kind: 'yesno', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] }], onSubmit: 'gate' },
    { name: 'result', title: 'Done', kind: 'result', fields: [] },
  ],
};

/** Records every dependency call in order, with a real in-memory bucket store. */
function recorder(options: { gate?: boolean | undefined; buckets?: FormBuckets; missing?: string } = {}) {
  const calls: string[] = [];
  const events: Array<{ event: string; props: Record<string, unknown> }> = [];
  const moves: Array<{ step: string; navigation: StepNavigation }> = [];
  let buckets = options.buckets ?? EMPTY_FORM_BUCKETS;
  const actions: FunnelActions = {
    enter: {
      noteEnter: async ({ demandCheck }) => {
        calls.push('on-enter');
        await demandCheck();
      },
    },
    submit: {
      [CAPTURE_LEAD_ACTION]: async () => {
        calls.push('on-submit capture');
      },
      gate: async ({ values, formValues }) => {
        calls.push(`on-submit ${JSON.stringify(values)} zip=${String(formValues.zipcode)}`);
        return options.gate;
      },
    },
  };
  const deps: StepSubmitDeps = {
    merge(formName, values) {
      calls.push('merge');
      buckets = mergeFormValues(buckets, formName, values);
      return buckets;
    },
    track(event, props) {
      calls.push(`track ${event}`);
      events.push({ event, props });
    },
    async recordStep(step, values) {
      calls.push(`record ${step.name} ${JSON.stringify(values)}`);
      return options.missing;
    },
    actions,
    async captureLead(formValues) {
      calls.push(`capture ${JSON.stringify(formValues)}`);
    },
    goToStep(step, navigation) {
      calls.push(`go ${step.name}`);
      moves.push({ step: step.name, navigation });
    },
  };
  return {
    calls,
    events,
    moves,
    deps,
    actions,
    buckets: () => buckets,
    demandCheck: async () => void calls.push('demand check'),
  };
}

describe('step submit', () => {
  test('merges, records the event, records the step on the server, runs on-submit, then moves on, in that order', async () => {
    const run = recorder({ buckets: mergeFormValues(EMPTY_FORM_BUCKETS, 'other-form', { zipcode: '10001' }) });
    const outcome = await submitStep(FUNNEL, 3, { homeowner: true }, run.deps);
    assert.deepEqual(run.calls, ['merge', `track ${EVENT_NAMES.formStepSubmitted}`, 'record homeowner {"homeowner":true}', 'on-submit {"homeowner":true} zip=10001', 'go result']);
    assert.deepEqual(run.events, [{ event: 'formStepSubmitted', props: { formVersion: '7', stepName: 'homeowner', stepNumber: 4, data: { homeowner: true } } }]);
    assert.deepEqual(outcome, { kind: 'moved', step: FUNNEL.steps[4] });
    assert.deepEqual(run.buckets().forms['test-form'], { homeowner: true });
    assert.deepEqual(run.buckets().shared, { zipcode: '10001', homeowner: true });
  });

  /** FUNNEL with its homeowner step capturing the lead, as a funnel's contact step does. */
  const CAPTURING: FunnelDefinition = { ...FUNNEL, steps: FUNNEL.steps.map((step) => (step.name === 'homeowner' ? { ...step, onSubmit: CAPTURE_LEAD_ACTION } : step)) };
  const records: Array<[funnel: FunnelDefinition, missing: string | undefined, calls: string[], outcome: string]> = [
    // Recorded, or put off by the network (the recorder sends it again later): the visitor is not stuck.
    [CAPTURING, undefined, ['on-submit capture', 'go result'], 'result'],
    // The server never saw an earlier question: back to it, without running on-submit (no lead).
    [CAPTURING, 'zip', ['go zip'], 'zip'],
    // A step that captures nothing moves on at once, whatever the server says of its record: the
    // lead's own step is where a missing one sends the visitor back.
    [FUNNEL, 'zip', ['on-submit {"homeowner":true} zip=undefined', 'go result'], 'result'],
  ];
  for (const [funnel, missing, calls, outcome] of records) {
    const capturing = funnel === CAPTURING ? 'capturing the lead' : 'capturing nothing';
    test(`a step ${capturing} the server ${missing ? `says came before '${missing}'` : 'took'} goes to ${outcome}`, async () => {
      const run = recorder({ ...(missing ? { missing } : {}), gate: true });
      const result = await submitStep(funnel, 3, { homeowner: true }, run.deps);
      assert.deepEqual(run.calls.slice(3), calls);
      assert.deepEqual(result, { kind: 'moved', step: funnel.steps.find((step) => step.name === outcome) });
      assert.deepEqual(run.moves, [{ step: outcome, navigation: DEFAULT_STEP_NAVIGATION }]);
    });
  }

  const gates: Array<[returned: boolean | undefined, moved: boolean]> = [
    [false, false],
    [true, true],
    [undefined, true],
  ];
  for (const [returned, moved] of gates) {
    test(`on-submit returning ${returned} ${moved ? 'moves on' : 'stays'}`, async () => {
      const run = recorder({ gate: returned });
      const outcome = await submitStep(FUNNEL, 3, { homeowner: false }, run.deps);
      assert.equal(outcome.kind, moved ? 'moved' : 'stayed');
      assert.equal(run.moves.length, moved ? 1 : 0);
      // The values are merged and the event recorded even when the action keeps the visitor.
      assert.deepEqual(run.buckets().shared, { homeowner: false });
      assert.equal(run.events.length, 1);
    });
  }

  test('a step without on-submit moves to the next step, keeping the query string by default', async () => {
    const run = recorder();
    await submitStep(FUNNEL, 0, { zipcode: '33101' }, run.deps);
    assert.deepEqual(run.moves, [{ step: 'insured', navigation: DEFAULT_STEP_NAVIGATION }]);
    assert.deepEqual(DEFAULT_STEP_NAVIGATION, { keepQuery: true });
  });

  test('the navigation options given (replace, keepQuery) reach the move', async () => {
    const run = recorder();
    await submitStep(FUNNEL, 0, { zipcode: '33101' }, run.deps, { replace: true, keepQuery: false });
    assert.deepEqual(run.moves, [{ step: 'insured', navigation: { replace: true, keepQuery: false } }]);
  });

  test('a step passed over by its condition is skipped on the way forward', async () => {
    const no = recorder();
    await submitStep(FUNNEL, 1, { currentlyInsured: false }, no.deps);
    assert.deepEqual(no.moves.map((move) => move.step), ['homeowner']);
    const yes = recorder();
    await submitStep(FUNNEL, 1, { currentlyInsured: true }, yes.deps);
    assert.deepEqual(yes.moves.map((move) => move.step), ['company']);
  });

  test('the last step stays: nothing follows it', async () => {
    const run = recorder();
    const outcome = await submitStep(FUNNEL, 4, {}, run.deps);
    assert.deepEqual(outcome, { kind: 'last' });
    assert.deepEqual(run.calls, ['merge', 'track formStepSubmitted', 'record result {}']);
  });

  test('skip submits the step with every value emptied (undefined), removing earlier answers', async () => {
    const run = recorder({ buckets: mergeFormValues(EMPTY_FORM_BUCKETS, 'test-form', { currentlyInsured: true, zipcode: '33101' }) });
    const outcome = await skipStep(FUNNEL, 1, run.deps);
    const submitted = run.events[0]!.props;
    assert.deepEqual(Object.keys(submitted.data as object), ['currentlyInsured']);
    assert.equal((submitted.data as Record<string, unknown>).currentlyInsured, undefined);
    assert.deepEqual(run.buckets().forms['test-form'], { zipcode: '33101' });
    assert.deepEqual(run.buckets().shared, { zipcode: '33101' });
    // With the answer gone, the company step's condition fails too.
    assert.deepEqual(outcome, { kind: 'moved', step: FUNNEL.steps[3] });
  });

  test('an unknown on-submit action name fails loudly', async () => {
    const run = recorder();
    const broken: FunnelDefinition = { ...FUNNEL, steps: [{ ...FUNNEL.steps[0]!, onSubmit: 'nope' }, FUNNEL.steps[4]!] };
    await assert.rejects(submitStep(broken, 0, { zipcode: '33101' }, run.deps), /unknown on-submit action 'nope'/);
  });

  test('a step number out of range is an error', async () => {
    await assert.rejects(submitStep(FUNNEL, 9, {}, recorder().deps), /has no step 10/);
  });
});

describe('step entry', () => {
  test('runs on-enter with the demand-check executor, then records the page view', async () => {
    const run = recorder();
    await enterStep(FUNNEL, { name: 'zip', number: 1, isFallback: false }, { track: run.deps.track, actions: run.actions, demandCheck: run.demandCheck });
    assert.deepEqual(run.calls, ['on-enter', 'demand check', 'track pageView']);
    assert.deepEqual(run.events, [{ event: 'pageView', props: { stepName: 'zip', stepNumber: 1, stepIsFallback: false } }]);
  });

  test('the page view is not held up by a slow on-enter action; entry ends when the action does', async () => {
    const run = recorder();
    let finish!: () => void;
    const actions: FunnelActions = { enter: { noteEnter: () => new Promise<void>((resolve) => (finish = resolve)) }, submit: {} };
    let entered = false;
    const entering = enterStep(FUNNEL, { name: 'zip', number: 1, isFallback: false }, { track: run.deps.track, actions, demandCheck: run.demandCheck }).then(() => (entered = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(run.calls, ['track pageView']);
    assert.equal(entered, false);
    finish();
    await entering;
    assert.equal(entered, true);
  });

  test('a step without on-enter records the page view only', async () => {
    const run = recorder();
    await enterStep(FUNNEL, { name: 'insured', number: 2, isFallback: false }, { track: run.deps.track, actions: run.actions, demandCheck: run.demandCheck });
    assert.deepEqual(run.calls, ['track pageView']);
  });

  test('an unknown step in the URL falls back to the first step and the page view says so', async () => {
    const names = FUNNEL.steps.map((step) => step.name);
    const cases: Array<[requested: string | undefined, name: string, number: number, isFallback: boolean]> = [
      ['company', 'company', 3, false],
      ['no-such-step', 'zip', 1, true],
      [undefined, 'zip', 1, true],
    ];
    for (const [requested, name, number, isFallback] of cases) {
      const state = resolveStep(names, requested);
      assert.deepEqual(state, { name, number, isFallback });
      const run = recorder();
      await enterStep(FUNNEL, state, { track: run.deps.track, actions: run.actions, demandCheck: run.demandCheck });
      assert.deepEqual(run.events.at(-1)!.props, { stepName: name, stepNumber: number, stepIsFallback: isFallback });
    }
  });

  test('a failing on-enter action still records the page view, then rejects', async () => {
    const run = recorder();
    const actions: FunnelActions = { enter: { noteEnter: () => { throw new Error('boom'); } }, submit: {} };
    await assert.rejects(enterStep(FUNNEL, { name: 'zip', number: 1, isFallback: false }, { track: run.deps.track, actions, demandCheck: run.demandCheck }), /boom/);
    assert.deepEqual(run.calls, ['track pageView']);
  });
});

describe('next step, and the previous one on the visitor\'s path (Back)', () => {
  const cases: Array<[index: number, values: Record<string, unknown>, next: number | undefined, previous: number | undefined]> = [
    [0, {}, 1, undefined],
    [1, { currentlyInsured: true }, 2, 0],
    [1, { currentlyInsured: false }, 3, 0],
    [3, { currentlyInsured: true }, 4, 2],
    [3, {}, 4, 1],
    [4, {}, undefined, 3],
  ];
  for (const [index, values, next, previous] of cases) {
    test(`from ${FUNNEL.steps[index]!.name} with ${JSON.stringify(values)}`, () => {
      assert.equal(nextStepIndex(FUNNEL, index, values), next);
      const path = visitorPath(FUNNEL, index, values);
      assert.equal(path[path.indexOf(index) - 1], previous);
    });
  }
});

describe('lead capture on the last question step', () => {
  const auto = FUNNELS.auto!;
  const contactIndex = auto.steps.findIndex((step) => step.name === 'contact');

  test('every funnel captures the lead on its last question step, and only there', () => {
    for (const funnel of Object.values(FUNNELS)) {
      const lastQuestion = funnel.steps.findLastIndex((step) => step.kind === 'form');
      const capturing = funnel.steps.flatMap((step, index) => (step.onSubmit === CAPTURE_LEAD_ACTION ? [index] : []));
      assert.deepEqual(capturing, [lastQuestion], funnel.id);
    }
  });

  test('submitting the contact step records it on the server, then hands the merged form values to captureLead before moving on', async () => {
    const run = recorder({ buckets: mergeFormValues(EMPTY_FORM_BUCKETS, 'auto', { zipcode: '10001' }) });
    run.deps.actions = FUNNEL_ACTIONS;
    const contact = { driver1Email: 'ann@example.com', driver1Phone: '(555) 123-4567', driver1Address: '1 Main St' };
    const outcome = await submitStep(auto, contactIndex, contact, run.deps);
    assert.deepEqual(run.calls, ['merge', `track ${EVENT_NAMES.formStepSubmitted}`, `record contact ${JSON.stringify(contact)}`, `capture ${JSON.stringify({ zipcode: '10001', ...contact })}`, 'go result']);
    assert.equal(outcome.kind, 'moved');
  });

  test('the step-submitted event keeps field names but never personal values', async () => {
    const run = recorder();
    run.deps.actions = FUNNEL_ACTIONS;
    await submitStep(auto, contactIndex, { driver1Email: 'ann@example.com', driver1Phone: '(555) 123-4567', driver1Address: '1 Main St' }, run.deps);
    assert.deepEqual(run.events[0]!.props.data, { driver1Email: REDACTED, driver1Phone: REDACTED, driver1Address: REDACTED });
  });
});
