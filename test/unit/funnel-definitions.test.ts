import { CALLBACK_ONLY_FIELDS } from '../../src/core/leads/callback-rules.ts';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTES } from '../../routes.ts';
import { FUNNEL_ACTIONS } from '../../src/core/funnels/actions.ts';
import { SPANISH_FUNNEL_SUFFIX } from '../../src/core/funnels/funnels.ts';
import { FUNNELS, funnelById, funnelProblems } from '../../src/core/funnels/index.ts';
import { EMPTY_OPTION_VALUE_ERROR, selectOption } from '../../src/core/funnels/options.ts';
import { CAPTURE_LEAD_ACTION } from '../../src/core/funnels/actions.ts';
import { funnelConsent, isConsentStep } from '../../src/core/funnels/consent.ts';
import { localizeStep } from '../../src/core/funnels/localize.ts';
import {
  AGE_RANGE_STEP,
  COMMON_CARRIERS,
  COVERAGE_AMOUNT_STEP,
  HEALTH_CALL_STEP,
  HEALTH_INSURANCE_STEP,
  HOUSEHOLD_INCOME_STEP,
  HOUSEHOLD_STEP,
  LIFE_CALL_STEP,
  PERSON_CONTACT_STEP,
  PERSON_NAME_STEP,
  TOBACCO_STEP,
  zipStep,
} from '../../src/core/funnels/step-library.ts';
import { isPathAnswer } from '../../src/core/funnels/path-answers.ts';
import type { FunnelDefinition } from '../../src/core/funnels/types.ts';
import { CARRIERS } from '../../src/core/leads/carriers.ts';
import { MAX_DRIVERS, MAX_VEHICLES } from '../../src/core/leads/limits.ts';
import { LEAD_FIELDS_BY_PRODUCT } from '../../src/core/leads/product.ts';

const funnels = Object.values(FUNNELS);

