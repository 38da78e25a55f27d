/**
 * The consent disclosure on the steps that collect a phone number or an email: server
 * rendered right above the submit button (read before the tap; the browser test of the end
 * screens measures the two on one 375x667 screen), its text exactly `stepConsent(...).text`, in the page's
 * language, with real links to the brand's /tos and /privacy, and named by the button's
 * aria-describedby. Steps without a phone or email show none.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { stepConsent, type StepConsent } from '../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { localizeStep } from '../../src/core/funnels/localize.ts';
import { CONTACT_STEP } from '../../src/core/funnels/step-library.ts';
import type { FunnelDefinition, FunnelStep } from '../../src/core/funnels/types.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import { App } from '../../src/ui/App.tsx';
import { StepForm } from '../../src/ui/funnel/StepForm.tsx';
import { FUNNEL_TEXT } from '../../src/ui/funnel/text.ts';

const happy = new HappyWindow({ url: 'https://ac.localhost/' });
after(() => happy.happyDOM.close());

/** Parses server HTML into a detached element to query. */
function parse(html: string): Element {
  const host = happy.document.createElement('div');
  host.innerHTML = html;
  return host as unknown as Element;
}

/** Checks one rendered form's disclosure against `consent`. */
function assertDisclosure(form: Element, consent: StepConsent, label: string): void {
  const disclosures = form.querySelectorAll('[data-consent]');
  assert.equal(disclosures.length, 1, `${label}: one disclosure`);
  const disclosure = disclosures[0]!;
  assert.equal(disclosure.textContent, consent.text, `${label}: the text shown is the text the lead keeps`);
  assert.deepEqual(
    [...disclosure.querySelectorAll('a')].map((link) => [link.getAttribute('href'), link.textContent]),
    consent.segments.flatMap((segment) => ('link' in segment ? [[segment.link === 'terms' ? '/tos' : '/privacy', segment.text]] : [])),
    `${label}: real links to the brand's pages`,
  );
  assert.deepEqual(
    [...disclosure.querySelectorAll('a')].map((link) => link.getAttribute('href')),
    ['/tos', '/privacy'],
  );
  const submit = form.querySelector('button[type="submit"].funnel-continue')!;
  assert.equal(submit.textContent, consent.buttonLabel, `${label}: the button is the one the disclosure names`);
  assert.ok(disclosure.id, `${label}: the disclosure has an id`);
  assert.equal(submit.getAttribute('aria-describedby'), disclosure.id, `${label}: the button is described by the disclosure`);
  assert.equal(disclosure.nextElementSibling, submit.closest('.funnel-actions'), `${label}: right above the buttons`);
}

const brand = brandById('ac')!;

function renderStep(funnel: FunnelDefinition, step: FunnelStep): Element {
  const consent = stepConsent(step, brand, funnel.language);
  const html = renderToString(
    createElement(StepForm, {
      funnel,
      step,
      text: FUNNEL_TEXT[funnel.language],
      action: `/quiz/auto/${step.name}`,
      values: {},
      ...(consent ? { consent } : {}),
      onSubmit: async () => undefined,
      onSkip: async () => undefined,
    }),
  );
  return parse(html).querySelector('form')!;
}

describe('StepForm with a consent step', () => {
  const spanishAuto: FunnelDefinition = { ...FUNNELS.auto!, id: 'auto-es', language: 'es' };
  const cases: Array<[string, FunnelDefinition, FunnelStep, RegExp]> = [
    ['English contact step', FUNNELS.auto!, FUNNELS.auto!.steps.find((step) => step.name === 'contact')!, /^By clicking "Get my quotes", I agree to the Terms of Use and Privacy Policy/],
    ['Spanish contact step', spanishAuto, localizeStep(CONTACT_STEP, 'es'), /^Al hacer clic en "Obtener mis cotizaciones", acepto los Términos de uso y la Política de privacidad/],
  ];
  for (const [label, funnel, step, opening] of cases) {
    test(label, () => {
      const consent = stepConsent(step, brand, funnel.language)!;
      assert.ok(consent, 'the step collects a phone or email');
      const form = renderStep(funnel, step);
      assertDisclosure(form, consent, label);
      assert.match(form.querySelector('[data-consent]')!.textContent, opening);
      assert.match(consent.text, new RegExp(brand.owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'names the legal owner');
    });
  }

  test('a step without a phone or email shows no disclosure and its button describes nothing', () => {
    for (const funnel of Object.values(FUNNELS)) {
      for (const step of funnel.steps.filter((candidate) => candidate.kind === 'form' && !stepConsent(candidate, brand, funnel.language))) {
        const form = renderStep(funnel, step);
        assert.equal(form.querySelector('[data-consent]'), null, `${funnel.id}/${step.name}`);
        const continueButton = form.querySelector('button.funnel-continue');
        if (continueButton) assert.equal(continueButton.hasAttribute('aria-describedby'), false, `${funnel.id}/${step.name}`);
        // One-tap steps have answer buttons instead: described by their hint or error, never by a disclosure.
        else for (const answer of form.querySelectorAll('button.answer')) assert.doesNotMatch(answer.getAttribute('aria-describedby') ?? '', /consent/, `${funnel.id}/${step.name}`);
        assert.ok(continueButton ?? form.querySelector('button.answer'), `${funnel.id}/${step.name}: a submit button`);
      }
    }
  });
});

describe('every consent step of every funnel, as its page renders', () => {
  const matcher = createMatcher(ROUTES);
  const consentSteps = Object.values(FUNNELS).flatMap((funnel) =>
    funnel.steps.filter((step) => stepConsent(step, brand, funnel.language)).map((step) => ({ funnel, step })),
  );

  test('there are consent steps to check', () => assert.ok(consentSteps.length > 0));

  for (const { funnel, step } of consentSteps) {
    const route = ROUTES.find((candidate) => candidate.page.form === funnel.id && candidate.path.endsWith('{step?}'));
    if (!route) continue; // A funnel no route runs yet has no page to render.
    test(`${funnel.id} step ${step.name} (${route.path}, brand ${route.brands[0]})`, () => {
      const pageBrand = brandById(route.brands[0]!)!;
      const path = route.path.replace('{step?}', step.name);
      const payload = loadPayload(matcher, { brand: pageBrand, path, query: {}, buildId: 't' }) as PagePayload;
      assert.equal(payload.kind, 'page');
      assert.equal(payload.step?.name, step.name);
      const page = parse(renderToString(createElement(App, { payload })));
      const form = page.querySelector(`[data-step="${step.name}"] form`)!;
      assert.ok(form, 'the step form is rendered');
      assertDisclosure(form, stepConsent(step, pageBrand, funnel.language)!, funnel.id);
    });
  }
});
