/**
 * Retention: leads older than LEAD_RETENTION_DAYS, user states untouched for
 * USER_STATE_RETENTION_DAYS and events received more than EVENT_RETENTION_DAYS ago are deleted, as of an injected "now", on both dialects; the
 * settings' defaults and bounds; the daily schedule starts and stops with the app.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import cron from 'node-cron';
import { buildApp } from '../../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../../src/server/platform/config/config.ts';
import { DEFAULT_EVENT_RETENTION_DAYS, DEFAULT_LEAD_RETENTION_DAYS, DEFAULT_USER_STATE_RETENTION_DAYS } from '../../../src/server/leads/leads-env.ts';
import { RETENTION_SCHEDULE, runRetention, scheduleRetention } from '../../../src/server/leads/retention.ts';
import type { NewEvent, NewLead } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function makeLead(id: string, createdAt: string): NewLead {
  return {
    id,
    brandId: 'tqg',
    route: 'quiz-auto',
    funnel: 'auto',
    product: 'auto',
    language: 'en',
    anonymousId: 'anon',
    sessionId: 'session',
    fields: { zipcode: '33101' },
    consent: null,
    status: 'captured',
    createdAt,
  };
}

function makeEvent(id: string, receivedAt: string): NewEvent {
  return { id, type: 'track', event: 'pageView', brandId: 'ac', sessionId: 'session', anonymousId: 'anon', timestamp: receivedAt, receivedAt, ip: null, properties: { page: { name: 'home' } } };
}

for (const dialect of STORE_DIALECTS) {
  describe(`retention on ${dialect}`, () => {
    test('deletes leads past LEAD_RETENTION_DAYS and user states past USER_STATE_RETENTION_DAYS, as of the given now', () =>
      withStore(dialect, async (store) => {
        // "Now" is the real clock at the start, as the user states are stamped by it; later runs move it.
        const now = new Date();
        const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY_MS + ms).toISOString();
        await store.createLead(makeLead('lead-too-old', ago(731)));
        await store.createLead(makeLead('lead-just-past', ago(730, -1)));
        await store.createLead(makeLead('lead-at-cutoff', ago(730)));
        await store.createLead(makeLead('lead-recent', ago(1)));
        await store.setUserState('anon-1', { step: 2 });
        await store.setUserState('anon-2', { step: 5 });

        await store.insertEvents([makeEvent('event-too-old', ago(396)), makeEvent('event-just-past', ago(395, -1)), makeEvent('event-at-cutoff', ago(395)), makeEvent('event-recent', ago(1))]);

        const settings = { LEAD_RETENTION_DAYS: 730, USER_STATE_RETENTION_DAYS: 30, EVENT_RETENTION_DAYS: 395 };
        assert.deepEqual(await runRetention(store, settings, now), {
          leadsDeleted: 2,
          userStatesDeleted: 0,
          eventsDeleted: 2,
          leadsBefore: ago(730),
          userStatesBefore: ago(30),
          eventsBefore: ago(395),
        });
        assert.deepEqual((await store.listEvents({ limit: 10 })).map((event) => event.id).sort(), ['event-at-cutoff', 'event-recent']);
        assert.deepEqual((await store.listLeads({})).map((lead) => lead.id).sort(), ['lead-at-cutoff', 'lead-recent']);
        // A second run on the same day finds nothing left to delete.
        assert.deepEqual(await runRetention(store, settings, now).then(({ leadsDeleted, eventsDeleted }) => [leadsDeleted, eventsDeleted]), [0, 0]);

        // 29 days on the states are kept; 31 days on they are deleted.
        assert.equal((await runRetention(store, settings, new Date(now.getTime() + 29 * DAY_MS))).userStatesDeleted, 0);
        assert.equal((await runRetention(store, settings, new Date(now.getTime() + 31 * DAY_MS))).userStatesDeleted, 2);
        assert.equal(await store.getUserState('anon-1'), undefined);
      }));
  });
}

describe('retention settings', () => {
  test('defaults: two years of leads, thirty days of user states, thirteen months of events, no buyer token', () => {
    const { vars } = loadConfig({});
    assert.deepEqual(
      [vars.LEAD_RETENTION_DAYS, vars.USER_STATE_RETENTION_DAYS, vars.EVENT_RETENTION_DAYS, vars.LEAD_BUYER_TOKEN],
      [DEFAULT_LEAD_RETENTION_DAYS, DEFAULT_USER_STATE_RETENTION_DAYS, DEFAULT_EVENT_RETENTION_DAYS, undefined],
    );
    assert.deepEqual([DEFAULT_LEAD_RETENTION_DAYS, DEFAULT_USER_STATE_RETENTION_DAYS, DEFAULT_EVENT_RETENTION_DAYS], [730, 30, 395]);
  });

  test('set values are read; an empty token counts as unset', () => {
    const { vars } = loadConfig({ LEAD_RETENTION_DAYS: '365', USER_STATE_RETENTION_DAYS: '7', LEAD_BUYER_TOKEN: '' });
    assert.deepEqual([vars.LEAD_RETENTION_DAYS, vars.USER_STATE_RETENTION_DAYS, vars.LEAD_BUYER_TOKEN], [365, 7, undefined]);
    assert.equal(loadConfig({ LEAD_BUYER_TOKEN: 'tok-123' }).vars.LEAD_BUYER_TOKEN, 'tok-123');
  });

  test('every bad value is named in one error', () => {
    assert.throws(
      () => loadConfig({ LEAD_RETENTION_DAYS: '0', USER_STATE_RETENTION_DAYS: '1.5', EVENT_RETENTION_DAYS: 'forever' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.some((problem) => problem.startsWith('LEAD_RETENTION_DAYS: ')) &&
        error.problems.some((problem) => problem.startsWith('USER_STATE_RETENTION_DAYS: ')) &&
        error.problems.some((problem) => problem.startsWith('EVENT_RETENTION_DAYS: ')),
    );
  });
});

describe('retention schedule', () => {
  test('is a valid daily cron expression', () => {
    assert.ok(cron.validate(RETENTION_SCHEDULE));
  });

  test('stopping is idempotent and leaves nothing scheduled', async () => {
    const store = { purgeLeads: async () => 0, purgeUserStates: async () => 0, purgeEvents: async () => 0 };
    const job = scheduleRetention(store, { LEAD_RETENTION_DAYS: 1, USER_STATE_RETENTION_DAYS: 1, EVENT_RETENTION_DAYS: 1 }, { info() {}, warn() {}, error() {} });
    const scheduled = cron.getTasks().size;
    await job.stop();
    await job.stop();
    assert.equal(cron.getTasks().size, scheduled - 1);
  });

  test('the app starts both lead jobs by default and stops them on close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-retention-app-'));
    try {
      const before = cron.getTasks().size;
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), logger: false });
      await app.ready();
      assert.equal(cron.getTasks().size, before + 1);
      assert.equal(typeof app.leadOutbox.kick, 'function');
      app.leadOutbox.kick();
      await app.close();
      assert.equal(cron.getTasks().size, before);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
