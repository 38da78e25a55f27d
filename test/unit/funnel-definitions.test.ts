import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTES } from '../../routes.ts';
import { FUNNEL_ACTIONS } from '../../src/core/funnels/actions.ts';
import { FUNNELS, SPANISH_FUNNEL_SUFFIX, funnelById, funnelProblems } from '../../src/core/funnels/index.ts';
import { EMPTY_OPTION_VALUE_ERROR, selectOption } from '../../src/core/funnels/options.ts';
import { localizeStep } from '../../src/core/funnels/localize.ts';
import { zipStep } from '../../src/core/funnels/step-library.ts';
import type { FunnelDefinition } from '../../src/core/funnels/types.ts';
import { CARRIERS, LEAD_FIELDS_BY_PRODUCT, MAX_DRIVERS, MAX_VEHICLES } from '../../src/core/leads/index.ts';

const funnels = Object.values(FUNNELS);

describe('every funnel definition', () => {
  test('the funnels the routes name all exist, and no funnel is unused', () => {
    const named = new Set(ROUTES.flatMap((route) => (route.page.form ? [route.page.form] : [])));
    assert.deepEqual([...named].sort(), Object.keys(FUNNELS).sort());
    assert.deepEqual(Object.keys(FUNNELS).sort(), ['ads', 'ads-es', 'auto', 'medicare', 'medicare-call', 'medicare-call-es', 'medicare-es']);
    assert.equal(funnelById('no-such-funnel'), undefined);
    assert.equal(funnelById('toString'), undefined);
  });

  for (const funnel of funnels) {
    describe(funnel.id, () => {
      test('has no problems', () => {
        assert.deepEqual(funnelProblems(funnel), []);
      });

      test('step names are unique', () => {
        const names = funnel.steps.map((step) => step.name);
        assert.equal(new Set(names).size, names.length);
      });

      test("every field is a lead field of the funnel's product", () => {
        const leadFields = Object.keys(LEAD_FIELDS_BY_PRODUCT[funnel.product]);
        for (const field of funnel.steps.flatMap((step) => step.fields)) assert.ok(leadFields.includes(field.name), field.name);
      });

      test('every option value is non-empty', () => {
        for (const field of funnel.steps.flatMap((step) => step.fields)) {
          for (const option of field.options ?? []) assert.notEqual(option.value, '', `${field.name}: ${option.label}`);
        }
      });

      test('every named action exists', () => {
        for (const step of funnel.steps) {
          if (step.onEnter) assert.ok(Object.hasOwn(FUNNEL_ACTIONS.enter, step.onEnter), step.onEnter);
          if (step.onSubmit) assert.ok(Object.hasOwn(FUNNEL_ACTIONS.submit, step.onSubmit), step.onSubmit);
        }
      });
    });
  }
});

describe('what the funnels ask', () => {
  const stepNames = (id: string) => FUNNELS[id]!.steps.map((step) => step.name);
  const cases: Array<[id: string, steps: string[]]> = [
    ['medicare', ['zip', 'medicare', 'medicaid', 'call']],
    ['ads', ['zip', 'medicare', 'medicaid', 'ads']],
    ['medicare-call', ['zip', 'call']],
    ['auto', ['zip', 'insured', 'company', 'homeowner', 'home-insurance', 'vehicle-1', 'vehicle-2', 'vehicle-3', 'driver-1', 'driver-2', 'driver-3', 'contact', 'result']],
  ];
  for (const [id, steps] of cases) {
    test(`${id}: ${steps.join(', ')}`, () => {
      assert.deepEqual(stepNames(id), steps);
      if (FUNNELS[`${id}${SPANISH_FUNNEL_SUFFIX}`]) assert.deepEqual(stepNames(`${id}${SPANISH_FUNNEL_SUFFIX}`), steps);
    });
  }

  test('the Medicare funnels end on a screen with the phone number (call or ads)', () => {
    for (const funnel of funnels.filter((candidate) => candidate.product === 'medicare')) {
      assert.ok(['call', 'ads'].includes(funnel.steps.at(-1)!.kind), funnel.id);
    }
  });

  test(`auto asks up to ${MAX_VEHICLES} vehicles and ${MAX_DRIVERS} drivers with every driver field`, () => {
    const auto = FUNNELS.auto!;
    const asked = auto.steps.flatMap((step) => step.fields.map((field) => field.name));
    for (let n = 1; n <= MAX_VEHICLES; n++) for (const field of ['Year', 'Make', 'Model']) assert.ok(asked.includes(`vehicle${n}${field}`), `vehicle${n}${field}`);
    for (let n = 1; n <= MAX_DRIVERS; n++) {
      for (const field of ['FirstName', 'LastName', 'Gender', 'MaritalStatus', 'Dob', 'CreditRating', 'Sr22', 'MilitaryAffiliation']) assert.ok(asked.includes(`driver${n}${field}`), `driver${n}${field}`);
    }
    for (const field of ['zipcode', 'currentlyInsured', 'currentCompany', 'homeowner', 'interestedInHomeInsurance', 'driver1Email', 'driver1Phone', 'driver1Address', 'driver1Address2']) {
      assert.ok(asked.includes(field), field);
    }
    const company = auto.steps.find((step) => step.name === 'company')!.fields[0]!;
    assert.deepEqual(company.options!.map((option) => option.value), [...CARRIERS]);
  });
});

