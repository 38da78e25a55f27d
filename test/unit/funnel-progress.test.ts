/**
 * "Step N of M" counts the visitor's own path (funnels/visitor-path.ts): walked through the real funnel
 * definitions with the step engine, every screen's N follows the last one's by one and M counts the
 * screens the answers so far lead through, growing at the answer that adds steps.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FUNNEL_ACTIONS } from '../../src/core/funnels/actions.ts';
import { skipStep, submitStep, type StepSubmitDeps, type StepSubmitOutcome } from '../../src/core/funnels/engine.ts';
import { EMPTY_FORM_BUCKETS, formPrefill, mergeFormValues, type FormBuckets, type FormValues } from '../../src/core/funnels/form-buckets.ts';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';
import { visitorPath } from '../../src/core/funnels/visitor-path.ts';
import type { FunnelDefinition, FunnelStep } from '../../src/core/funnels/types.ts';

const AUTO = FUNNELS.auto!;

/** A screen as the visitor saw it: its step and its "Step N of M". */
interface Screen {
  step: string;
  number: number;
  total: number;
}

/**
 * Walks `funnel` from its first step with the step engine, answering each question step with its
 * entry in `answers` ('skip' presses the skip button), and records every screen's progress from the
 * values the page reads (the stored buckets, as use-funnel-values.ts gives them).
 */
async function walk(funnel: FunnelDefinition, answers: Readonly<Record<string, FormValues | 'skip'>>): Promise<Screen[]> {
  let buckets: FormBuckets = EMPTY_FORM_BUCKETS;
  let index: number | undefined = 0;
  const screens: Screen[] = [];
  const deps: StepSubmitDeps = {
    merge: (formName, values) => (buckets = mergeFormValues(buckets, formName, values)),
    track: () => undefined,
    recordStep: async () => undefined,
    actions: FUNNEL_ACTIONS,
    captureLead: async () => undefined,
    goToStep: () => undefined,
  };
  while (index !== undefined) {
    const step: FunnelStep = funnel.steps[index]!;
    const path = visitorPath(funnel, index, formPrefill(buckets, funnel.id, funnel.product));
    screens.push({ step: step.name, number: path.indexOf(index) + 1, total: path.length });
    if (step.kind !== 'form') break;
    const answer: FormValues | 'skip' | undefined = answers[step.name];
    assert.ok(answer, `the walk answers ${step.name}`);
    const outcome: StepSubmitOutcome = answer === 'skip' ? await skipStep(funnel, index, deps) : await submitStep(funnel, index, answer, deps);
    assert.equal(outcome.kind, 'moved', `${step.name} moves on`);
    index = outcome.kind === 'moved' ? funnel.steps.indexOf(outcome.step) : undefined;
  }
  return screens;
}

const driver = (n: number, firstName: string): Record<string, FormValues> => ({
  [`driver-${n}`]: { [`driver${n}FirstName`]: firstName, [`driver${n}LastName`]: 'Ruiz', [`driver${n}Dob`]: '1956-04-30' },
  [`driver-${n}-details`]: { [`driver${n}Gender`]: 'female', [`driver${n}MaritalStatus`]: 'married' },
  [`driver-${n}-credit`]: { [`driver${n}CreditRating`]: 'good' },
  [`driver-${n}-record`]: { [`driver${n}Sr22`]: false, [`driver${n}MilitaryAffiliation`]: false },
});

const vehicle = (n: number, make: string, model: string): Record<string, FormValues> => ({
  [`vehicle-${n}`]: { [`vehicle${n}Year`]: '2018', [`vehicle${n}Make`]: make, [`vehicle${n}Model`]: model },
});

/** The answer to "another vehicle?" or "anyone else drive?" (a path answer) on step `step`. */
const more = (step: string, yes: boolean): Record<string, FormValues> => ({ [step]: { [step.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())]: yes } });

const HOUSEHOLD: Record<string, FormValues> = {
  zip: { zipcode: '60601' },
  address: { driver1Address: '100 Main Street' },
  contact: { driver1Email: 'ana.ruiz@example.com', driver1Phone: '(555) 123-4567' },
};

