/**
 * The ad list as the browser renders it (happy-dom): nothing on the server or while hydrating;
 * only ads with safe links (a javascript: click URL drops the ad, a call URL that is not tel: drops
 * the button, an image that is not http(s) is left out); the impression HTML only inside a fully
 * sandboxed frame; one adImpression per list, one adClicked per click; the serve script injected
 * once; the words in the funnel's language.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { LeadProduct } from '../../src/core/leads/product.ts';
import type { AdListResponse, ListedAd } from '../../src/core/marketplace/responses.ts';
import { sandboxAdList } from '../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { AdList } from '../../src/ui/ads/AdList.tsx';
import { shownAds, telUrl, webUrl } from '../../src/ui/ads/ad-links.ts';
import { SERVE_SCRIPT_ID, SERVE_SCRIPT_URL } from '../../src/ui/ads/serve-script.ts';
import { RuntimeProvider, SERVER_RUNTIME, type Runtime } from '../../src/ui/runtime.tsx';

// React DOM renders into happy-dom; `act` flushes effects synchronously. Scripts are not run:
// the serve script element is only inspected.
const happy = new HappyWindow({ url: 'https://ac.localhost/ads/ads', settings: { disableJavaScriptFileLoading: true } });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
const { createRoot } = await import('react-dom/client');
after(() => happy.happyDOM.close());

const LIST = sandboxAdList({ baseUrl: 'https://ads.example', product: 'medicare', language: 'en', topBid: 26, count: 3, requestId: 'req-1', time: 0.004 });

beforeEach(() => {
  happy.document.getElementById(SERVE_SCRIPT_ID)?.remove();
});

describe('link checks', () => {
  const web: Array<[string, string | undefined]> = [
    ['https://ads.example/click/1', 'https://ads.example/click/1'],
    ['http://127.0.0.1:4010/click/1', 'http://127.0.0.1:4010/click/1'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['/relative/path', undefined],
    ['', undefined],
  ];
  for (const [url, expected] of web) test(`webUrl(${JSON.stringify(url)})`, () => assert.equal(webUrl(url), expected));

  const tel: Array<[string, string | undefined]> = [
    ['tel:+18005550111', 'tel:+18005550111'],
    ['tel:8005550111', 'tel:8005550111'],
    ['tel:+1 800 555 0111', undefined],
    ['javascript:alert(1)', undefined],
    ['https://ads.example/call', undefined],
  ];
  for (const [url, expected] of tel) test(`telUrl(${JSON.stringify(url)})`, () => assert.equal(telUrl(url), expected));

  test('an ad whose click URL is unsafe is dropped; the rest keep their order and get positions 1..n', () => {
    const ads: ListedAd[] = [{ ...LIST.ads[0]!, click_url: 'javascript:alert(1)' }, LIST.ads[1]!, { ...LIST.ads[2]!, call_url: 'sms:+18005550113', small_image_url: 'data:image/png;base64,AAAA' }];
    const shown = shownAds(ads);
    assert.deepEqual(shown.map((entry) => [entry.ad.ad_id, entry.position]), [[LIST.ads[1]!.ad_id, 1], [LIST.ads[2]!.ad_id, 2]]);
    assert.equal(shown[1]!.callUrl, undefined, 'no call button for a call URL that is not tel:');
    assert.equal(shown[1]!.imageUrl, undefined, 'no image that is not http(s)');
  });
});

describe('AdList', () => {
  function runtime(list: AdListResponse | undefined, events: Array<{ event: string; props: Record<string, unknown> }>): Runtime {
    return { ...SERVER_RUNTIME, track: (event, props = {}) => void events.push({ event, props }), ads: { fetchAds: async () => list } };
  }

  async function render(list: AdListResponse | undefined, language: 'en' | 'es' = 'en', product: LeadProduct = 'auto') {
    const events: Array<{ event: string; props: Record<string, unknown> }> = [];
    const container = happy.document.createElement('div');
    happy.document.body.appendChild(container);
    const root = createRoot(container as unknown as Element);
    await act(async () => root.render(createElement(RuntimeProvider, { value: runtime(list, events) }, createElement(AdList, { language, product }))));
    return { container, events, root };
  }

  test('renders nothing on the server (the list exists only in the browser)', () => {
    assert.equal(renderToString(createElement(AdList, { language: 'en', product: 'medicare' })), '');
  });

  test('shows accessible cards, tracks one impression, one click per click, injects the serve script once', async () => {
    const { container, events, root } = await render(LIST);
    const list = container.querySelector('ul.ad-list')!;
    assert.equal(list.getAttribute('aria-label'), 'Sponsored plans');
    const cards = [...container.querySelectorAll('li.ad-card')];
    assert.equal(cards.length, 3);
    const first = cards[0]!;
    const headline = first.querySelector('.ad-headline a')!;
    assert.equal(headline.getAttribute('href'), LIST.ads[0]!.click_url);
    assert.equal(headline.getAttribute('rel'), 'sponsored noopener');
    assert.equal(headline.getAttribute('target'), '_blank');
    assert.ok(headline.hasAttribute('data-allow-external'));
    assert.equal(headline.textContent, `${LIST.ads[0]!.headline} (opens in a new tab)`);
    assert.equal(first.querySelector('article')!.getAttribute('aria-labelledby'), first.querySelector('.ad-headline')!.id);
    assert.equal(first.querySelector('img.ad-logo')!.getAttribute('alt'), 'Humana logo');
    assert.equal(first.querySelector('.ad-description')!.textContent, LIST.ads[0]!.description);
    assert.equal(first.querySelector('.ad-display-url')!.textContent, 'humana.com/medicare');
    assert.equal(first.querySelector('a.ad-call')!.getAttribute('href'), 'tel:+18005550111');
    assert.equal(first.querySelector('a.ad-call')!.textContent, 'Call Humana');
    const frame = first.querySelector('iframe.ad-impression')!;
    assert.equal(frame.getAttribute('sandbox'), '', 'no scripts, no same origin, no forms, no popups');
    assert.equal(frame.getAttribute('srcdoc'), LIST.ads[0]!.impression_html);
    assert.equal(first.querySelectorAll('img').length, 1, 'the impression HTML is never part of the page itself');

    assert.equal(events.length, 1);
    assert.equal(events[0]!.event, 'adImpression');
    assert.equal(events[0]!.props.provider, 'mediaalpha');
    assert.equal(events[0]!.props.adCount, 3);
    assert.deepEqual((events[0]!.props.ads as Array<{ adId: string }>).map((ad) => ad.adId), LIST.ads.map((ad) => ad.ad_id));

    await act(async () => (cards[1]!.querySelector('.ad-headline a') as unknown as HTMLElement).click());
    await act(async () => (cards[2]!.querySelector('a.ad-call') as unknown as HTMLElement).click());
    assert.deepEqual(
      events.slice(1).map(({ event, props }) => [event, props.provider, (props.ad as { adId: string; action: string }).adId, (props.ad as { action: string }).action]),
      [
        ['adClicked', 'mediaalpha', LIST.ads[1]!.ad_id, 'visit'],
        ['adClicked', 'mediaalpha', LIST.ads[2]!.ad_id, 'call'],
      ],
    );
    assert.equal(events.filter((entry) => entry.event === 'adImpression').length, 1, 'still one impression after re-renders');

    const scripts = happy.document.querySelectorAll(`script[src="${SERVE_SCRIPT_URL}"]`);
    assert.equal(scripts.length, 1);
    assert.equal((scripts[0] as unknown as HTMLScriptElement).async, true);
    await act(async () => root.unmount());
    await render(LIST);
    assert.equal(happy.document.querySelectorAll(`script[src="${SERVE_SCRIPT_URL}"]`).length, 1, 'a second list does not inject it again');
  });

  const datasetCases: Array<[product: LeadProduct, dataset: boolean]> = [
    ['medicare', true],
    ['auto', false],
    ['life', false],
    ['health', false],
  ];
  for (const [product, withDataset] of datasetCases) {
    test(`a ${product} page's ad click ${withDataset ? "carries the ad element's data attributes as its dataset (the Medicare-advantage case)" : 'carries no dataset'}`, async () => {
      const { container, events, root } = await render(LIST, 'en', product);
      const card = container.querySelectorAll('li.ad-card')[1]!;
      await act(async () => (card.querySelector('.ad-headline a') as unknown as HTMLElement).click());
      await act(async () => (card.querySelector('a.ad-call') as unknown as HTMLElement).click());
      const clicks = events.filter((entry) => entry.event === 'adClicked');
      assert.equal(clicks.length, 2);
      for (const { props } of clicks) {
        assert.equal((props.ad as { adId: string }).adId, LIST.ads[1]!.ad_id, 'the provider ad is there in every case');
        if (withDataset) assert.deepEqual(props.dataset, { adId: LIST.ads[1]!.ad_id, carrier: LIST.ads[1]!.carrier, position: '2' });
        else assert.equal('dataset' in props, false);
      }
      await act(async () => root.unmount());
    });
  }

  test('in Spanish', async () => {
    const { container } = await render(LIST, 'es');
    assert.equal(container.querySelector('ul.ad-list')!.getAttribute('aria-label'), 'Planes patrocinados');
    assert.equal(container.querySelector('.ad-sponsored')!.textContent, 'Patrocinado');
    assert.equal(container.querySelector('a.ad-call')!.textContent, 'Llamar a Humana');
  });

  const empty: Array<[string, AdListResponse | undefined]> = [
    ['no list (a failure)', undefined],
    ['an empty list', { ...LIST, ads: [], num_ads: 0 }],
    ['only unsafe ads', { ...LIST, ads: LIST.ads.map((ad) => ({ ...ad, click_url: 'javascript:void 0' })) }],
  ];
  for (const [label, list] of empty) {
    test(`${label}: nothing shown, no impression`, async () => {
      const { container, events } = await render(list);
      assert.equal(container.innerHTML, '');
      assert.deepEqual(events, []);
    });
  }
});
