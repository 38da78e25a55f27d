/**
 * What the end screens say and in which order, as a table: the auto result's title per lead
 * outcome, life and health thanking only a stored lead; inside working hours the call box first
 * (the ads after it on a low bid or the ads screen, the phone alone otherwise); outside them no
 * "now" / "right away", the closed notice with the next opening first, the call-back request,
 * then the ads, then the phone; the ads screen's words per ad-list outcome; every word filled for
 * the brand (an agency's licensed agents, or the licensed agency a brand works with).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { localizeStep } from '../../src/core/funnels/localize.ts';
import { AUTO_RESULT_STEP, LIFE_CALL_STEP } from '../../src/core/funnels/step-library.ts';
import type { FunnelStep, StepKind } from '../../src/core/funnels/types.ts';
import type { LeadLanguage } from '../../src/core/leads/localized.ts';
import { agentHoursSentence, openingGroups } from '../../src/ui/funnel/agent-hours.ts';
import { planEndScreen, type AdsOutcome, type EndBlock, type EndScreenFacts } from '../../src/ui/funnel/end-screen-plan.ts';
import type { LeadOutcome } from '../../src/ui/funnel/lead-outcome.ts';
import { END_TEXT } from '../../src/ui/funnel/end-text.ts';

/** The end step of kind `kind` in the funnel `id`. */
function endStep(id: string, kind: StepKind): FunnelStep {
  const step = FUNNELS[id]!.steps.find((candidate) => candidate.kind === kind);
  assert.ok(step, `${id} has a ${kind} step`);
  return step;
}

/** An agency brand (its own licensed agents) and a brand that works with a licensed agency. */
const AC = brandById('ac')!;
const EMILY = brandById('emily')!;

const OPENING = 'Monday at 8 a.m. Eastern';
const OUTCOMES: readonly LeadOutcome[] = ['unknown', 'stored', 'failed'];
const ADS_OUTCOMES: readonly AdsOutcome[] = ['unknown', 'shown', 'none'];
/** Every state an end screen can be in, but its product (the funnel's); closed ones know the next opening. */
const FACTS: Array<Omit<EndScreenFacts, 'product'>> = [true, false].flatMap((open) =>
  [true, false].flatMap((lowBid) => OUTCOMES.flatMap((outcome) => ADS_OUTCOMES.map((ads) => ({ open, lowBid, outcome, ads, ...(open ? {} : { opening: OPENING }) })))),
);

/** Every end step of every funnel, with its language. */
const END_STEPS = Object.values(FUNNELS).flatMap((funnel) =>
  funnel.steps.filter((step) => step.kind !== 'form').map((step) => ({ id: funnel.id, language: funnel.language, product: funnel.product, step })),
);

/** The plan of funnel `id`'s end step of kind `kind` in state `facts`, in the funnel's language, for `brand`. */
function planOf(id: string, kind: StepKind, facts: Omit<EndScreenFacts, 'product'>, brand = AC) {
  const funnel = FUNNELS[id]!;
  return planEndScreen(endStep(id, kind), END_TEXT[funnel.language], { ...facts, product: funnel.product }, brand);
}

/** Words that promise an agent this very moment, in either language. */
const NOW = /\bnow\b|right away|\bahora\b|de inmediato/i;

