/**
 * The end screens as rendered (server HTML and happy-dom): the auto result's title follows the
 * lead store (none, pending, stored, failed) and a no-JavaScript post's outcome; inside working
 * hours the call box comes first and a low bid from the demand check adds the ads under it (a high
 * bid or none: the phone alone); outside working hours no "now", the closed notice first with the
 * next opening in the visitor's zone (Eastern until the IP lookup names one), then the call-back
 * request, the ads, the phone. The ads screen: its words promising offers only once the list is
 * shown, and saying there are none when the marketplace had none.
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
import { phoneForms } from '../../src/core/marketplace/phone.ts';
import type { FunnelStep } from '../../src/core/funnels/types.ts';
import type { DemandCheckResult } from '../../src/core/marketplace/responses.ts';
import type { FunnelFormState } from '../../src/core/payload/types.ts';
import { sandboxAdList } from '../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { EndScreen } from '../../src/ui/funnel/EndScreen.tsx';
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

const LIST = sandboxAdList({ baseUrl: 'https://ads.example', product: 'medicare', language: 'en', topBid: 26, count: 2, requestId: 'req-1', time: 0.004 });

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
function testRuntime(lead: LeadCaptureState = { status: 'none' }, demand?: DemandCheckResult, ads = true, zone = 'America/New_York') {
  const leads = store<LeadCaptureState>(lead);
  const zones = store(zone);
  const results = store<DemandCheckResult | undefined>(demand);
  const fetches = { count: 0 };
  const runtime: Runtime = {
    ...SERVER_RUNTIME,
    leads: { getSnapshot: leads.getSnapshot, subscribe: leads.subscribe, capture: async () => leads.getSnapshot() },
    demand: { getSnapshot: results.getSnapshot, subscribe: results.subscribe },
    ads: { fetchAds: async () => (fetches.count++, ads ? LIST : undefined) },
    visitorZone: { getSnapshot: zones.getSnapshot, subscribe: zones.subscribe },
  };
  return { runtime, leads, results, fetches, zones };
}

/** Monday 2026-11-30, 5 a.m. Pacific: 8 a.m. Eastern. */
const MONDAY_OPENING = Date.parse('2026-11-30T13:00:00Z');

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
      { value: { language: funnel.language === 'es' ? 'spanish' : 'english', workingHours: open, ...(open ? {} : { nextOpening: MONDAY_OPENING }) } },
      createElement(EndScreen, {
        funnelId: funnel.id,
        step: endStep(id),
        brand: BRAND,
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
    ['a low bid: the call, then the ads', { bid: 4.5, isLowBid: true }, ['call', 'ads']],
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
    assert.deepEqual(blocks(container), ['call', 'ads']);
    assert.equal(container.querySelectorAll('.ad-card').length, 2);
    assert.equal(fetches.count, 1);
    await act(async () => root.unmount());
  });

  test('a failed lead with a low bid: the phone first, the ads after it, kept in place when the lead fails', async () => {
    const { runtime, leads, fetches } = testRuntime({ status: 'pending', funnel: 'auto' }, { bid: 3, isLowBid: true });
    const { container, root } = await mount({ id: 'auto', runtime, open: true });
    assert.deepEqual(blocks(container), ['call', 'ads']);
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
  const OPENS_AGAIN = {
    en: 'We open again Monday at 8 a.m. Eastern. Ask for a free call back below, or call us then.',
    es: 'Volvemos a abrir el lunes a las 8 a. m., hora del Este. Pida abajo una llamada gratuita, o llámenos entonces.',
  } as const;
  for (const id of ['medicare', 'medicare-es', 'ads', 'ads-es', 'auto', 'medicare-call']) {
    const language = FUNNELS[id]!.language;
    test(`${id}, outside hours: no "now", the closed notice with the next opening, the call-back request, then the ads and the phone`, async () => {
      for (const lead of [{ status: 'none' }, { status: 'stored', funnel: id, leadId: 'l', leadStatus: 'captured' }] as LeadCaptureState[]) {
        // No ads: the advertisers' own words are theirs, only ours are checked.
        const { container, root } = await mount({ id, runtime: testRuntime(lead, undefined, false).runtime, open: false });
        assert.doesNotMatch(container.textContent, NOW);
        assert.equal(container.querySelector('[data-end-block="closed"] p')!.textContent, OPENS_AGAIN[language]);
        assert.deepEqual(blocks(container), ['closed', 'callback', 'ads', 'call']);
        await act(async () => root.unmount());
      }
    });

    test(`${id}, inside hours: ${endStep(id).kind === 'ads' ? 'the phone, then the ads' : 'the phone'}, no closed notice`, async () => {
      const { container, root } = await mount({ id, runtime: testRuntime().runtime, open: true });
      assert.equal(container.querySelector('[data-end-block="closed"]'), null);
      assert.deepEqual(blocks(container), endStep(id).kind === 'ads' ? ['call', 'ads'] : ['call']);
      await act(async () => root.unmount());
    });
  }

  test('the auto result outside hours, lead stored: quotes on the way by phone and email, the notice and call-back before the ads', async () => {
    const { container, root } = await mount({ id: 'auto', runtime: testRuntime({ status: 'stored', funnel: 'auto', leadId: 'l', leadStatus: 'captured' }).runtime, open: false });
    assert.equal(title(container), 'Thank you! Your quotes are on the way');
    assert.match(container.querySelector('.funnel-end-text')!.textContent, /by phone and email from the companies named in the consent/);
    assert.deepEqual(blocks(container), ['closed', 'callback', 'ads', 'call']);
    await act(async () => root.unmount());
  });

  test("the next opening switches to the visitor's zone when the IP lookup names it", async () => {
    const { runtime, zones } = testRuntime({ status: 'none' }, undefined, false);
    const { container, root } = await mount({ id: 'medicare', runtime, open: false });
    const opening = () => container.querySelector('[data-end-block="closed"] p')!.textContent;
    assert.match(opening(), /^We open again Monday at 8 a\.m\. Eastern\./);
    await act(async () => zones.set('America/Los_Angeles'));
    assert.match(opening(), /^We open again Monday at 5 a\.m\. Pacific\./);
    await act(async () => zones.set('America/Chicago'));
    assert.match(opening(), /^We open again Monday at 7 a\.m\. Central\./);
    await act(async () => root.unmount());
  });

  for (const [id, product] of [['life', 'life'], ['health', 'health']] as const) {
    test(`${id}: a stored lead is thanked and told who calls from which number, within which hours; nothing claimed before`, async () => {
      const stored = await mount({ id, runtime: testRuntime({ status: 'stored', funnel: id, leadId: 'l', leadStatus: 'captured' }).runtime, open: true });
      assert.equal(title(stored.container), 'Thank you! We received your request');
      const words = stored.container.querySelector('.funnel-end-text')!.textContent;
      assert.match(words, new RegExp(`contact details for your ${product} insurance quotes`));
      assert.ok(words.includes(`A licensed insurance agent will call you from ${phoneForms(BRAND.phone).grouped}`), words);
      assert.match(words, /Licensed agents are available Monday to Friday/);
      await act(async () => stored.root.unmount());
      for (const lead of [{ status: 'none' }, { status: 'pending', funnel: id }, { status: 'failed', funnel: id }] as LeadCaptureState[]) {
        const other = await mount({ id, runtime: testRuntime(lead).runtime, open: true });
        assert.doesNotMatch(other.container.textContent, /Thank you|received/i, lead.status);
        if (lead.status === 'failed') assert.equal(title(other.container), 'Sorry, we could not send your request');
        await act(async () => other.root.unmount());
      }
    });
  }

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
    assert.ok(container.querySelector('.funnel-end')!.hasAttribute('data-call-first'), 'marked for the side-by-side layout');
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
