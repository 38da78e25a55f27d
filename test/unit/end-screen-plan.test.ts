/**
 * What the end screens say and in which order, as a table: the auto result's
 * title per lead outcome; no "now" / "right away" outside working hours, with the availability
 * sentence built from WORKING_HOURS; the ads before the call on a low bid or outside hours, the
 * phone alone inside hours with a high bid or no result, and always the phone first when the lead
 * failed; the ads screen's phone first inside hours, and its words per ad-list outcome; every word
 * filled for the brand (an agency's licensed agents, or the licensed agency a brand works with).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { localizeStep } from '../../src/core/funnels/localize.ts';
import { AUTO_RESULT_STEP } from '../../src/core/funnels/step-library.ts';
import type { FunnelStep, StepKind } from '../../src/core/funnels/types.ts';
import type { LeadLanguage } from '../../src/core/leads/localized.ts';
import { agentHoursSentence, openingGroups } from '../../src/ui/funnel/agent-hours.ts';
import { planEndScreen, type AdsOutcome, type EndBlock, type EndScreenFacts } from '../../src/ui/funnel/end-screen-plan.ts';
import type { LeadOutcome } from '../../src/ui/funnel/lead-outcome.ts';
import { FUNNEL_TEXT } from '../../src/ui/funnel/text.ts';

/** The end step of kind `kind` in the funnel `id`. */
function endStep(id: string, kind: StepKind): FunnelStep {
  const step = FUNNELS[id]!.steps.find((candidate) => candidate.kind === kind);
  assert.ok(step, `${id} has a ${kind} step`);
  return step;
}

/** An agency brand (its own licensed agents) and a brand that works with a licensed agency. */
const AC = brandById('ac')!;
const EMILY = brandById('emily')!;

const OUTCOMES: readonly LeadOutcome[] = ['unknown', 'stored', 'failed'];
const ADS_OUTCOMES: readonly AdsOutcome[] = ['unknown', 'shown', 'none'];
const FACTS: EndScreenFacts[] = [true, false].flatMap((open) =>
  [true, false].flatMap((lowBid) => OUTCOMES.flatMap((outcome) => ADS_OUTCOMES.map((ads) => ({ open, lowBid, outcome, ads })))),
);

/** Every end step of every funnel, with its language. */
const END_STEPS = Object.values(FUNNELS).flatMap((funnel) =>
  funnel.steps.filter((step) => step.kind !== 'form').map((step) => ({ id: funnel.id, language: funnel.language, step })),
);

/** Words that promise an agent this very moment, in either language. */
const NOW = /\bnow\b|right away|\bahora\b|de inmediato/i;

describe('the auto result says what happened to the lead', () => {
  const result = endStep('auto', 'result');
  const text = FUNNEL_TEXT.en.end;
  const rows: Array<[LeadOutcome, string]> = [
    ['stored', 'Thank you! Your quotes are on the way'],
    ['failed', 'Sorry, we could not send your request'],
    ['unknown', 'Compare your quotes with an agent'],
  ];
  for (const [outcome, title] of rows) {
    for (const open of [true, false]) {
      test(`${outcome}, ${open ? 'inside' : 'outside'} working hours: "${title}"`, () => {
        const plan = planEndScreen(result, text, { outcome, open, lowBid: false, ads: 'unknown' }, AC);
        assert.equal(plan.title, title);
      });
    }
  }

  test('only a stored lead is told its quotes are on the way, in either language', () => {
    for (const language of ['en', 'es'] as const) {
      const step = localizeStep(AUTO_RESULT_STEP, language);
      for (const facts of FACTS) {
        const plan = planEndScreen(step, FUNNEL_TEXT[language].end, facts, AC);
        const claims = /on the way|en camino|preparing your quotes|preparando sus cotizaciones/i.test(`${plan.title} ${plan.description}`);
        assert.equal(claims, facts.outcome === 'stored', `${language} ${JSON.stringify(facts)}`);
      }
    }
  });

  test('a failed lead is told plainly and asked to call, phone first', () => {
    for (const facts of FACTS.filter((candidate) => candidate.outcome === 'failed')) {
      const plan = planEndScreen(result, text, facts, AC);
      assert.match(plan.title, /could not send/);
      assert.match(plan.description!, /call us/);
      assert.deepEqual(plan.blocks, facts.lowBid || !facts.open ? ['call', 'ads'] : ['call'], JSON.stringify(facts));
    }
  });

  test('the call screens never speak of the lead: the Medicare lead is call-routed, the call is the way forward', () => {
    const call = endStep('medicare', 'call');
    for (const open of [true, false]) {
      const titles = OUTCOMES.map((outcome) => planEndScreen(call, text, { outcome, open, lowBid: false, ads: 'unknown' }, AC).title);
      assert.equal(new Set(titles).size, 1);
    }
  });
});