describe('the auto result says what happened to the lead', () => {
  const rows: Array<[LeadOutcome, string]> = [
    ['stored', 'Thank you! Your quotes are on the way'],
    ['failed', 'Sorry, we could not send your request'],
    ['unknown', 'Compare your quotes with an agent'],
  ];
  for (const [outcome, title] of rows) {
    for (const open of [true, false]) {
      test(`${outcome}, ${open ? 'inside' : 'outside'} working hours: "${title}"`, () => {
        assert.equal(planOf('auto', 'result', { outcome, open, lowBid: false, ads: 'unknown', opening: OPENING }).title, title);
      });
    }
  }

  test('a stored lead is told its quotes come by phone and email from the companies in the consent', () => {
    const plan = planOf('auto', 'result', { outcome: 'stored', open: true, lowBid: false, ads: 'unknown' });
    assert.match(plan.description!, /come by phone and email from the companies named in the consent you agreed to/);
  });

  test('only a stored lead is told its quotes are on the way, in either language', () => {
    for (const language of ['en', 'es'] as const) {
      const step = localizeStep(AUTO_RESULT_STEP, language);
      for (const facts of FACTS) {
        const plan = planEndScreen(step, END_TEXT[language], { ...facts, product: 'auto' }, AC);
        const claims = /on the way|en camino|received|recibimos/i.test(`${plan.title} ${plan.description}`);
        assert.equal(claims, facts.outcome === 'stored', `${language} ${JSON.stringify(facts)}`);
      }
    }
  });

  test('a failed lead is told plainly and asked to call, the phone first whenever it can be answered', () => {
    for (const facts of FACTS.filter((candidate) => candidate.outcome === 'failed')) {
      const plan = planOf('auto', 'result', facts);
      assert.match(plan.title, /could not send/);
      assert.match(plan.description!, /call us/);
      assert.deepEqual(plan.blocks, !facts.open ? ['closed', 'callback', 'ads', 'call'] : facts.lowBid ? ['call', 'ads'] : ['call'], JSON.stringify(facts));
    }
  });

  test('the Medicare call screens never speak of the lead: the Medicare lead is call-routed, the call is the way forward', () => {
    for (const id of ['medicare', 'medicare-call', 'medicare-es']) {
      for (const open of [true, false]) {
        const titles = OUTCOMES.map((outcome) => planOf(id, 'call', { outcome, open, lowBid: false, ads: 'unknown', opening: OPENING }).title);
        assert.equal(new Set(titles).size, 1, id);
      }
    }
  });
});

describe('life and health confirm a stored lead', () => {
  const rows: Array<[id: string, outcome: LeadOutcome, title: string, description: RegExp | undefined]> = [
    ['life', 'stored', 'Thank you! We received your request', /^We received your answers and contact details for your life insurance quotes\. A licensed insurance agent will call you from \(\d{3}\) \d{3}-\d{4} to go over them with you\. Licensed agents are available Monday to Friday, 5 am to 5 pm, and Saturday, 6 am to 3 pm, Pacific time\.$/],
    ['health', 'stored', 'Thank you! We received your request', /^We received your answers and contact details for your health insurance quotes\. A licensed insurance agent will call you from \(\d{3}\) \d{3}-\d{4}/],
    ['life', 'failed', 'Sorry, we could not send your request', /call us/],
    ['health', 'failed', 'Sorry, we could not send your request', /call us/],
    ['life', 'unknown', 'Good news: a licensed insurance agent can help you with life insurance now', undefined],
    ['health', 'unknown', 'Good news: a licensed insurance agent can help you with health insurance now', undefined],
  ];
  for (const [id, outcome, title, description] of rows) {
    test(`${id}, lead ${outcome}, inside hours: "${title}"`, () => {
      const plan = planOf(id, 'call', { outcome, open: true, lowBid: false, ads: 'unknown' });
      assert.equal(plan.title, title);
      if (description) assert.match(plan.description!, description);
    });
  }

  test('outside hours a stored lead is still thanked, the closed notice under it; the Medicare call screen says nothing of a lead', () => {
    const plan = planOf('life', 'call', { outcome: 'stored', open: false, lowBid: false, ads: 'unknown', opening: OPENING });
    assert.equal(plan.title, 'Thank you! We received your request');
    assert.deepEqual(plan.blocks, ['closed', 'callback', 'ads', 'call']);
    assert.doesNotMatch(planOf('medicare', 'call', { outcome: 'stored', open: true, lowBid: false, ads: 'unknown' }).title, /Thank you/);
  });

  test('in Spanish for a brand that is not an agency', () => {
    const step = localizeStep(LIFE_CALL_STEP, 'es');
    const plan = planEndScreen(step, END_TEXT.es, { outcome: 'stored', open: true, lowBid: false, ads: 'unknown', product: 'life' }, EMILY);
    assert.equal(plan.title, '¡Gracias! Recibimos su solicitud');
    assert.match(plan.description!, /^Recibimos sus respuestas y sus datos de contacto para sus cotizaciones de seguro de vida\. Una agencia de seguros autorizada con la que trabajamos le llamará desde el \(\d{3}\) \d{3}-\d{4}/);
  });
});

