/**
 * `cobrand funnels report` against SQLite and PostgreSQL: the same report as the
 * control center's API, as JSON or as tables (all visitors, then each device and paid segment,
 * then leads); --since bounds it; a bad brand, route or --since names itself and exits 2.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FunnelReport } from '../../../src/core/contract/cc-funnels.ts';
import type { NewEvent, Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

let sequence = 0;
function step(visitor: string, event: string, stepName: string, receivedAt: string): NewEvent {
  sequence += 1;
  return {
    id: `cli-funnel-${sequence}`,
    type: 'track',
    event,
    brandId: 'ac',
    sessionId: visitor,
    anonymousId: visitor,
    timestamp: receivedAt,
    receivedAt,
    ip: null,
    properties: { page: { name: 'quiz-otc' }, stepName, paid: true, userAgent: IPHONE },
  };
}

/** Two visitors an hour ago see zip and one submits it; a third saw zip three days ago. */
const EVENTS = [
  step('v1', 'pageView', 'zip', hoursAgo(1)),
  step('v2', 'pageView', 'zip', hoursAgo(1)),
  step('v1', 'formStepSubmitted', 'zip', hoursAgo(1)),
  step('old', 'pageView', 'zip', hoursAgo(72)),
];

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand funnels report on ${dialect}`, () => {
    let target: StoreTarget;
    let store: Store;
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
      await store.insertEvents(EVENTS);
    });
    after(async () => {
      await store.close();
      await target.cleanup();
    });

    const funnels = (...args: string[]) => cobrandInProcess(['funnels', 'report', ...args], { openStore: () => target.open() });

    test('--json: the report of the last 7 days by default', async () => {
      const run = await funnels('--brand', 'ac', '--route', 'quiz-otc', '--json');
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout) as FunnelReport;
      assert.deepEqual(
        report.steps.map((line) => [line.step, line.viewed, line.submitted, line.dropOff]),
        [
          ['zip', 3, 1, 2],
          ['medicare', 0, 0, 0],
          ['medicaid', 0, 0, 0],
          ['call', 0, 0, 0],
        ],
      );
      assert.deepEqual(
        report.segments.map((segment) => [segment.deviceType, segment.paid]),
        [['mobile', true]],
      );
    });

    test('--since 24h leaves out older visitors; the table has the steps, the segment and the leads', async () => {
      const run = await funnels('--brand', 'ac', '--route', 'quiz-otc', '--since', '24h');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^ac quiz-otc \(\/quiz\/otc\/\{step\?\}, funnel medicare\) from /);
      assert.match(run.stdout, /^STEP\s+SAW\s+SUBMITTED\s+DROP-OFF\s+DROP-OFF %$/m);
      assert.match(run.stdout, /^zip\s+2\s+1\s+1\s+50\.0%$/m);
      assert.match(run.stdout, /^call\s+0\s+0\s+0\s+-$/m);
      assert.match(run.stdout, /^mobile, paid$/m);
      assert.match(run.stdout, /^Leads: 0$/m);
    });

    const refusals: [args: string[], stderr: RegExp][] = [
      [['--brand', 'nope', '--route', 'quiz-otc'], /unknown brand 'nope'/],
      [['--brand', 'ac', '--route', 'home'], /--route 'home' is not a funnel page of ac \(its funnel pages: .*quiz-otc/],
      [['--brand', 'ac', '--route', 'Quiz OTC'], /must be a route name/],
      [['--brand', 'ac', '--route', 'quiz-otc', '--since', 'last week'], /'last week' is not a duration/],
      [['--brand', 'ac'], /--route/],
    ];
    for (const [args, stderr] of refusals) {
      test(`${args.join(' ')} exits 2 naming the problem`, async () => {
        const run = await funnels(...args);
        assert.equal(run.code, 2, run.stdout);
        assert.match(run.stderr, stderr);
      });
    }
  });
}
