/**
 * The end screens as rendered (server HTML and happy-dom): the auto result's title follows the
 * lead store (none, pending, stored, failed) and a no-JavaScript post's outcome; a low bid from
 * the demand check puts the ads above the call box (a high bid or none: the phone alone, as
 * before); outside working hours no "now" and the availability sentence in the call box, the ads
 * first; inside hours the phone first. The ads screen: inside hours the phone before
 * the list, its words promising offers only once the list is shown, and saying there are none
 * when the marketplace had none.
 */
import { loadEveryPart } from '../../src/ui/lazy-part.tsx';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { brandById } from '../../brands/index.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import type { FunnelStep } from '../../src/core/funnels/types.ts';
import type { DemandCheckResult } from '../../src/core/marketplace/responses.ts';
import type { FunnelFormState } from '../../src/core/payload/types.ts';
import { sandboxAdList } from '../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { EndScreen } from '../../src/ui/funnel/EndScreen.tsx';
import { agentHoursSentence } from '../../src/ui/funnel/agent-hours.ts';
import { FUNNEL_TEXT } from '../../src/ui/funnel/text.ts';
import { PageFactsProvider } from '../../src/ui/page-facts.tsx';
import { RuntimeProvider, SERVER_RUNTIME, type LeadCaptureState, type Runtime } from '../../src/ui/runtime.tsx';

// React DOM renders into happy-dom; `act` flushes effects. The ad serve script is never loaded.
const happy = new HappyWindow({ url: 'https://ac.localhost/quiz/auto/result', settings: { disableJavaScriptFileLoading: true } });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
// Every lazy part's chunk in first (the ad list, the call-back form), as a browser that loaded them shows them.
before(() => loadEveryPart());
const { createRoot } = await import('react-dom/client');
after(() => happy.happyDOM.close());

/** An agency brand: its own licensed agents answer. */
const BRAND = brandById('ac')!;

const LIST = sandboxAdList({ baseUrl: 'https://ads.example', product: 'medicare', topBid: 26, count: 2, requestId: 'req-1', time: 0.004 });

/** A store for useSyncExternalStore whose value the test sets. */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => value,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A runtime with settable lead and demand stores, counting ad fetches; `ads: false` has the marketplace answer no ads. */
function testRuntime(lead: LeadCaptureState = { status: 'none' }, demand?: DemandCheckResult, ads = true) {
  const leads = store<LeadCaptureState>(lead);
  const results = store<DemandCheckResult | undefined>(demand);
  const fetches = { count: 0 };
  const runtime: Runtime = {
    ...SERVER_RUNTIME,
    leads: { getSnapshot: leads.getSnapshot, subscribe: leads.subscribe, capture: async () => leads.getSnapshot() },
    demand: { getSnapshot: results.getSnapshot, subscribe: results.subscribe },
    ads: { fetchAds: async () => (fetches.count++, ads ? LIST : undefined) },
  };
  return { runtime, leads, results, fetches };
}

function endStep(id: string): FunnelStep {
  return FUNNELS[id]!.steps.find((step) => step.kind !== 'form')!;
}

interface ScreenOptions {
  id: string;
  runtime: Runtime;
  open: boolean;
  postedLead?: FunnelFormState['lead'];
}

function screen({ id, runtime, open, postedLead }: ScreenOptions) {
  const funnel = FUNNELS[id]!;
  return createElement(
    RuntimeProvider,
    { value: runtime },
    createElement(
      PageFactsProvider,
      { value: { language: funnel.language === 'es' ? 'spanish' : 'english', workingHours: open } },
      createElement(EndScreen, {
        funnelId: funnel.id,
        step: endStep(id),
        brand: BRAND,
        text: FUNNEL_TEXT[funnel.language],
        language: funnel.language,
        product: funnel.product,
        ...(postedLead ? { postedLead } : {}),
      }),
    ),
  );
}

async function mount(options: ScreenOptions) {
  const container = happy.document.createElement('div');
  happy.document.body.appendChild(container);
  const root = createRoot(container as unknown as Element);
  await act(async () => root.render(screen(options)));
  return { container: container as unknown as HTMLElement, root };
}

const title = (container: ParentNode) => container.querySelector('h2')!.textContent;
const blocks = (container: ParentNode) => [...container.querySelectorAll('[data-end-block]')].map((block) => block.getAttribute('data-end-block'));