describe('block order', () => {
  const rows: Array<[string, StepKind, Pick<EndScreenFacts, 'open' | 'lowBid'>, EndBlock[]]> = [
    ['medicare', 'call', { open: true, lowBid: false }, ['call']],
    ['medicare', 'call', { open: true, lowBid: true }, ['ads', 'call']],
    ['medicare', 'call', { open: false, lowBid: false }, ['ads', 'call']],
    ['medicare', 'call', { open: false, lowBid: true }, ['ads', 'call']],
    ['auto', 'result', { open: true, lowBid: false }, ['call']],
    ['auto', 'result', { open: true, lowBid: true }, ['ads', 'call']],
    ['auto', 'result', { open: false, lowBid: false }, ['ads', 'call']],
    // The ads screen: an agent can answer now, so the phone is not left below the list.
    ['ads', 'ads', { open: true, lowBid: false }, ['call', 'ads']],
    ['ads', 'ads', { open: true, lowBid: true }, ['call', 'ads']],
    ['ads', 'ads', { open: false, lowBid: false }, ['ads', 'call']],
    ['ads', 'ads', { open: false, lowBid: true }, ['ads', 'call']],
  ];
  for (const [id, kind, facts, blocks] of rows) {
    for (const outcome of ['unknown', 'stored'] as const) {
      test(`${id} ${kind}, ${facts.open ? 'open' : 'closed'}, ${facts.lowBid ? 'low bid' : 'high bid or no result'}, lead ${outcome}: ${blocks.join(' then ')}${blocks.length === 1 ? ' only' : ''}`, () => {
        for (const ads of ADS_OUTCOMES) {
          assert.deepEqual(planEndScreen(endStep(id, kind), FUNNEL_TEXT.en.end, { ...facts, outcome, ads }, AC).blocks, blocks, `ads ${ads}`);
        }
      });
    }
  }
});

describe('the ads screen says what the ad list came to', () => {
  const rows: Array<[AdsOutcome, string, string | undefined]> = [
    ['unknown', 'Plans in your area', undefined],
    ['shown', 'Plans in your area', 'These plans and offers are available in your ZIP code.'],
    ['none', 'No offers available at the moment', 'We have no plans or offers to show for your ZIP code at the moment. The call is free, with no obligation.'],
  ];
  for (const [ads, title, description] of rows) {
    test(`${ads}: "${title}"${description ? '' : ' and no promise of offers'}`, () => {
      for (const open of [true, false]) {
        const plan = planEndScreen(endStep('ads', 'ads'), FUNNEL_TEXT.en.end, { outcome: 'unknown', open, lowBid: false, ads }, AC);
        assert.equal(plan.title, title);
        assert.equal(plan.description, description);
        assert.ok(plan.blocks.includes('call'), 'the call box shows');
      }
    });
  }

  test('in Spanish too: offers promised only once shown, none said plainly', () => {
    const ads = endStep('ads-es', 'ads');
    const words = (outcome: AdsOutcome) => {
      const plan = planEndScreen(ads, FUNNEL_TEXT.es.end, { outcome: 'unknown', open: true, lowBid: false, ads: outcome }, AC);
      return `${plan.title} ${plan.description ?? ''}`;
    };
    assert.doesNotMatch(words('unknown'), /ofertas/);
    assert.match(words('shown'), /Estos planes y ofertas están disponibles/);
    assert.match(words('none'), /^No hay ofertas en este momento/);
  });
});