/** Every auto walk: its answers and each screen's expected M, screen by screen. */
const AUTO_WALKS: Array<{ name: string; answers: Record<string, FormValues | 'skip'>; totals: number[] }> = [
  {
    name: 'one driver, one vehicle, uninsured renter: M is the 13 screens walked (12 questions and the end) on every one of them',
    answers: {
      ...HOUSEHOLD,
      insured: { currentlyInsured: false },
      homeowner: { homeowner: false },
      ...vehicle(1, 'Toyota', 'Camry'),
      ...more('has-vehicle-2', false),
      ...driver(1, 'Ana'),
      ...more('has-driver-2', false),
    },
    totals: Array(13).fill(13),
  },
  {
    name: 'one driver, one vehicle, insured homeowner: the insurer and home insurance are asked on their answers\' screens, so M stays 13',
    answers: {
      ...HOUSEHOLD,
      insured: { currentlyInsured: true, currentCompany: 'State Farm' },
      homeowner: { homeowner: true, interestedInHomeInsurance: false },
      ...vehicle(1, 'Toyota', 'Camry'),
      ...more('has-vehicle-2', false),
      ...driver(1, 'Ana'),
      ...more('has-driver-2', false),
    },
    totals: Array(13).fill(13),
  },
  {
    name: 'a second vehicle: M grows by its screen and the offer of a third at the yes',
    answers: {
      ...HOUSEHOLD,
      insured: { currentlyInsured: false },
      homeowner: { homeowner: false },
      ...vehicle(1, 'Toyota', 'Camry'),
      ...more('has-vehicle-2', true),
      ...vehicle(2, 'Honda', 'Civic'),
      ...more('has-vehicle-3', false),
      ...driver(1, 'Ana'),
      ...more('has-driver-2', false),
    },
    // zip … has-vehicle-2 (5 screens), then vehicle-2, has-vehicle-3 and the 8 after.
    totals: [...Array(5).fill(13), ...Array(10).fill(15)],
  },
  {
    name: 'two drivers, two vehicles: each yes grows M',
    answers: {
      ...HOUSEHOLD,
      insured: { currentlyInsured: false },
      homeowner: { homeowner: false },
      ...vehicle(1, 'Toyota', 'Camry'),
      ...more('has-vehicle-2', true),
      ...vehicle(2, 'Honda', 'Civic'),
      ...more('has-vehicle-3', false),
      ...driver(1, 'Ana'),
      ...more('has-driver-2', true),
      ...driver(2, 'Luis'),
      ...more('has-driver-3', false),
    },
    // Up to has-driver-2 (12 screens: 13, then 15 from vehicle-2), then driver 2's four screens, has-driver-3 and the 3 after.
    totals: [...Array(5).fill(13), ...Array(7).fill(15), ...Array(8).fill(20)],
  },
];

describe('the auto funnel counts the visitor’s own path', () => {
  for (const { name, answers, totals } of AUTO_WALKS) {
    test(name, async () => {
      const screens = await walk(AUTO, answers);
      assert.deepEqual(
        screens.map((screen) => screen.number),
        screens.map((_, i) => i + 1),
        'N is 1, 2, 3 … with no number skipped',
      );
      assert.deepEqual(
        screens.map((screen) => screen.total),
        totals,
        screens.map((screen) => `${screen.step} ${screen.number}/${screen.total}`).join(', '),
      );
      assert.equal(screens.at(-1)?.total, screens.length, 'the last screen reads "Step k of k" for the k screens walked');
    });
  }
});

describe('visitorPath', () => {
  test('a funnel without conditions counts every step, in English and in Spanish', async () => {
    for (const id of ['medicare', 'medicare-es']) {
      const screens = await walk(FUNNELS[id]!, { zip: { zipcode: '33101' }, medicare: { haveMedicare: true }, medicaid: { haveMedicaid: false } });
      assert.deepEqual(
        screens.map(({ number, total }) => `${number}/${total}`),
        ['1/4', '2/4', '3/4', '4/4'],
        id,
      );
    }
  });

  test('the shown step is on the path, even opened by its address off it; Back is the step before on the path', () => {
    const cases: Array<{ at: string; values: FormValues; number: number; total: number; back: string }> = [
      { at: 'homeowner', values: {}, number: 3, total: 13, back: 'insured' },
      { at: 'homeowner', values: { currentlyInsured: true }, number: 3, total: 13, back: 'insured' },
      // No yes to "another vehicle?": vehicle 2 is off the path, counted once as the step shown.
      { at: 'vehicle-2', values: {}, number: 6, total: 14, back: 'has-vehicle-2' },
      { at: 'driver-3', values: {}, number: 11, total: 14, back: 'has-driver-2' },
      { at: 'driver-3', values: { hasDriver2: true, hasDriver3: true }, number: 16, total: 22, back: 'has-driver-3' },
    ];
    for (const { at, values, number, total, back } of cases) {
      const index = AUTO.steps.findIndex((step) => step.name === at);
      const path = visitorPath(AUTO, index, values);
      const position = path.indexOf(index);
      assert.deepEqual(
        { number: position + 1, total: path.length, back: AUTO.steps[path[position - 1]!]?.name },
        { number, total, back },
        `${at} ${JSON.stringify(values)}`,
      );
    }
  });
});
