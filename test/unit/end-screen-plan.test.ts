/**
 * What the end screens say and in which order (issue 8), as a table: the auto result's title per
 * lead outcome; no "now" / "right away" outside working hours, with the availability sentence
 * built from WORKING_HOURS; the ads before the call on a low bid or outside hours, the phone
 * alone inside hours with a high bid or no result, and always the phone first when the lead failed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { localizeStep } from '../../src/core/funnels/localize.ts';
import { AUTO_RESULT_STEP } from '../../src/core/funnels/step-library.ts';
import type { FunnelStep, StepKind } from '../../src/core/funnels/types.ts';
import type { LeadLanguage } from '../../src/core/leads/localized.ts';
import { agentHoursSentence, openingGroups } from '../../src/ui/funnel/agent-hours.ts';
import { planEndScreen, type EndBlock, type EndScreenFacts } from '../../src/ui/funnel/end-screen-plan.ts';
import type { LeadOutcome } from '../../src/ui/funnel/lead-outcome.ts';
import { FUNNEL_TEXT } from '../../src/ui/funnel/text.ts';

/** The end step of kind `kind` in the funnel `id`. */
function endStep(id: string, kind: StepKind): FunnelStep {
  const step = FUNNELS[id]!.steps.find((candidate) => candidate.kind === kind);
  assert.ok(step, `${id} has a ${kind} step`);
  return step;
}

const OUTCOMES: readonly LeadOutcome[] = ['unknown', 'stored', 'failed'];
const FACTS: EndScreenFacts[] = [true, false].flatMap((open) => [true, false].flatMap((lowBid) => OUTCOMES.map((outcome) => ({ open, lowBid, outcome }))));

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
        const plan = planEndScreen(result, text, { outcome, open, lowBid: false });
        assert.equal(plan.title, title);
      });
    }
  }

  test('only a stored lead is told its quotes are on the way, in either language', () => {
    for (const language of ['en', 'es'] as const) {
      const step = localizeStep(AUTO_RESULT_STEP, language);
      for (const facts of FACTS) {
        const plan = planEndScreen(step, FUNNEL_TEXT[language].end, facts);
        const claims = /on the way|en camino|preparing your quotes|preparando sus cotizaciones/i.test(`${plan.title} ${plan.description}`);
        assert.equal(claims, facts.outcome === 'stored', `${language} ${JSON.stringify(facts)}`);
      }
    }
  });

  test('a failed lead is told plainly and asked to call, phone first', () => {
    for (const facts of FACTS.filter((candidate) => candidate.outcome === 'failed')) {
      const plan = planEndScreen(result, text, facts);
      assert.match(plan.title, /could not send/);
      assert.match(plan.description!, /call us/);
      assert.deepEqual(plan.blocks, facts.lowBid || !facts.open ? ['call', 'ads'] : ['call'], JSON.stringify(facts));
    }
  });

  test('the call screens never speak of the lead: the Medicare lead is call-routed, the call is the way forward', () => {
    const call = endStep('medicare', 'call');
    for (const open of [true, false]) {
      const titles = OUTCOMES.map((outcome) => planEndScreen(call, text, { outcome, open, lowBid: false }).title);
      assert.equal(new Set(titles).size, 1);
    }
  });
});

describe('block order', () => {
  const rows: Array<[string, StepKind, Omit<EndScreenFacts, 'outcome'>, EndBlock[]]> = [
    ['medicare', 'call', { open: true, lowBid: false }, ['call']],
    ['medicare', 'call', { open: true, lowBid: true }, ['ads', 'call']],
    ['medicare', 'call', { open: false, lowBid: false }, ['ads', 'call']],
    ['medicare', 'call', { open: false, lowBid: true }, ['ads', 'call']],
    ['auto', 'result', { open: true, lowBid: false }, ['call']],
    ['auto', 'result', { open: true, lowBid: true }, ['ads', 'call']],
    ['auto', 'result', { open: false, lowBid: false }, ['ads', 'call']],
    ['ads', 'ads', { open: true, lowBid: false }, ['ads', 'call']],
    ['ads', 'ads', { open: false, lowBid: true }, ['ads', 'call']],
  ];
  for (const [id, kind, facts, blocks] of rows) {
    for (const outcome of ['unknown', 'stored'] as const) {
      test(`${id} ${kind}, ${facts.open ? 'open' : 'closed'}, ${facts.lowBid ? 'low bid' : 'high bid or no result'}, lead ${outcome}: ${blocks.join(' then ')}${blocks.length === 1 ? ' only' : ''}`, () => {
        assert.deepEqual(planEndScreen(endStep(id, kind), FUNNEL_TEXT.en.end, { ...facts, outcome }).blocks, blocks);
      });
    }
  }
});

describe('working hours', () => {
  for (const { id, language, step } of END_STEPS) {
    test(`${id} ${step.kind}: outside hours no "now", the hours instead; inside hours no hours sentence`, () => {
      const text = FUNNEL_TEXT[language].end;
      for (const facts of FACTS) {
        const plan = planEndScreen(step, text, facts);
        const words = [plan.title, plan.description, plan.agentNow, plan.agentHours].filter(Boolean).join(' ');
        if (facts.open) {
          assert.equal(plan.agentHours, undefined);
        } else {
          assert.doesNotMatch(words, NOW, `${JSON.stringify(facts)}: ${words}`);
          assert.equal(plan.agentHours, agentHoursSentence(language));
          assert.equal(plan.blocks[0], step.kind === 'result' && facts.outcome === 'failed' ? 'call' : 'ads', 'the online path first');
        }
      }
    });
  }

  test('the ads screen offers an agent right away inside hours only', () => {
    const ads = endStep('ads', 'ads');
    assert.equal(planEndScreen(ads, FUNNEL_TEXT.en.end, { outcome: 'unknown', open: true, lowBid: false }).agentNow, 'You can also talk to a licensed agent right away.');
    assert.equal(planEndScreen(ads, FUNNEL_TEXT.en.end, { outcome: 'unknown', open: false, lowBid: false }).agentNow, undefined);
    assert.doesNotMatch(ads.description ?? '', NOW, 'the step words themselves promise nothing');
  });

  test('the Medicare call screen keeps its "now" title inside hours', () => {
    assert.match(planEndScreen(endStep('medicare', 'call'), FUNNEL_TEXT.en.end, { outcome: 'unknown', open: true, lowBid: false }).title, /help you now$/);
  });
});

describe('the availability sentence, from WORKING_HOURS', () => {
  const rows: Array<[LeadLanguage, string]> = [
    ['en', 'Licensed agents are available Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3 pm, Pacific time.'],
    ['es', 'Los agentes autorizados atienden de lunes a viernes, de 5 a. m. a 5 p. m., y los sábados, de 6 a. m. a 3 p. m., hora del Pacífico.'],
  ];
  for (const [language, sentence] of rows) {
    test(language, () => {
      assert.equal(agentHoursSentence(language), sentence);
      assert.equal(FUNNEL_TEXT[language].end.agentHours, sentence);
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
      agentHoursSentence('en', hours),
      'Licensed agents are available Tuesday to Wednesday, 9:30 am to 12 pm, Friday, 12 am to 11:30 pm, and Sunday, 10 am to 2 pm, Pacific time.',
    );
    assert.equal(
      agentHoursSentence('es', hours),
      'Los agentes autorizados atienden de martes a miércoles, de 9:30 a. m. a 12 p. m., los viernes, de 12 a. m. a 11:30 p. m., y los domingos, de 10 a. m. a 2 p. m., hora del Pacífico.',
    );
  });
});
