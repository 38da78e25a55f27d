/**
 * The demand check's result as the store the end screens subscribe to: a successful
 * check notifies and its result is the snapshot; a failed check, or an answer without an estimate,
 * notifies nobody and keeps the earlier result; unsubscribing stops the calls. The lowBidResult
 * event is unchanged (test/unit/client-marketplace-calls.test.ts covers it).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { createDemandCheck } from '../../src/client/marketplace/demand-check.ts';
import type { MarketplaceVisitor } from '../../src/client/marketplace/visitor-context.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import { SERVER_RUNTIME } from '../../src/ui/runtime.tsx';

const shown = {
  ...(loadPayload(createMatcher(ROUTES), { brand: brandById('ac')!, path: '/quiz/otc/call', query: {}, buildId: 't' }) as PagePayload),
  marketplace: { placementId: 'placement-medicare' },
};

/** A visitor whose relay answers come from `answers`, one per check. */
function visitor(answers: Array<() => Response>): MarketplaceVisitor {
  return {
    payload: () => shown,
    ipLookup: async () => ({ city: 'Boston', stateCode: 'MA', postalCode: '02108', value: '198.51.100.23', isp: 'Example ISP' }),
    href: () => 'https://ac.localhost/quiz/otc/call',
    urlParams: () => ({}),
    userAgent: 'test',
    now: () => new Date(2025, 2, 4, 14, 30),
    fetch: async () => answers.shift()!(),
  };
}

const relay = (ev: unknown) => () => Response.json({ parsed: { ctc: { ev } }, raw: JSON.stringify({ ctc: { ev } }) });

test('the server runtime has no demand result and never notifies', () => {
  assert.equal(SERVER_RUNTIME.demand.getSnapshot(), undefined);
  SERVER_RUNTIME.demand.subscribe(() => assert.fail('notified'))();
});

test('checks notify their subscribers; failures keep the earlier result and notify nobody', async () => {
  const events: string[] = [];
  const check = createDemandCheck({
    visitor: visitor([relay(26), () => new Response('{"error":"Internal Server Error"}', { status: 500 }), () => Response.json({ parsed: {}, raw: '{}' }), relay(4.5)]),
    track: (event) => void events.push(event),
  });
  const seen: unknown[] = [];
  const unsubscribe = check.subscribe(() => seen.push(check.getSnapshot()));
  assert.equal(check.getSnapshot(), undefined, 'no result before a check');

  const steps: Array<[string, { bid: unknown; isLowBid: boolean }, number]> = [
    ['a high bid', { bid: 26, isLowBid: false }, 1],
    ['HTTP 500: no new result', { bid: 26, isLowBid: false }, 1],
    ['no estimate: no new result', { bid: 26, isLowBid: false }, 1],
    ['a low bid', { bid: 4.5, isLowBid: true }, 2],
  ];
  for (const [label, snapshot, notifications] of steps) {
    await check.run();
    assert.deepEqual(check.getSnapshot(), snapshot, label);
    assert.equal(check.getSnapshot(), check.result(), `${label}: one result`);
    assert.equal(seen.length, notifications, label);
  }
  assert.deepEqual(events, ['lowBidResult', 'lowBidResult'], 'one event per result, as before');
  assert.equal(check.getSnapshot(), check.getSnapshot(), 'a stable snapshot between checks');

  unsubscribe();
  const again = createDemandCheck({ visitor: visitor([relay(2)]), track: () => undefined });
  let calls = 0;
  again.subscribe(() => calls++)();
  await again.run();
  assert.equal(calls, 0, 'no call after unsubscribing');
  assert.deepEqual(again.getSnapshot(), { bid: 2, isLowBid: true });
});