describe('Spanish funnels', () => {
  const spanish = funnels.filter((funnel) => funnel.id.endsWith(SPANISH_FUNNEL_SUFFIX));

  test('there is one for each funnel the Spanish routes use', () => {
    assert.deepEqual(spanish.map((funnel) => funnel.id).sort(), ['ads-es', 'medicare-call-es', 'medicare-es']);
  });

  for (const funnel of spanish) {
    test(`${funnel.id} is in Spanish: every text differs from its English twin`, () => {
      const english = FUNNELS[funnel.id.slice(0, -SPANISH_FUNNEL_SUFFIX.length)]!;
      assert.equal(funnel.language, 'es');
      assert.equal(english.language, 'en');
      funnel.steps.forEach((step, index) => {
        const twin = english.steps[index]!;
        assert.notEqual(step.title, twin.title, step.name);
        if (step.description) assert.notEqual(step.description, twin.description);
        step.fields.forEach((field, f) => {
          assert.notEqual(field.label, twin.fields[f]!.label, field.name);
          if (field.hint) assert.notEqual(field.hint, twin.fields[f]!.hint, field.name);
        });
      });
    });
  }

  test('known Spanish wording', () => {
    const medicare = FUNNELS['medicare-es']!;
    assert.equal(medicare.steps[0]!.fields[0]!.label, 'Código postal');
    assert.equal(medicare.steps[1]!.fields[0]!.label, '¿Tiene Medicare Parte A y Parte B?');
    assert.deepEqual(medicare.steps[1]!.fields[0]!.options!.map((option) => option.label), ['Sí', 'No']);
  });
});

describe('select items', () => {
  test('an empty-string value throws exactly the spec message', () => {
    assert.throws(() => selectOption('', 'Nothing'), { message: 'must have a value that is not an empty string' });
    assert.equal(EMPTY_OPTION_VALUE_ERROR, 'must have a value that is not an empty string');
    assert.deepEqual(selectOption('GEICO', 'GEICO'), { value: 'GEICO', label: 'GEICO' });
  });

  test('a library step with an empty option value fails when it is localised', () => {
    const broken = { ...zipStep('auto'), fields: [{ name: 'currentCompany', label: { en: 'Company', es: 'Compañía' }, kind: 'select' as const, options: [{ value: '', label: { en: 'None', es: 'Ninguna' } }] }] };
    assert.throws(() => localizeStep(broken, 'en'), { message: EMPTY_OPTION_VALUE_ERROR });
  });
});

describe('funnelProblems finds broken definitions', () => {
  const base = FUNNELS.medicare!;
  const [zip, medicare, medicaid, call] = base.steps as [FunnelDefinition['steps'][number], FunnelDefinition['steps'][number], FunnelDefinition['steps'][number], FunnelDefinition['steps'][number]];
  const cases: Array<[name: string, steps: FunnelDefinition['steps'], problem: RegExp]> = [
    ['a step name used twice', [zip, { ...medicare, name: 'zip' }, call], /step name is used twice/],
    ['a step name that is not a URL segment', [{ ...zip, name: 'Zip Code' }, call], /not a lower-case URL segment/],
    ['a field of the other product', [{ ...zip, fields: [{ ...zip.fields[0]!, name: 'homeowner' }] }, call], /not a medicare lead field/],
    ['a question asked twice', [zip, { ...medicare, fields: zip.fields }, call], /asked twice/],
    ['an empty option value', [zip, { ...medicare, fields: [{ ...medicare.fields[0]!, options: [{ value: '', label: 'Yes' }, { value: 'no', label: 'No' }] }] }, call], /empty-string value/],
    ['a yes/no field with other values', [zip, { ...medicare, fields: [{ ...medicare.fields[0]!, options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] }] }, call], /options are 'yes' and 'no'/],
    ['a text field with options', [{ ...zip, fields: [{ ...zip.fields[0]!, options: [{ value: 'a', label: 'A' }] }] }, call], /only select, radio and yes\/no/],
    ['an unknown on-enter action', [zip, { ...call, onEnter: 'nope' }], /unknown on-enter action 'nope'/],
    ['an unknown on-submit action', [{ ...zip, onSubmit: 'nope' }, call], /unknown on-submit action 'nope'/],
    ['a condition on a field not asked before', [{ ...zip, onlyIf: { field: 'haveMedicare' } }, medicare, call], /no earlier step asks/],
    ['no end screen last', [zip, medicare, medicaid], /last step must be an end screen/],
    ['an end screen in the middle', [zip, call, medicare, { ...call, name: 'end' }], /end screen must be the last step/],
    ['a skippable step without a skip label', [{ ...zip, skippable: true }, call], /skip label/],
    ['no steps', [], /has no steps/],
  ];
  for (const [name, steps, problem] of cases) {
    test(name, () => {
      const problems = funnelProblems({ ...base, steps });
      assert.ok(problems.some((text) => problem.test(text)), problems.join('\n') || 'no problems found');
    });
  }
});