describe('the auto result title follows the lead', () => {
  const rows: Array<[string, LeadCaptureState, string]> = [
    ['nothing sent (opened directly)', { status: 'none' }, 'Compare your quotes with an agent'],
    ['still sending', { status: 'pending', funnel: 'auto' }, 'Compare your quotes with an agent'],
    ['stored', { status: 'stored', funnel: 'auto', leadId: 'l1', leadStatus: 'captured' }, 'Thank you! Your quotes are on the way'],
    ['failed', { status: 'failed', funnel: 'auto' }, 'Sorry, we could not send your request'],
    ["another funnel's lead", { status: 'stored', funnel: 'medicare', leadId: 'l2', leadStatus: 'call-routed' }, 'Compare your quotes with an agent'],
  ];
  for (const [label, lead, expected] of rows) {
    test(`${label}: "${expected}"`, async () => {
      const { container, root } = await mount({ id: 'auto', runtime: testRuntime(lead).runtime, open: true });
      assert.equal(title(container), expected);
      assert.equal(container.querySelector('[data-lead-outcome]')!.getAttribute('data-lead-outcome'), lead.status === 'stored' && lead.funnel === 'auto' ? 'stored' : lead.status === 'failed' ? 'failed' : 'unknown');
      await act(async () => root.unmount());
    });
  }

  test('the title changes when the store answers', async () => {
    const { runtime, leads } = testRuntime({ status: 'pending', funnel: 'auto' });
    const { container, root } = await mount({ id: 'auto', runtime, open: true });
    assert.equal(title(container), 'Compare your quotes with an agent');
    await act(async () => leads.set({ status: 'failed', funnel: 'auto' }));
    assert.equal(title(container), 'Sorry, we could not send your request');
    assert.deepEqual(blocks(container), ['call'], 'the phone');
    await act(async () => root.unmount());
  });

  // Server HTML: the lead store is never read there; a no-JavaScript post's outcome is in the payload.
  const posted: Array<[string, FunnelFormState['lead'] | undefined, string]> = [
    ['no post', undefined, 'Compare your quotes with an agent'],
    ['a stored post', { status: 'stored', leadStatus: 'captured' }, 'Thank you! Your quotes are on the way'],
    ['a failed post', { status: 'failed' }, 'Sorry, we could not send your request'],
  ];
  for (const [label, postedLead, expected] of posted) {
    test(`server HTML, ${label}: "${expected}"`, () => {
      const { runtime } = testRuntime({ status: 'stored', funnel: 'auto', leadId: 'l1', leadStatus: 'captured' });
      const host = happy.document.createElement('div');
      host.innerHTML = renderToString(screen({ id: 'auto', runtime, open: true, ...(postedLead ? { postedLead } : {}) }));
      assert.equal(title(host as unknown as HTMLElement), expected);
    });
  }
});

describe('the demand check orders the ads and the call', () => {
  const rows: Array<[string, DemandCheckResult | undefined, string[]]> = [
    ['a low bid: ads first', { bid: 4.5, isLowBid: true }, ['ads', 'call']],
    ['a high bid: the call alone', { bid: 26, isLowBid: false }, ['call']],
    ['no result: the call alone', undefined, ['call']],
  ];
  for (const id of ['medicare', 'auto', 'medicare-es']) {
    for (const [label, result, order] of rows) {
      test(`${id}: ${label}`, async () => {
        const { container, root } = await mount({ id, runtime: testRuntime({ status: 'none' }, result).runtime, open: true });
        assert.deepEqual(blocks(container), order);
        await act(async () => root.unmount());
      });
    }
  }

  test('a low bid answered after the screen is shown adds the ads above the call; ads are fetched only then', async () => {
    const { runtime, results, fetches } = testRuntime();
    const { container, root } = await mount({ id: 'medicare', runtime, open: true });
    assert.deepEqual(blocks(container), ['call']);
    assert.equal(fetches.count, 0, 'no ad list, no ad request');
    await act(async () => results.set({ bid: 3, isLowBid: true }));
    assert.deepEqual(blocks(container), ['ads', 'call']);
    assert.equal(container.querySelectorAll('.ad-card').length, 2);
    assert.equal(fetches.count, 1);
    await act(async () => root.unmount());
  });

  test('a failed lead with a low bid: the phone first, the ads after it, kept in place when the lead fails', async () => {
    const { runtime, leads, fetches } = testRuntime({ status: 'pending', funnel: 'auto' }, { bid: 3, isLowBid: true });
    const { container, root } = await mount({ id: 'auto', runtime, open: true });
    assert.deepEqual(blocks(container), ['ads', 'call']);
    const list = container.querySelector('ul.ad-list');
    assert.ok(list);
    await act(async () => leads.set({ status: 'failed', funnel: 'auto' }));
    assert.deepEqual(blocks(container), ['call', 'ads']);
    assert.equal(container.querySelector('ul.ad-list'), list, 'the same list, moved, not loaded again');
    assert.equal(fetches.count, 1);
    await act(async () => root.unmount());
  });
});