describe('working hours', () => {
  for (const { id, language, step } of END_STEPS) {
    test(`${id} ${step.kind}: outside hours no "now", the hours instead; inside hours no hours sentence`, () => {
      const text = FUNNEL_TEXT[language].end;
      for (const facts of FACTS) {
        const plan = planEndScreen(step, text, facts, AC);
        const words = [plan.title, plan.description, plan.agentNow, plan.agentHours].filter(Boolean).join(' ');
        if (facts.open) {
          assert.equal(plan.agentHours, undefined);
        } else {
          assert.doesNotMatch(words, NOW, `${JSON.stringify(facts)}: ${words}`);
          assert.equal(plan.agentHours, agentHoursSentence(language, AC));
          assert.equal(plan.blocks[0], step.kind === 'result' && facts.outcome === 'failed' ? 'call' : 'ads', 'the online path first');
        }
      }
    });
  }

  test('the ads screen offers an agent right away inside hours only', () => {
    const ads = endStep('ads', 'ads');
    assert.equal(planEndScreen(ads, FUNNEL_TEXT.en.end, { outcome: 'unknown', open: true, lowBid: false, ads: 'shown' }, AC).agentNow, 'You can talk to a licensed insurance agent right away.');
    assert.equal(
      planEndScreen(ads, FUNNEL_TEXT.en.end, { outcome: 'unknown', open: true, lowBid: false, ads: 'none' }, EMILY).agentNow,
      'You can talk to a licensed insurance agency we work with right away.',
    );
    assert.equal(planEndScreen(ads, FUNNEL_TEXT.en.end, { outcome: 'unknown', open: false, lowBid: false, ads: 'shown' }, AC).agentNow, undefined);
    assert.doesNotMatch(ads.description ?? '', NOW, 'the step words themselves promise nothing');
  });

  test('the Medicare call screen keeps its "now" title inside hours', () => {
    assert.match(planEndScreen(endStep('medicare', 'call'), FUNNEL_TEXT.en.end, { outcome: 'unknown', open: true, lowBid: false, ads: 'unknown' }, AC).title, /help you now$/);
  });
});

describe('the availability sentence, from WORKING_HOURS', () => {
  const rows: Array<[LeadLanguage, string, string]> = [
    ['en', 'agency', 'Licensed agents are available Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3 pm, Pacific time.'],
    ['es', 'agency', 'Los agentes autorizados atienden de lunes a viernes, de 5 a. m. a 5 p. m., y los sábados, de 6 a. m. a 3 p. m., hora del Pacífico.'],
    ['en', 'other', 'A licensed insurance agency we work with takes calls Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3 pm, Pacific time.'],
    [
      'es',
      'other',
      'Una agencia de seguros autorizada con la que trabajamos atiende de lunes a viernes, de 5 a. m. a 5 p. m., y los sábados, de 6 a. m. a 3 p. m., hora del Pacífico.',
    ],
  ];
  for (const [language, kind, sentence] of rows) {
    test(`${language}, ${kind === 'agency' ? 'an agency brand' : 'a brand that is not an agency'}`, () => {
      const brand = kind === 'agency' ? AC : EMILY;
      assert.equal(agentHoursSentence(language, brand), sentence);
      assert.equal(FUNNEL_TEXT[language].end.agentHours(brand), sentence);
    });
  }

  test('other hours make other words: runs of equal days, minutes, noon and midnight, closed days left out', () => {
    const hours = {
      1: null,
      2: { opens: '09:30', closes: '12:00' },
      3: { opens: '09:30', closes: '12:00' },
      4: null,
      5: { opens: '00:00', closes: '23:30' },
      6: null,
      7: { opens: '10:00', closes: '14:00' },
    } as const;
    assert.deepEqual(openingGroups(hours).map((group) => [group.first, group.last]), [[2, 3], [5, 5], [7, 7]]);
    assert.equal(
      agentHoursSentence('en', AC, hours),
      'Licensed agents are available Tuesday to Wednesday, 9:30 am to 12 pm, Friday, 12 am to 11:30 pm, and Sunday, 10 am to 2 pm, Pacific time.',
    );
    assert.equal(
      agentHoursSentence('es', AC, hours),
      'Los agentes autorizados atienden de martes a miércoles, de 9:30 a. m. a 12 p. m., los viernes, de 12 a. m. a 11:30 p. m., y los domingos, de 10 a. m. a 2 p. m., hora del Pacífico.',
    );
  });
});
