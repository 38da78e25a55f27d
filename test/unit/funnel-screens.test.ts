/**
 * What one screen of a funnel asks: at most three fields, all of one topic, on every
 * question step of every funnel; a single choice among few answers is answered with one tap. The
 * auto funnel, once 8 questions on one screen, is checked by name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { oneTapField } from '../../src/core/funnels/field-input.ts';
import { FUNNELS, funnelProblems } from '../../src/core/funnels/index.ts';
import { isPathAnswer } from '../../src/core/funnels/path-answers.ts';
import { resolveStep } from '../../src/core/funnels/resolve-step.ts';
import { fieldTopic, topicsOf } from '../../src/core/funnels/topics.ts';
import type { FunnelStep } from '../../src/core/funnels/types.ts';
import { mapLeadForLeadBuyer } from '../../src/core/lead-buyer/mapping.ts';
import { mapLeadForMarketplace } from '../../src/core/marketplace/lead-mapping.ts';
import { LEAD_FIELDS_BY_PRODUCT } from '../../src/core/leads/product.ts';
import { validateLeadFields } from '../../src/core/leads/validate.ts';
import { AUTO_LEAD_FIELDS } from '../../tools/support/auto-lead.ts';

const MAX_FIELDS_PER_SCREEN = 3;
const formSteps = (id: string) => FUNNELS[id]!.steps.filter((step) => step.kind === 'form');
const names = (step: FunnelStep) => step.fields.map((field) => field.name);

describe('every question screen of every funnel', () => {
  for (const funnel of Object.values(FUNNELS)) {
    test(`${funnel.id}: at most ${MAX_FIELDS_PER_SCREEN} fields, one topic`, () => {
      for (const step of formSteps(funnel.id)) {
        assert.ok(step.fields.length <= MAX_FIELDS_PER_SCREEN, `${step.name}: ${names(step).join(', ')}`);
        assert.equal(topicsOf(names(step)).length, 1, `${step.name}: ${topicsOf(names(step)).join('; ')}`);
      }
    });
  }

  test('every lead field of every product has a topic', () => {
    for (const [product, fields] of Object.entries(LEAD_FIELDS_BY_PRODUCT)) {
      for (const field of Object.keys(fields)) assert.ok(fieldTopic(field), `${product} ${field}`);
    }
  });

  test('the topic check fails a screen mixing topics: the old first driver screen', () => {
    const old = ['driver1FirstName', 'driver1LastName', 'driver1Gender', 'driver1MaritalStatus', 'driver1Dob', 'driver1CreditRating', 'driver1Sr22', 'driver1MilitaryAffiliation'];
    assert.deepEqual(topicsOf(old), ['driver 1: who (name, date of birth)', 'driver 1: gender and marital status', 'driver 1: record (credit, SR-22, military service)']);
    assert.deepEqual(topicsOf(['driver1Email', 'driver1Phone', 'driver1Address']), ['how to reach you', 'home address']);
    assert.deepEqual(topicsOf(['driver2Gender', 'driver3Gender']), ['driver 2: gender and marital status', 'driver 3: gender and marital status'], "two drivers' answers are two topics");
    assert.deepEqual(topicsOf(['hasVehicle2', 'hasDriver2']), ['more vehicles', 'more drivers']);
    assert.deepEqual(topicsOf(['nonsense']), ['?nonsense']);
  });
});

describe('the auto funnel, one topic a screen', () => {
  const steps = formSteps('auto');
  const screens: Array<[step: string, fields: string[]]> = [
    ['zip', ['zipcode']],
    ['insured', ['currentlyInsured', 'currentCompany']],
    ['homeowner', ['homeowner', 'interestedInHomeInsurance']],
    ['vehicle-1', ['vehicle1Year', 'vehicle1Make', 'vehicle1Model']],
    ['has-vehicle-2', ['hasVehicle2']],
    ['vehicle-2', ['vehicle2Year', 'vehicle2Make', 'vehicle2Model']],
    ['has-vehicle-3', ['hasVehicle3']],
    ['driver-1', ['driver1FirstName', 'driver1LastName', 'driver1Dob']],
    ['driver-1-details', ['driver1Gender', 'driver1MaritalStatus']],
    ['driver-1-credit', ['driver1CreditRating']],
    ['driver-1-record', ['driver1Sr22', 'driver1MilitaryAffiliation']],
    ['has-driver-2', ['hasDriver2']],
    ['driver-2', ['driver2FirstName', 'driver2LastName', 'driver2Dob']],
    ['driver-3-credit', ['driver3CreditRating']],
    ['driver-3-record', ['driver3Sr22', 'driver3MilitaryAffiliation']],
    ['address', ['driver1Address', 'driver1Address2']],
    ['contact', ['driver1Email', 'driver1Phone']],
  ];
  for (const [name, fields] of screens) {
    test(`${name}: ${fields.join(', ')}`, () => {
      const step = steps.find((candidate) => candidate.name === name)!;
      assert.deepEqual(names(step), fields);
    });
  }

  test('one tap answers "another vehicle?", "anyone else drive?" and each driver\'s credit, and "insured?" and "homeowner?" for a no', () => {
    const oneTap = steps.filter((step) => oneTapField(step)).map((step) => step.name);
    assert.deepEqual(oneTap, ['has-vehicle-2', 'has-vehicle-3', 'driver-1-credit', 'has-driver-2', 'driver-2-credit', 'has-driver-3', 'driver-3-credit']);
    // The insurer and home-insurance questions follow a yes: until then the step asks one yes/no.
    for (const [name, no] of [['insured', { currentlyInsured: false }], ['homeowner', { homeowner: false }]] as const) {
      const step = steps.find((candidate) => candidate.name === name)!;
      assert.equal(oneTapField(resolveStep(FUNNELS.auto!, step, {}))?.name, step.fields[0]!.name, name);
      assert.equal(oneTapField(resolveStep(FUNNELS.auto!, step, no))?.name, step.fields[0]!.name, name);
      assert.equal(resolveStep(FUNNELS.auto!, step, { [step.fields[0]!.name]: true }).fields.length, 2, name);
    }
    const marital = steps.find((step) => step.name === 'driver-1-details')!.fields[1]!;
    assert.deepEqual(marital.options!.map((option) => option.value), ['single', 'married', 'divorced', 'separated', 'widowed', 'domestic partner']);
  });

  test('a no to "another vehicle?" or "anyone else drive?" empties what follows from it; a definition saying otherwise is a problem', () => {
    const empties = Object.fromEntries(FUNNELS.auto!.steps.filter((step) => step.skipEmpties).map((step) => [step.name, step.skipEmpties]));
    const driver = (n: number) => ['FirstName', 'LastName', 'Dob', 'Gender', 'MaritalStatus', 'CreditRating', 'Sr22', 'MilitaryAffiliation'].map((field) => `driver${n}${field}`);
    assert.deepEqual(empties, {
      'has-vehicle-2': ['vehicle2Year', 'vehicle2Make', 'vehicle2Model', 'hasVehicle3', 'vehicle3Year', 'vehicle3Make', 'vehicle3Model'],
      'has-vehicle-3': ['vehicle3Year', 'vehicle3Make', 'vehicle3Model'],
      'has-driver-2': [...driver(2), 'hasDriver3', ...driver(3)],
      'has-driver-3': driver(3),
    });
    const auto = FUNNELS.auto!;
    const broken = (name: string, skipEmpties: string[]) => funnelProblems({ ...auto, steps: auto.steps.map((step) => (step.name === name ? { ...step, skipEmpties } : step)) });
    assert.ok(broken('driver-1', ['driver1Gender']).some((problem) => /only a skippable step or a path answer's empties other fields/.test(problem)));
    assert.ok(broken('has-driver-2', ['zipcode']).some((problem) => /skipping empties 'zipcode', which no later step asks/.test(problem)));
  });

  test("a second vehicle's or driver's screens follow a yes only, and the insurer and home insurance a yes on their screen", () => {
    const conditions = Object.fromEntries(steps.filter((step) => step.onlyIf).map((step) => [step.name, step.onlyIf]));
    const yes = (field: string) => ({ field, equals: true });
    assert.deepEqual(conditions, {
      'vehicle-2': yes('hasVehicle2'),
      'has-vehicle-3': yes('hasVehicle2'),
      'vehicle-3': yes('hasVehicle3'),
      ...Object.fromEntries(['driver-2', 'driver-2-details', 'driver-2-credit', 'driver-2-record', 'has-driver-3'].map((name) => [name, yes('hasDriver2')])),
      ...Object.fromEntries(['driver-3', 'driver-3-details', 'driver-3-credit', 'driver-3-record'].map((name) => [name, yes('hasDriver3')])),
    });
    const fieldConditions = Object.fromEntries(steps.flatMap((step) => step.fields.filter((field) => field.onlyIf).map((field) => [field.name, field.onlyIf])));
    assert.deepEqual(fieldConditions, { currentCompany: yes('currentlyInsured'), interestedInHomeInsurance: yes('homeowner') });
  });

  test('one vehicle and one driver answered give the lead buyer every field it takes of them (spec §7)', () => {
    const asked = steps.flatMap(names).filter((name) => !/^(vehicle|driver)[23]/.test(name) && !isPathAnswer(name));
    assert.deepEqual(Object.keys(AUTO_LEAD_FIELDS).sort(), asked.sort(), 'the test lead answers exactly what the funnel asks');
    const validated = validateLeadFields('auto', AUTO_LEAD_FIELDS);
    assert.ok(validated.ok);
    const mapped = mapLeadForLeadBuyer('auto', validated.lead);
    assert.deepEqual(Object.keys(mapped).sort(), ['coverage', 'drivers', 'vehicles', 'zip']);
    assert.deepEqual(Object.keys(mapped.drivers![0]!).sort(), [
      'address', 'credit_rating', 'dob', 'email', 'first_name', 'gender', 'last_name', 'marital_status', 'military_experience', 'own_or_rent', 'primary_phone',
    ]);
    assert.deepEqual(Object.keys(mapped.vehicles![0]!).sort(), ['make', 'model', 'year']);
    assert.deepEqual(Object.keys(mapped.coverage!).sort(), ['former_insurer', 'has_coverage']);
  });

  test("the SR-22 answers reach the marketplace's sr_22 of each driver (spec §7)", () => {
    for (const n of [1, 2, 3]) assert.equal(steps.find((step) => names(step).includes(`driver${n}Sr22`))!.fields.find((field) => field.name === `driver${n}Sr22`)!.kind, 'yesno', `driver ${n}'s SR-22 is a yes/no`);
    const withSr22 = { ...AUTO_LEAD_FIELDS, driver1Sr22: true, driver2FirstName: 'Luis', driver2Sr22: false };
    const validated = validateLeadFields('auto', withSr22);
    assert.ok(validated.ok);
    const mapped = mapLeadForMarketplace('auto', validated.lead);
    assert.deepEqual(mapped.drivers.map((driver) => driver.sr_22), [1, 0]);
  });
});