describe('working hours', () => {
  const NOW = /\bnow\b|right away|\bahora\b/i;
  for (const id of ['medicare', 'medicare-es', 'ads', 'ads-es', 'auto', 'medicare-call']) {
    const language = FUNNELS[id]!.language;
    test(`${id}, outside hours: no "now", when agents are available, the online path first`, async () => {
      for (const lead of [{ status: 'none' }, { status: 'stored', funnel: id, leadId: 'l', leadStatus: 'captured' }] as LeadCaptureState[]) {
        // No ads: the advertisers' own words are theirs, only ours are checked.
        const { container, root } = await mount({ id, runtime: testRuntime(lead, undefined, false).runtime, open: false });
        assert.doesNotMatch(container.textContent, NOW);
        assert.equal(container.querySelector('.funnel-call-hours')!.textContent, agentHoursSentence(language, BRAND));
        // The call-back form closes the screen outside hours.
        assert.deepEqual(blocks(container), ['ads', 'call', 'callback']);
        await act(async () => root.unmount());
      }
    });

    test(`${id}, inside hours: ${endStep(id).kind === 'ads' ? 'the phone, then the ads' : 'the phone'}, no hours sentence`, async () => {
      const { container, root } = await mount({ id, runtime: testRuntime().runtime, open: true });
      assert.equal(container.querySelector('.funnel-call-hours'), null);
      assert.deepEqual(blocks(container), endStep(id).kind === 'ads' ? ['call', 'ads'] : ['call']);
      await act(async () => root.unmount());
    });
  }

  test('the auto result outside hours, lead stored: quotes on the way, ads before the call', async () => {
    const { container, root } = await mount({ id: 'auto', runtime: testRuntime({ status: 'stored', funnel: 'auto', leadId: 'l', leadStatus: 'captured' }).runtime, open: false });
    assert.equal(title(container), 'Thank you! Your quotes are on the way');
    assert.deepEqual(blocks(container), ['ads', 'call', 'callback']);
    await act(async () => root.unmount());
  });

  test('the Medicare call screen inside hours still promises an agent now', async () => {
    const { container, root } = await mount({ id: 'medicare', runtime: testRuntime().runtime, open: true });
    assert.equal(title(container), 'Good news: a licensed insurance agent can help you now');
    await act(async () => root.unmount());
  });
});

describe('the ads screen follows its ad list', () => {
  const description = (container: ParentNode) => container.querySelector('.funnel-end-text')?.textContent ?? '';

  test('server HTML promises no offers: the title, the phone, then the (empty) list', () => {
    const host = happy.document.createElement('div');
    host.innerHTML = renderToString(screen({ id: 'ads', runtime: testRuntime().runtime, open: true }));
    assert.equal(title(host as unknown as HTMLElement), 'Plans in your area');
    assert.doesNotMatch(host.textContent, /offers/);
    assert.deepEqual(blocks(host as unknown as HTMLElement), ['call', 'ads']);
  });

  test('ads shown: their promise, the phone first inside hours, the list after it', async () => {
    const { container, root } = await mount({ id: 'ads', runtime: testRuntime().runtime, open: true });
    assert.equal(description(container), 'These plans and offers are available in your ZIP code.');
    assert.equal(container.querySelectorAll('.ad-card').length, 2);
    assert.deepEqual(blocks(container), ['call', 'ads']);
    assert.ok(container.querySelector('.funnel-end-blocks')!.hasAttribute('data-call-first'), 'marked for the side-by-side layout');
    await act(async () => root.unmount());
  });

  for (const open of [true, false]) {
    test(`no ads, ${open ? 'inside' : 'outside'} hours: no offers at the moment, and the call box`, async () => {
      const { container, root } = await mount({ id: 'ads', runtime: testRuntime({ status: 'none' }, undefined, false).runtime, open });
      assert.equal(title(container), 'No offers available at the moment');
      assert.match(description(container), /^We have no plans or offers to show for your ZIP code/);
      assert.doesNotMatch(container.textContent, /These plans and offers/);
      assert.equal(container.querySelectorAll('.ad-card').length, 0);
      assert.ok(container.querySelector('.funnel-call a.funnel-phone'), 'the number to call');
      await act(async () => root.unmount());
    });
  }
});
