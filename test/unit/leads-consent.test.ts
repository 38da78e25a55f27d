/**
 * The consent disclosure and the personal-field rule that keeps lead PII out
 * of events, user states and the data layer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import { funnelConsent, isConsentStep, stepConsent } from '../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';
import { CONSENT_LINKS, consentDisclosure, consentText, MARKETING_PARTNERS } from '../../src/core/leads/consent.ts';
import { isPersonalField, REDACTED, redactPersonalFields } from '../../src/core/leads/personal.ts';

const BRAND = { owner: 'Example Agency LLC', name: 'Example Site', isAgency: true };

describe('consent disclosure', () => {
  const required: Array<{ language: 'en' | 'es'; must: RegExp[] }> = [
    {
      language: 'en',
      must: [/^By clicking "Get my quotes"/, /Example Agency LLC \(operator of Example Site\)/, /licensed insurance agents/, /call and text me/, /automatic telephone dialing/, /not a condition of purchase/, /opt out/, /STOP/, /Terms of Use/, /Privacy Policy/],
    },
    {
      language: 'es',
      must: [/^Al hacer clic en "Get my quotes"/, /Example Agency LLC \(operador de Example Site\)/, /agentes de seguros autorizados/, /me llamen y me envíen mensajes de texto/, /marcado automático/, /no es una condición de compra/, /STOP/, /Términos de uso/, /Política de privacidad/],
    },
  ];
  for (const { language, must } of required) {
    test(`${language}: names the owner, button, partners, automated calls and texts, no purchase condition, opt-out and both policies`, () => {
      const segments = consentDisclosure(BRAND, language, 'Get my quotes');
      const text = consentText(segments);
      for (const pattern of must) assert.match(text, pattern);
      assert.ok(text.includes(MARKETING_PARTNERS[language]), 'names the marketing partners');
      const links = segments.flatMap((segment) => ('link' in segment ? [segment.link] : []));
      assert.deepEqual(links, ['terms', 'privacy']);
      assert.deepEqual(CONSENT_LINKS, { terms: '/tos', privacy: '/privacy' });
    });
  }

  test('the same inputs always give the same words (the server rebuilds them to check a lead)', () => {
    assert.equal(consentText(consentDisclosure(BRAND, 'en', 'Go')), consentText(consentDisclosure(BRAND, 'en', 'Go')));
    assert.notEqual(consentText(consentDisclosure(BRAND, 'en', 'Go')), consentText(consentDisclosure(BRAND, 'en', 'Send')));
  });

  test('every funnel step that asks for a phone or email is a consent step with a button label to name', () => {
    const brand = BRANDS[0]!;
    let consentSteps = 0;
    for (const funnel of Object.values(FUNNELS)) {
      for (const step of funnel.steps) {
        const asksContact = step.fields.some((field) => field.kind === 'phone' || field.kind === 'email');
        assert.equal(isConsentStep(step), asksContact, `${funnel.id}/${step.name}`);
        if (asksContact) {
          consentSteps++;
          assert.equal(stepConsent(step, brand, funnel.language)!.buttonLabel, step.submitLabel);
        }
      }
    }
    assert.ok(consentSteps >= 1);
    assert.equal(funnelConsent(FUNNELS.medicare!, brand), undefined, 'the Medicare funnel asks no phone or email');
  });

  test('a consent step without a submit label is refused', () => {
    const step = { name: 'contact', title: 'Contact', kind: 'form' as const, fields: [{ name: 'email', label: 'Email', kind: 'email' as const }] };
    assert.throws(() => stepConsent(step, BRAND, 'en'), /no submitLabel/);
  });
});

describe('personal fields', () => {
  const cases: Array<[field: string, personal: boolean]> = [
    ['driver1FirstName', true],
    ['driver3LastName', true],
    ['driver1Email', true],
    ['driver2Phone', true],
    ['driver1Address', true],
    ['driver1Address2', true],
    ['driver1Dob', true],
    ['firstName', true],
    ['email', true],
    ['phone', true],
    ['firstname', true],
    ['dateofbirth', true],
    ['zipcode', false],
    ['haveMedicare', false],
    ['driver1Gender', false],
    ['vehicle1Make', false],
    ['currentCompany', false],
    ['coverageAmount', false],
  ];
  for (const [field, personal] of cases) {
    test(`${field} is ${personal ? '' : 'not '}personal`, () => assert.equal(isPersonalField(field), personal));
  }

  test('redaction keeps every key, replaces present personal values and leaves empty ones as they are', () => {
    assert.deepEqual(redactPersonalFields({ driver1Email: 'a@b.co', driver1Phone: '', driver2FirstName: undefined, zipcode: '33101', homeowner: true }), {
      driver1Email: REDACTED,
      driver1Phone: '',
      driver2FirstName: undefined,
      zipcode: '33101',
      homeowner: true,
    });
  });
});