describe('every funnel definition', () => {
  test('the funnels the routes name all exist, and no funnel is unused', () => {
    const named = new Set(ROUTES.flatMap((route) => (route.page.form ? [route.page.form] : [])));
    assert.deepEqual([...named].sort(), Object.keys(FUNNELS).sort());
    assert.deepEqual(Object.keys(FUNNELS).sort(), ['ads', 'ads-es', 'auto', 'auto-es', 'health', 'health-es', 'life', 'life-es', 'medicare', 'medicare-call', 'medicare-call-es', 'medicare-es']);
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

      test("every field is a lead field of the funnel's product, or a yes/no path answer", () => {
        const leadFields = Object.keys(LEAD_FIELDS_BY_PRODUCT[funnel.product]);
        for (const field of funnel.steps.flatMap((step) => step.fields)) {
          assert.ok(leadFields.includes(field.name) !== isPathAnswer(field.name), field.name);
          if (isPathAnswer(field.name)) assert.equal(field.kind, 'yesno', field.name);
        }
      });

      test('every option value is non-empty', () => {
        for (const field of funnel.steps.flatMap((step) => step.fields)) {
          for (const option of field.options ?? []) assert.notEqual(option.value, '', `${field.name}: ${option.label}`);
        }
      });

      test('its consent step, if any, names its submit button (the disclosure is built without throwing)', () => {
        const consent = funnelConsent(funnel, { owner: 'Example Owner, LLC', name: 'Example', isAgency: true });
        const asksContact = funnel.steps.some(isConsentStep);
        assert.equal(consent !== undefined, asksContact);
        if (consent) assert.ok(consent.text.includes(`"${consent.buttonLabel}"`));
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
    [
      'auto',
      [
        'zip', 'insured', 'homeowner',
        'vehicle-1', 'has-vehicle-2', 'vehicle-2', 'has-vehicle-3', 'vehicle-3',
        'driver-1', 'driver-1-details', 'driver-1-credit', 'driver-1-record', 'has-driver-2',
        'driver-2', 'driver-2-details', 'driver-2-credit', 'driver-2-record', 'has-driver-3',
        'driver-3', 'driver-3-details', 'driver-3-credit', 'driver-3-record',
        'address', 'contact', 'result',
      ],
    ],
    ['life', ['zip', 'age', 'coverage', 'tobacco', 'name', 'contact', 'call']],
    ['health', ['zip', 'age', 'household', 'income', 'insured', 'name', 'contact', 'call']],
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

  test('each funnel asks about its own product only: the life and health funnels never ask about Medicare or Medicaid', () => {
    for (const funnel of funnels.filter((candidate) => candidate.product === 'life' || candidate.product === 'health')) {
      const asked = funnel.steps.flatMap((step) => step.fields.map((field) => field.name));
      assert.ok(!asked.includes('haveMedicare') && !asked.includes('haveMedicaid'), funnel.id);
      const texts = funnel.steps.flatMap((step) => [step.title, step.description, ...step.fields.flatMap((field) => [field.label, field.hint, ...(field.options ?? []).map((option) => option.label)])]);
      for (const text of texts) if (text) assert.doesNotMatch(text, /medicare|medicaid|part [ab]\b/i, `${funnel.id}: ${text}`);
    }
  });

  const productFunnels: Array<[id: string, fields: string[]]> = [
    ['life', ['zipcode', 'ageRange', 'coverageAmount', 'tobaccoUse', 'firstName', 'lastName', 'email', 'phone']],
    ['health', ['zipcode', 'ageRange', 'householdSize', 'householdIncome', 'haveHealthInsurance', 'firstName', 'lastName', 'email', 'phone']],
  ];
  for (const [id, fields] of productFunnels) {
    test(`${id} asks every ${id} lead field, one question per screen before the name and contact steps, choices as radios`, () => {
      const funnel = FUNNELS[id]!;
      assert.equal(funnel.product, id);
      const asked = funnel.steps.flatMap((step) => step.fields.map((field) => field.name));
      assert.deepEqual(asked, fields);
      // Every field but those only the end screen's call-back form sets.
      const leadFields = Object.keys(LEAD_FIELDS_BY_PRODUCT[funnel.product]).filter((field) => !CALLBACK_ONLY_FIELDS[funnel.product].includes(field));
      assert.deepEqual(asked.sort(), leadFields.sort());
      for (const step of funnel.steps.filter((candidate) => candidate.kind === 'form' && !['name', 'contact'].includes(candidate.name))) assert.equal(step.fields.length, 1, step.name);
      assert.deepEqual(funnel.steps.find((step) => step.name === 'name')!.fields.map((field) => field.name), ['firstName', 'lastName']);
      assert.deepEqual(funnel.steps.find((step) => step.name === 'contact')!.fields.map((field) => field.name), ['email', 'phone']);
      for (const field of funnel.steps.flatMap((step) => step.fields)) {
        if (field.options) assert.ok(field.kind === 'radio' || field.kind === 'yesno', `${field.name} is ${field.kind}`);
      }
    });

    test(`${id}: the contact step asks phone and email with a consent button, and captures the lead`, () => {
      const funnel = FUNNELS[id]!;
      const contact = funnel.steps.find((step) => step.name === 'contact')!;
      assert.ok(isConsentStep(contact));
      assert.equal(contact.submitLabel, 'Get my quotes');
      assert.equal(contact.onSubmit, CAPTURE_LEAD_ACTION);
      assert.equal(funnel.steps.filter((step) => step.onSubmit === CAPTURE_LEAD_ACTION).length, 1);
    });

    test(`${id}: ends on its own call screen, demand checked on entry, not the Medicare one`, () => {
      const end = FUNNELS[id]!.steps.at(-1)!;
      const medicareEnd = FUNNELS.medicare!.steps.at(-1)!;
      assert.equal(end.kind, 'call');
      assert.equal(end.onEnter, 'checkDemand');
      assert.notEqual(end.title, medicareEnd.title);
      assert.notEqual(end.description, medicareEnd.description);
      assert.match(`${end.title} ${end.description}`, new RegExp(id === 'life' ? 'life insurance' : 'health', 'i'));
    });
  }

  test('the life and health steps are written in Spanish too, ready for an -es route', () => {
    for (const template of [AGE_RANGE_STEP, COVERAGE_AMOUNT_STEP, TOBACCO_STEP, HOUSEHOLD_STEP, HOUSEHOLD_INCOME_STEP, HEALTH_INSURANCE_STEP, PERSON_NAME_STEP, PERSON_CONTACT_STEP, LIFE_CALL_STEP, HEALTH_CALL_STEP, zipStep('life'), zipStep('health')]) {
      const en = localizeStep(template, 'en');
      const es = localizeStep(template, 'es');
      assert.notEqual(es.title, en.title, template.name);
      if (en.description) assert.notEqual(es.description, en.description, template.name);
      if (en.submitLabel) assert.equal(es.submitLabel, 'Obtener mis cotizaciones');
      if (en.skipLabel) assert.notEqual(es.skipLabel, en.skipLabel);
      es.fields.forEach((field, f) => {
        assert.notEqual(field.label, en.fields[f]!.label, field.name);
        if (field.hint) assert.notEqual(field.hint, en.fields[f]!.hint, field.name);
        if (field.kind === 'radio') assert.ok(field.options!.some((option, o) => option.label !== en.fields[f]!.options![o]!.label), field.name);
      });
    }
  });

  test(`auto asks up to ${MAX_VEHICLES} vehicles and ${MAX_DRIVERS} drivers, each driver what the §7 mappings send of a driver`, () => {
    const auto = FUNNELS.auto!;
    const asked = auto.steps.flatMap((step) => step.fields.map((field) => field.name));
    for (let n = 1; n <= MAX_VEHICLES; n++) for (const field of ['Year', 'Make', 'Model']) assert.ok(asked.includes(`vehicle${n}${field}`), `vehicle${n}${field}`);
    // Every driver: who (name, date of birth), gender, marital status, credit rating and SR-22 (the
    // marketplace's driver), military service (the lead buyer's). The address, email and phone are
    // the household's, asked of the main driver only: nobody is asked another person's contact details.
    const everyDriver = ['FirstName', 'LastName', 'Dob', 'Gender', 'MaritalStatus', 'CreditRating', 'Sr22', 'MilitaryAffiliation'];
    assert.deepEqual(asked.filter((field) => field.startsWith('driver1')), [...everyDriver, 'Address', 'Address2', 'Email', 'Phone'].map((field) => `driver1${field}`));
    for (let n = 2; n <= MAX_DRIVERS; n++) assert.deepEqual(asked.filter((field) => field.startsWith(`driver${n}`)), everyDriver.map((field) => `driver${n}${field}`));
    for (const field of ['zipcode', 'currentlyInsured', 'currentCompany', 'homeowner', 'interestedInHomeInsurance']) {
      assert.ok(asked.includes(field), field);
    }
    // Every carrier listed once, the most common first (under their own group), then the rest in the list's order.
    const company = auto.steps.flatMap((step) => step.fields).find((field) => field.name === 'currentCompany')!;
    const values = company.options!.map((option) => option.value);
    assert.deepEqual(values.slice(0, company.commonFirst!.count), [...COMMON_CARRIERS]);
    assert.deepEqual(values.slice(company.commonFirst!.count), CARRIERS.filter((carrier) => !(COMMON_CARRIERS as readonly string[]).includes(carrier)));
    assert.deepEqual([...values].sort(), [...CARRIERS].sort());
  });
});

describe('Spanish funnels', () => {
  const spanish = funnels.filter((funnel) => funnel.id.endsWith(SPANISH_FUNNEL_SUFFIX));

  test('every funnel is also offered in Spanish', () => {
    assert.deepEqual(spanish.map((funnel) => funnel.id).sort(), ['ads-es', 'auto-es', 'health-es', 'life-es', 'medicare-call-es', 'medicare-es']);
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