describe('block order', () => {
  const CLOSED: EndBlock[] = ['closed', 'callback', 'ads', 'call'];
  const rows: Array<[string, StepKind, Pick<EndScreenFacts, 'open' | 'lowBid'>, EndBlock[]]> = [
    ['medicare', 'call', { open: true, lowBid: false }, ['call']],
    ['medicare', 'call', { open: true, lowBid: true }, ['call', 'ads']],
    ['medicare', 'call', { open: false, lowBid: false }, CLOSED],
    ['medicare', 'call', { open: false, lowBid: true }, CLOSED],
    ['auto', 'result', { open: true, lowBid: false }, ['call']],
    ['auto', 'result', { open: true, lowBid: true }, ['call', 'ads']],
    ['auto', 'result', { open: false, lowBid: false }, CLOSED],
    ['auto', 'result', { open: false, lowBid: true }, CLOSED],
    ['life', 'call', { open: true, lowBid: true }, ['call', 'ads']],
    ['life', 'call', { open: false, lowBid: false }, CLOSED],
    ['health', 'call', { open: true, lowBid: false }, ['call']],
    ['health', 'call', { open: false, lowBid: true }, CLOSED],
    // The ads screen: an agent can answer now, so the phone is not left below the list.
    ['ads', 'ads', { open: true, lowBid: false }, ['call', 'ads']],
    ['ads', 'ads', { open: true, lowBid: true }, ['call', 'ads']],
    ['ads', 'ads', { open: false, lowBid: false }, CLOSED],
    ['ads', 'ads', { open: false, lowBid: true }, CLOSED],
  ];
  for (const [id, kind, facts, blocks] of rows) {
    for (const outcome of ['unknown', 'stored'] as const) {
      test(`${id} ${kind}, ${facts.open ? 'open' : 'closed'}, ${facts.lowBid ? 'low bid' : 'high bid or no result'}, lead ${outcome}: ${blocks.join(' then ')}${blocks.length === 1 ? ' only' : ''}`, () => {
        for (const ads of ADS_OUTCOMES) {
          assert.deepEqual(planOf(id, kind, { ...facts, outcome, ads, opening: OPENING }).blocks, blocks, `ads ${ads}`);
        }
      });
    }
  }

  test('whenever someone can answer, the call box is the first block, before the words; no ad ever comes before the notice and the call-back form', () => {
    for (const { id, step } of END_STEPS) {
      for (const facts of FACTS) {
        const { blocks, leading } = planOf(id, step.kind, facts);
        assert.deepEqual(blocks.slice(0, leading), facts.open ? ['call'] : ['closed', 'callback'], `${id} ${JSON.stringify(facts)}: before the description`);
        if (facts.open) assert.equal(blocks[0], 'call', `${id} ${JSON.stringify(facts)}`);
        else assert.ok(blocks.indexOf('ads') > blocks.indexOf('closed') && blocks.indexOf('ads') > blocks.indexOf('callback') && blocks[0] === 'closed', `${id} ${JSON.stringify(facts)}`);
      }
    }
  });
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
        const plan = planOf('ads', 'ads', { outcome: 'unknown', open, lowBid: false, ads, opening: OPENING });
        assert.equal(plan.title, title);
        assert.equal(plan.description, description);
        assert.ok(plan.blocks.includes('call'), 'the call box shows');
      }
    });
  }

  test('in Spanish too: offers promised only once shown, none said plainly', () => {
    const words = (outcome: AdsOutcome) => {
      const plan = planOf('ads-es', 'ads', { outcome: 'unknown', open: true, lowBid: false, ads: outcome });
      return `${plan.title} ${plan.description ?? ''}`;
    };
    assert.doesNotMatch(words('unknown'), /ofertas/);
    assert.match(words('shown'), /Estos planes y ofertas están disponibles/);
    assert.match(words('none'), /^No hay ofertas en este momento/);
  });

  test('the heading over the ads is honest in both languages', () => {
    assert.equal(planOf('ads', 'ads', { outcome: 'unknown', open: false, lowBid: false, ads: 'shown', opening: OPENING }).adsHeading, 'Other plans you can look at now');
    assert.equal(planOf('ads-es', 'ads', { outcome: 'unknown', open: false, lowBid: false, ads: 'shown', opening: OPENING }).adsHeading, 'Otros planes que puede ver ahora');
  });
});

