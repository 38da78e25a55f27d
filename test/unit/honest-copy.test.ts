/**
 * Who helps a caller, one rule for every brand (src/core/content/who-helps.ts): an
 * agency brand names its own licensed agents, any other brand the licensed insurance agency it
 * works with. Checked here where server HTML cannot reach: every word of every end screen in every
 * state the browser can put it in (lead stored or failed, low bid, ads shown or none, either side
 * of working hours), and the consent disclosure. The pages as served: test/server/pages/honest-copy.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS, brandById } from '../../brands/index.ts';
import { fillBrandFacts } from '../../src/core/content/brand-view.ts';
import { helperKind } from '../../src/core/content/who-helps.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { consentDisclosure, consentText } from '../../src/core/leads/consent.ts';
import { planEndScreen, type AdsOutcome, type EndScreenFacts } from '../../src/ui/funnel/end-screen-plan.ts';
import type { LeadOutcome } from '../../src/ui/funnel/lead-outcome.ts';
import { END_TEXT } from '../../src/ui/funnel/end-text.ts';
import { LICENSED_AGENT_CLAIM } from '../fixtures/licensed-agent-claims.ts';

/** Every state an end screen can be in (the product is the funnel's). */
const FACTS: Array<Omit<EndScreenFacts, 'product'>> = [true, false].flatMap((open) =>
  [true, false].flatMap((lowBid) =>
    (['unknown', 'stored', 'failed'] as LeadOutcome[]).flatMap((outcome) =>
      (['unknown', 'shown', 'none'] as AdsOutcome[]).map((ads) => ({ open, lowBid, outcome, ads, ...(open ? {} : { opening: 'Monday at 8 a.m. Eastern' }) })),
    ),
  ),
);

const END_STEPS = Object.values(FUNNELS).flatMap((funnel) => funnel.steps.filter((step) => step.kind !== 'form').map((step) => ({ funnel, step })));

describe('the rule', () => {
  const rows: Array<[string, 'own-agents' | 'partner-agency']> = [
    ['ac', 'own-agents'],
    ['mpa', 'own-agents'],
    ['gs', 'own-agents'],
    ['qs', 'own-agents'],
    ['ayb', 'own-agents'],
    ['wc', 'own-agents'],
    ['sd', 'own-agents'],
    ['emily', 'partner-agency'],
    ['tqg', 'partner-agency'],
    ['ps', 'partner-agency'],
    ['bh', 'partner-agency'],
    ['m10', 'partner-agency'],
    ['bridge', 'partner-agency'],
    ['ccc', 'partner-agency'],
  ];
  for (const [id, kind] of rows) {
    test(`${id}: ${kind}, from isAgency`, () => assert.equal(helperKind(brandById(id)!), kind));
  }

  const tokens: Array<[string, string, string]> = [
    ['{Helper} can help.', 'A licensed insurance agent can help.', 'A licensed insurance agency we work with can help.'],
    ['Call {helper}.', 'Call a licensed insurance agent.', 'Call a licensed insurance agency we work with.'],
    ['{HelperEs} puede ayudarle.', 'Un agente de seguros autorizado puede ayudarle.', 'Una agencia de seguros autorizada con la que trabajamos puede ayudarle.'],
    ['Llame a {helperEs}.', 'Llame a un agente de seguros autorizado.', 'Llame a una agencia de seguros autorizada con la que trabajamos.'],
  ];
  for (const [copy, agency, other] of tokens) {
    test(`"${copy}" filled: capital at a sentence's start, the article kept, in both kinds`, () => {
      assert.equal(fillBrandFacts(copy, brandById('ac')!), agency);
      assert.equal(fillBrandFacts(copy, brandById('emily')!), other);
    });
  }
});

describe('every end screen, in every state, for every brand', () => {
  for (const brand of BRANDS) {
    test(`${brand.id}: ${brand.isAgency ? 'names its licensed agents in the call box' : 'claims no licensed agent'}, every token filled`, () => {
      for (const { funnel, step } of END_STEPS) {
        for (const facts of FACTS) {
          const plan = planEndScreen(step, END_TEXT[funnel.language], { ...facts, product: funnel.product }, brand);
          const words = [plan.title, plan.description, plan.agentNow, plan.closed?.title, plan.closed?.opensAgain, plan.adsHeading, plan.callLabel, plan.callHint].filter(Boolean).join(' ');
          const where = `${funnel.id}/${step.name} ${JSON.stringify(facts)}: ${words}`;
          assert.doesNotMatch(words, /\{\w+\}/, where);
          if (brand.isAgency) assert.match(plan.callLabel, LICENSED_AGENT_CLAIM, where);
          else assert.doesNotMatch(words, LICENSED_AGENT_CLAIM, where);
        }
      }
    });
  }
});

describe('the consent disclosure names who may call', () => {
  for (const brand of BRANDS) {
    for (const language of ['en', 'es'] as const) {
      test(`${brand.id}, ${language}: ${brand.isAgency ? 'its licensed agents' : 'the licensed agency it works with'}`, () => {
        const text = consentText(consentDisclosure(brand, language, 'Get my quotes'));
        const expected = {
          en: brand.isAgency ? `(operator of ${brand.name}), its licensed insurance agents, and its marketing partners` : `(operator of ${brand.name}), the licensed insurance agency it works with, and its marketing partners`,
          es: brand.isAgency ? `(operador de ${brand.name}), sus agentes de seguros autorizados y sus socios de mercadeo` : `(operador de ${brand.name}), la agencia de seguros autorizada con la que trabaja y sus socios de mercadeo`,
        }[language];
        assert.ok(text.includes(expected), text);
        if (!brand.isAgency) assert.doesNotMatch(text, LICENSED_AGENT_CLAIM);
      });
    }
  }
});
