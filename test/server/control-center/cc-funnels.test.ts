/**
 * The control center's funnel analytics API on SQLite and
 * PostgreSQL: a branch's funnel pages, and one page's report over whole UTC days, with every step
 * of the funnel in order (steps without traffic as zeros), drop-off, device and paid segments and
 * the leads; signed out 401, bad ranges 400 with problems, unknown branch or page 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../../routes.ts';
import { CC_FUNNEL_LIST, CC_FUNNEL_REPORT, fillPath, FUNNEL_REPORT_MAX_DAYS, type FunnelReport } from '../../../src/core/contract/index.ts';
import type { NewEvent } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie } from '../../support/staff.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const DAY = '2026-03-03';
const AT = `${DAY}T12:00:00.000Z`;

let sequence = 0;
function step(visitor: string, event: string, stepName: string, userAgent: string, paid: boolean, receivedAt = AT): NewEvent {
  sequence += 1;
  return {
    id: `cc-funnel-${sequence}`,
    type: 'track',
    event,
    brandId: 'ac',
    sessionId: visitor,
    anonymousId: visitor,
    timestamp: receivedAt,
    receivedAt,
    ip: null,
    properties: { page: { name: 'quiz-otc' }, stepName, paid, userAgent },
  };
}

/** Two paid mobile visitors and one desktop visitor see zip, two submit it; one sees and submits medicare. A visitor of the next day is outside a one-day range. */
const EVENTS = [
  step('m1', 'pageView', 'zip', IPHONE, true),
  step('m2', 'pageView', 'zip', IPHONE, true),
  step('d1', 'pageView', 'zip', WINDOWS, false),
  step('m1', 'formStepSubmitted', 'zip', IPHONE, true),
  step('d1', 'formStepSubmitted', 'zip', WINDOWS, false),
  step('d1', 'pageView', 'medicare', WINDOWS, false),
  step('d1', 'formStepSubmitted', 'medicare', WINDOWS, false),
  step('next-day', 'pageView', 'zip', WINDOWS, false, '2026-03-04T08:00:00.000Z'),
];

const zeros = (step: string, title: string) => ({ step, title, viewed: 0, submitted: 0, dropOff: 0, dropOffRate: null });

for (const dialect of STORE_DIALECTS) {
  describe(`the control center's funnel API on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie: string;
    const get = (url: string, withCookie = true) => app.inject({ method: 'GET', url, headers: { host: HOST, ...(withCookie ? { cookie } : {}) } });
    const report = (query: string) => `${fillPath(CC_FUNNEL_REPORT.path, { branch: 'ac', route: 'quiz-otc' })}${query}`;

    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_funnels'));
      await addStaff(app);
      cookie = await signedInCookie(app);
      await app.store.insertEvents(EVENTS);
    });
    after(() => cleanup());

    test('signed out, both routes answer 401', async () => {
      for (const url of [fillPath(CC_FUNNEL_LIST.path, { branch: 'ac' }), report('')]) assert.equal((await get(url, false)).statusCode, 401, url);
    });

    test('the funnel pages of a branch are its routes that run a form', async () => {
      const response = await get(fillPath(CC_FUNNEL_LIST.path, { branch: 'ac' }));
      assert.equal(response.statusCode, 200, response.body);
      const expected = ROUTES.filter((route) => (route.brands as readonly string[]).includes('ac') && route.page.form).map((route) => route.name);
      assert.deepEqual(CC_FUNNEL_LIST.response.parse(response.json()).funnels.map((page) => page.route), expected);
    });

    test('a one-day report has every step in funnel order, drop-off and segments', async () => {
      const response = await get(report(`?from=${DAY}&to=${DAY}`));
      assert.equal(response.statusCode, 200, response.body);
      const body = CC_FUNNEL_REPORT.response.parse(response.json());
      assert.deepEqual({ since: body.since, until: body.until, funnel: body.funnel, leads: body.leads }, { since: `${DAY}T00:00:00.000Z`, until: '2026-03-04T00:00:00.000Z', funnel: 'medicare', leads: 0 });
      assert.deepEqual(body.steps, [
        { step: 'zip', title: 'Your ZIP code', viewed: 3, submitted: 2, dropOff: 1, dropOffRate: 1 / 3 },
        { step: 'medicare', title: 'Your Medicare coverage', viewed: 1, submitted: 1, dropOff: 0, dropOffRate: 0 },
        zeros('medicaid', 'Help with medical costs'),
        zeros('call', 'Good news: {helper} can help you now'),
      ]);
      assert.deepEqual(
        body.segments.map((segment) => ({ deviceType: segment.deviceType, paid: segment.paid, zip: segment.steps[0] })),
        [
          { deviceType: 'mobile', paid: true, zip: { step: 'zip', title: 'Your ZIP code', viewed: 2, submitted: 1, dropOff: 1, dropOffRate: 0.5 } },
          { deviceType: 'desktop', paid: false, zip: { step: 'zip', title: 'Your ZIP code', viewed: 1, submitted: 1, dropOff: 0, dropOffRate: 0 } },
        ],
      );
    });

    test('the range includes its last day', async () => {
      const body = (await get(report(`?from=${DAY}&to=2026-03-04`))).json<FunnelReport>();
      assert.equal(body.steps[0]!.viewed, 4);
    });

    const BAD: [query: string, problem: RegExp][] = [
      ['?from=2026-03-05&to=2026-03-04', /from: 2026-03-05 is after to/],
      ['?from=2024-01-01&to=2026-03-04', new RegExp(`longer than ${FUNNEL_REPORT_MAX_DAYS}`)],
      ['?from=yesterday', /from: must be a day as YYYY-MM-DD/],
      ['?from=2026-02-30', /from: is no such day/],
      ['?days=7', /days/],
    ];
    for (const [query, problem] of BAD) {
      test(`a bad query ${query} is a 400 naming the problem`, async () => {
        const response = await get(report(query));
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.json().problems.join('\n'), problem);
      });
    }

    test('an unknown branch or a page without a funnel is a 404 with problems', async () => {
      for (const [branch, route, problem] of [
        ['nope', 'quiz-otc', /'nope'/],
        ['ccc', 'quiz-otc', /'ccc'/],
        ['ac', 'home', /no funnel page named 'home'/],
      ] as const) {
        const response = await get(fillPath(CC_FUNNEL_REPORT.path, { branch, route }));
        assert.equal(response.statusCode, 404, `${branch}/${route}`);
        assert.match(response.json().problems[0], problem);
      }
    });
  });
}