describe('working hours', () => {
  for (const { id, language, step } of END_STEPS) {
    test(`${id} ${step.kind}: outside hours no "now" in the headline and words, the notice says when lines open; inside hours no notice`, () => {
      for (const facts of FACTS) {
        const plan = planOf(id, step.kind, facts);
        const words = [plan.title, plan.description, plan.agentNow, plan.closed?.title, plan.closed?.opensAgain, plan.callLabel].filter(Boolean).join(' ');
        if (facts.open) {
          assert.equal(plan.closed, undefined);
        } else {
          assert.doesNotMatch(words, NOW, `${JSON.stringify(facts)}: ${words}`);
          assert.equal(plan.closed?.opensAgain, END_TEXT[language].closed.opensAgain(OPENING));
          assert.equal(plan.blocks[0], 'closed');
        }
      }
    });
  }

  test('the notice, in both languages', () => {
    assert.deepEqual(planOf('medicare', 'call', { outcome: 'unknown', open: false, lowBid: false, ads: 'unknown', opening: 'Monday at 8 a.m. Eastern' }).closed, {
      title: 'Our phone lines are closed',
      opensAgain: 'We open again Monday at 8 a.m. Eastern. Ask for a free call back below, or call us then.',
    });
    assert.deepEqual(planOf('medicare-es', 'call', { outcome: 'unknown', open: false, lowBid: false, ads: 'unknown', opening: 'el lunes a las 8 a. m., hora del Este' }).closed, {
      title: 'Nuestras líneas telefónicas están cerradas',
      opensAgain: 'Volvemos a abrir el lunes a las 8 a. m., hora del Este. Pida abajo una llamada gratuita, o llámenos entonces.',
    });
    assert.deepEqual(planOf('medicare', 'call', { outcome: 'unknown', open: false, lowBid: false, ads: 'unknown' }).closed, { title: 'Our phone lines are closed' }, 'an unknown opening is not made up');
  });

  test('the ads screen offers an agent right away inside hours only', () => {
    assert.equal(planOf('ads', 'ads', { outcome: 'unknown', open: true, lowBid: false, ads: 'shown' }).agentNow, 'You can talk to a licensed insurance agent right away.');
    assert.equal(planOf('ads', 'ads', { outcome: 'unknown', open: true, lowBid: false, ads: 'none' }, EMILY).agentNow, 'You can talk to a licensed insurance agency we work with right away.');
    assert.equal(planOf('ads', 'ads', { outcome: 'unknown', open: false, lowBid: false, ads: 'shown', opening: OPENING }).agentNow, undefined);
    assert.doesNotMatch(endStep('ads', 'ads').description ?? '', NOW, 'the step words themselves promise nothing');
  });

  test('the Medicare call screen keeps its "now" title inside hours', () => {
    assert.match(planOf('medicare', 'call', { outcome: 'unknown', open: true, lowBid: false, ads: 'unknown' }).title, /help you now$/);
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
      assert.equal(END_TEXT[language].agentHours(brand), sentence);
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
