/**
 * Funnel analytics in the store: per step, distinct visitors who saw and who
 * submitted it, split by device type and paid flag, and the route's leads, over a time range,
 * on SQLite and PostgreSQL.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { NewEvent, NewLead, Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../fixtures/store-targets.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const SINCE = '2026-03-01T00:00:00.000Z';
const UNTIL = '2026-03-08T00:00:00.000Z';
const INSIDE = '2026-03-03T12:00:00.000Z';

let sequence = 0;

/** One visitor's event on ac's quiz-otc route (or `route`), received at `at`. */
function step(visitor: string, event: 'pageView' | 'formStepSubmitted', stepName: string, device: 'mobile' | 'desktop', paid: boolean, at = INSIDE, route = 'quiz-otc'): NewEvent {
  sequence += 1;
  return {
    id: `funnel-event-${sequence}`,
    type: 'track',
    event,
    brandId: 'ac',
    sessionId: `session-${visitor}`,
    anonymousId: visitor,
    timestamp: at,
    receivedAt: at,
    ip: null,
    properties: { page: { name: route }, stepName, paid, userAgent: device === 'mobile' ? IPHONE : WINDOWS },
  };
}

function lead(id: string, createdAt: string, route = 'quiz-otc'): NewLead {
  return {
    id,
    brandId: 'ac',
    route,
    funnel: 'medicare',
    product: 'medicare',
    language: 'en',
    anonymousId: id,
    sessionId: id,
    fields: { zipcode: '33187' },
    consent: null,
    status: 'captured',
    createdAt,
  };
}

/**
 * Three mobile paid visitors and one desktop unpaid visitor see zip; two mobile visitors and the
 * desktop one submit it (one mobile visitor twice); those three see the next step and one submits
 * it. Around them: an event before the range, one at its exclusive end, another route, another
 * brand, and a click (not a step event) that must not count.
 */
async function seed(store: Store): Promise<void> {
  await store.insertEvents([
    step('m1', 'pageView', 'zip', 'mobile', true),
    step('m1', 'pageView', 'zip', 'mobile', true),
    step('m2', 'pageView', 'zip', 'mobile', true),
    step('m3', 'pageView', 'zip', 'mobile', true),
    step('d1', 'pageView', 'zip', 'desktop', false),
    step('m1', 'formStepSubmitted', 'zip', 'mobile', true),
    step('m1', 'formStepSubmitted', 'zip', 'mobile', true),
    step('m2', 'formStepSubmitted', 'zip', 'mobile', true),
    step('d1', 'formStepSubmitted', 'zip', 'desktop', false),
    step('m1', 'pageView', 'haveMedicare', 'mobile', true),
    step('m2', 'pageView', 'haveMedicare', 'mobile', true),
    step('d1', 'pageView', 'haveMedicare', 'desktop', false),
    step('d1', 'formStepSubmitted', 'haveMedicare', 'desktop', false),
    step('early', 'pageView', 'zip', 'desktop', false, '2026-02-28T23:59:59.999Z'),
    step('late', 'pageView', 'zip', 'desktop', false, UNTIL),
    step('elsewhere', 'pageView', 'zip', 'desktop', false, INSIDE, 'quiz-other'),
    { ...step('other-brand', 'pageView', 'zip', 'desktop', false), brandId: 'tqg' },
    { ...step('clicker', 'pageView', 'zip', 'desktop', false), event: 'elementClicked' },
  ]);
  for (const row of [lead('lead-in', INSIDE), lead('lead-early', '2026-02-28T12:00:00.000Z'), lead('lead-other-route', INSIDE, 'quiz-other')]) await store.createLead(row);
}

const byStep = <T extends { step: string }>(rows: T[]) => [...rows].sort((a, b) => a.step.localeCompare(b.step) || JSON.stringify(a).localeCompare(JSON.stringify(b)));

for (const dialect of STORE_DIALECTS) {
  describe(`funnel stats on ${dialect}`, () => {
    test('counts distinct visitors per step, split by device and paid flag, within the range', () =>
      withStore(dialect, async (store) => {
        await seed(store);
        const stats = await store.funnelStats({ brandId: 'ac', route: 'quiz-otc', since: SINCE, until: UNTIL });
        assert.deepEqual(byStep(stats.steps), [
          { step: 'haveMedicare', viewed: 3, submitted: 1 },
          { step: 'zip', viewed: 4, submitted: 3 },
        ]);
        assert.deepEqual(byStep(stats.splits), [
          { step: 'haveMedicare', deviceType: 'desktop', paid: false, viewed: 1, submitted: 1 },
          { step: 'haveMedicare', deviceType: 'mobile', paid: true, viewed: 2, submitted: 0 },
          { step: 'zip', deviceType: 'desktop', paid: false, viewed: 1, submitted: 1 },
          { step: 'zip', deviceType: 'mobile', paid: true, viewed: 3, submitted: 2 },
        ]);
        assert.equal(stats.leads, 1);
      }));

    test('a route without events in the range reports nothing', () =>
      withStore(dialect, async (store) => {
        await seed(store);
        assert.deepEqual(await store.funnelStats({ brandId: 'ac', route: 'quiz-otc', since: '2026-03-09T00:00:00.000Z', until: '2026-04-01T00:00:00.000Z' }), { steps: [], splits: [], leads: 0 });
      }));
  });
}
