/**
 * What one screen of a funnel asks: at most three fields, all of one topic, on every
 * question step of every funnel; a single choice among few answers is answered with one tap. The
 * auto funnel, once 8 questions on one screen, is checked by name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { oneTapField } from '../../src/core/funnels/field-input.ts';
import { FUNNELS, funnelProblems } from '../../src/core/funnels/index.ts';
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
    assert.deepEqual(topicsOf(old), [
      'driver 1: who (name, date of birth)',
      'driver 1: gender',
      'driver 1: marital status',
      'driver 1: credit rating',
      'driver 1: SR-22 filing',
      'driver 1: military service',
    ]);
    assert.deepEqual(topicsOf(['driver1Email', 'driver1Phone', 'driver1Address']), ['how to reach you', 'home address']);
    assert.deepEqual(topicsOf(['driver2Gender', 'driver3Gender']), ['driver 2: gender', 'driver 3: gender'], "two drivers' answers are two topics");
    assert.deepEqual(topicsOf(['nonsense']), ['?nonsense']);
  });
});

describe('the auto funnel, one topic a screen', () => {
  const steps = formSteps('auto');
  const screens: Array<[step: string, fields: string[]]> = [
    ['zip', ['zipcode']],
    ['insured', ['currentlyInsured']],
    ['company', ['currentCompany']],
    ['homeowner', ['homeowner']],
    ['home-insurance', ['interestedInHomeInsurance']],
    ['vehicle-1', ['vehicle1Year', 'vehicle1Make']],
    ['vehicle-1-model', ['vehicle1Model']],
    ['driver-1', ['driver1FirstName', 'driver1LastName', 'driver1Dob']],
    ['driver-1-gender', ['driver1Gender']],
    ['driver-1-marital', ['driver1MaritalStatus']],
    ['driver-1-credit', ['driver1CreditRating']],
    ['driver-1-sr22', ['driver1Sr22']],
    ['driver-1-military', ['driver1MilitaryAffiliation']],
    ['driver-2', ['driver2FirstName', 'driver2LastName', 'driver2Dob']],
    ['driver-2-credit', ['driver2CreditRating']],
    ['driver-2-sr22', ['driver2Sr22']],
    ['driver-3-military', ['driver3MilitaryAffiliation']],
    ['address', ['driver1Address', 'driver1Address2']],
    ['contact', ['driver1Email', 'driver1Phone']],
  ];
  for (const [name, fields] of screens) {
    test(`${name}: ${fields.join(', ')}`, () => {
      const step = steps.find((candidate) => candidate.name === name)!;
      assert.deepEqual(names(step), fields);
    });
  }

  test('every single choice of six answers or fewer is one tap: insured, home, gender, marital status, credit, SR-22, military', () => {
    const oneTap = steps.filter((step) => oneTapField(step)).map((step) => step.name);
    assert.deepEqual(oneTap, [
      'insured', 'homeowner', 'home-insurance',
      'driver-1-gender', 'driver-1-marital', 'driver-1-credit', 'driver-1-sr22', 'driver-1-military',
      'driver-2-gender', 'driver-2-marital', 'driver-2-credit', 'driver-2-sr22', 'driver-2-military',
      'driver-3-gender', 'driver-3-marital', 'driver-3-credit', 'driver-3-sr22', 'driver-3-military',
    ]);
    const marital = steps.find((step) => step.name === 'driver-1-marital')!.fields[0]!;
    assert.deepEqual(marital.options!.map((option) => option.value), ['single', 'married', 'divorced', 'separated', 'widowed', 'domestic partner']);
  });

  test('skipping a driver or a vehicle empties what follows from it; a definition saying otherwise is a problem', () => {
    const skips = Object.fromEntries(FUNNELS.auto!.steps.filter((step) => step.skippable).map((step) => [step.name, step.skipEmpties]));
    assert.deepEqual(skips, {
      'vehicle-2': ['vehicle2Model', 'vehicle3Year', 'vehicle3Make', 'vehicle3Model'],
      'vehicle-3': ['vehicle3Model'],
      'driver-2': [
        'driver2Gender', 'driver2MaritalStatus', 'driver2CreditRating', 'driver2Sr22', 'driver2MilitaryAffiliation',
        'driver3FirstName', 'driver3LastName', 'driver3Dob', 'driver3Gender', 'driver3MaritalStatus', 'driver3CreditRating', 'driver3Sr22', 'driver3MilitaryAffiliation',
      ],
      'driver-3': ['driver3Gender', 'driver3MaritalStatus', 'driver3CreditRating', 'driver3Sr22', 'driver3MilitaryAffiliation'],
    });
    const auto = FUNNELS.auto!;
    const broken = (name: string, skipEmpties: string[]) => funnelProblems({ ...auto, steps: auto.steps.map((step) => (step.name === name ? { ...step, skipEmpties } : step)) });
    assert.ok(broken('driver-1', ['driver1Gender']).some((problem) => /only a skippable step empties other fields/.test(problem)));
    assert.ok(broken('driver-2', ['zipcode']).some((problem) => /skipping empties 'zipcode', which no later step asks/.test(problem)));
  });

  test("a skipped driver's or vehicle's later questions are passed over, and only homeowners are offered home insurance", () => {
    const conditions = Object.fromEntries(steps.filter((step) => step.onlyIf).map((step) => [step.name, step.onlyIf]));
    assert.deepEqual(conditions, {
      company: { field: 'currentlyInsured', equals: true },
      'home-insurance': { field: 'homeowner', equals: true },
      'vehicle-2-model': { field: 'vehicle2Make' },
      'vehicle-3': { field: 'vehicle2Year' },
      'vehicle-3-model': { field: 'vehicle3Make' },
      ...Object.fromEntries(
        [2, 3].flatMap((n) => ['gender', 'marital', 'credit', 'sr22', 'military'].map((question) => [`driver-${n}-${question}`, { field: `driver${n}FirstName` }])),
      ),
      'driver-3': { field: 'driver2FirstName' },
    });
  });

  test('one vehicle and one driver answered give the lead buyer every field it takes of them (spec §7)', () => {
    const asked = steps.flatMap(names).filter((name) => !/^(vehicle|driver)[23]/.test(name));
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
    for (const n of [1, 2, 3]) assert.ok(oneTapField(steps.find((step) => names(step).includes(`driver${n}Sr22`))!), `driver ${n}'s SR-22 is asked with one tap`);
    const withSr22 = { ...AUTO_LEAD_FIELDS, driver1Sr22: true, driver2FirstName: 'Luis', driver2Sr22: false };
    const validated = validateLeadFields('auto', withSr22);
    assert.ok(validated.ok);
    const mapped = mapLeadForMarketplace('auto', validated.lead);
    assert.deepEqual(mapped.drivers.map((driver) => driver.sr_22), [1, 0]);
  });
});
