/**
 * The lead half of the store, on SQLite and PostgreSQL (real, TEST_DATABASE_URL): lead records,
 * the delivery outbox (claim, lease, outcomes, requeue, depth), retention and the access log.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import type { ConsentProof, DeliveryOutcome, LeadRow, NewLead, Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const T0 = '2026-03-01T10:00:00.000Z';

/** `base` moved by `ms` milliseconds, as server ISO text. */
function at(ms: number, base = T0): string {
  return new Date(Date.parse(base) + ms).toISOString();
}

const CONSENT: ConsentProof = {
  text: 'By pressing Get my quotes you agree to be contacted.',
  version: 'a'.repeat(64),
  buttonLabel: 'Get my quotes',
  pageUrl: 'https://example.com/auto/quote',
  consentedAt: T0,
  ip: '203.0.113.7',
  userAgent: 'test-agent',
};

/**
 * A phone number of this lead's own (ten digits from its id), so leads made here never share a
 * contact and none is a duplicate of another (lead-duplicates.test.ts tests that rule).
 */
function phoneOf(id: string): string {
  return String(parseInt(createHash('sha256').update(id).digest('hex').slice(0, 12), 16) % 9_000_000_000 + 1_000_000_000);
}

/** A lead with sensible defaults; `overrides` set what a test cares about. */
function makeLead(id: string, overrides: Partial<NewLead> = {}): NewLead {
  return {
    id,
    brandId: 'tqg',
    route: 'auto-quote',
    funnel: 'auto',
    product: 'auto',
    language: 'en',
    anonymousId: 'anon-1',
    sessionId: 'session-1',
    fields: { zipcode: '33187', driver1FirstName: 'Ada', driver1Phone: phoneOf(id) },
    consent: CONSENT,
    status: 'captured',
    createdAt: T0,
    ...overrides,
  };
}

/** Creates every lead, in order, and returns the stored rows. */
async function createAll(store: Store, leads: NewLead[]): Promise<LeadRow[]> {
  const rows: LeadRow[] = [];
  for (const lead of leads) rows.push((await store.createLead(lead)).lead);
  return rows;
}

for (const dialect of STORE_DIALECTS) {
  describe(`lead store on ${dialect}`, () => {
    test('migration 0002_leads is applied', () =>
      withStore(dialect, async (_store, target) => {
        assert.deepEqual(await target.column('select name from kysely_migration order by name'), ['0001_initial', '0002_leads', '0003_sessions', '0004_privacy_choices', '0005_users_and_audit_log', '0006_content_and_images', '0007_event_facets', '0008_phone_rules', '0009_experiments', '0010_content_factory', '0011_content_epoch', '0012_content_epoch_more', '0013_lead_completeness_and_duplicates', '0014_consent_documents', '0015_totp']);
      }));

    test('createLead stores a captured lead due at once, round-trips it, and is idempotent by id', () =>
      withStore(dialect, async (store) => {
        const first = await store.createLead(makeLead('lead-0001'));
        assert.equal(first.created, true);
        assert.deepEqual(first.lead, {
          id: 'lead-0001',
          brandId: 'tqg',
          route: 'auto-quote',
          funnel: 'auto',
          product: 'auto',
          language: 'en',
          anonymousId: 'anon-1',
          sessionId: 'session-1',
          fields: { zipcode: '33187', driver1FirstName: 'Ada', driver1Phone: phoneOf('lead-0001') },
          consent: CONSENT,
          status: 'captured',
          attempts: 0,
          nextAttemptAt: T0,
          queuedAt: T0,
          lastError: null,
          buyerLeadId: null,
          buyerPrice: null,
          buyerResponse: null,
          createdAt: T0,
          updatedAt: T0,
          deliveredAt: null,
          duplicateOf: null,
          missingFields: [],
        } satisfies LeadRow);
        assert.deepEqual(await store.getLead('lead-0001'), first.lead);

        // A retried submit with other values changes nothing and says so.
        const again = await store.createLead(makeLead('lead-0001', { fields: { zipcode: '90210' }, createdAt: at(5000) }));
        assert.equal(again.created, false);
        assert.deepEqual(again.lead, first.lead);
        assert.equal(await store.outboxDepth(), 1);
      }));

    test('concurrent creates of one id store it once', () =>
      withStore(dialect, async (store) => {
        const results = await Promise.all(Array.from({ length: 8 }, () => store.createLead(makeLead('lead-race'))));
        assert.equal(results.filter((result) => result.created).length, 1);
        assert.equal((await store.listLeads({})).length, 1);
      }));

    test('a call-routed lead never enters the outbox; a lead without consent stores null', () =>
      withStore(dialect, async (store) => {
        const { lead } = await store.createLead(makeLead('lead-call', { product: 'medicare', status: 'call-routed', consent: null }));
        assert.deepEqual([lead.status, lead.nextAttemptAt, lead.queuedAt, lead.consent], ['call-routed', null, null, null]);
        assert.equal(await store.outboxDepth(), 0);
        assert.deepEqual(await store.claimDueLeads(at(3_600_000), 10, 60_000), []);
      }));

    test('createLead defaults createdAt to now and refuses what the database cannot check', () =>
      withStore(dialect, async (store) => {
        const before = new Date().toISOString();
        const { lead } = await store.createLead({ ...makeLead('lead-now'), createdAt: undefined });
        assert.ok(lead.createdAt >= before && lead.createdAt <= new Date().toISOString());
        await assert.rejects(store.createLead(makeLead('lead-bad-time', { createdAt: '2026-03-01 10:00' })), TypeError);
        await assert.rejects(store.createLead(makeLead('lead-bad-status', { status: 'sent' as never })), TypeError);
        // The store decides a duplicate itself; an incomplete lead, and only one, names what it lacks.
        await assert.rejects(store.createLead(makeLead('lead-given-duplicate', { status: 'duplicate' as never })), TypeError);
        await assert.rejects(store.createLead(makeLead('lead-incomplete-bare', { status: 'incomplete' })), TypeError);
        await assert.rejects(store.createLead(makeLead('lead-captured-missing', { missingFields: ['zipcode'] })), TypeError);
        assert.equal(await store.getLead('lead-bad-time'), undefined);
        assert.equal(await store.getLead('no-such-lead'), undefined);
      }));

    test('listLeads filters, orders newest first and limits', () =>
      withStore(dialect, async (store) => {
        await createAll(store, [
          makeLead('l-1', { createdAt: at(1000) }),
          makeLead('l-2', { createdAt: at(2000), brandId: 'ps' }),
          makeLead('l-3', { createdAt: at(3000), funnel: 'auto-short' }),
          makeLead('l-4', { createdAt: at(4000), status: 'call-routed', product: 'medicare', funnel: 'medicare' }),
          makeLead('l-5', { createdAt: at(4000) }),
        ]);
        const ids = async (query: Parameters<Store['listLeads']>[0]) => (await store.listLeads(query)).map((lead) => lead.id);
        const cases: Array<[string, Parameters<Store['listLeads']>[0], string[]]> = [
          ['no filter (ties newest id first)', {}, ['l-5', 'l-4', 'l-3', 'l-2', 'l-1']],
          ['brand', { brandId: 'ps' }, ['l-2']],
          ['status', { status: 'call-routed' }, ['l-4']],
          ['funnel', { funnel: 'auto' }, ['l-5', 'l-2', 'l-1']],
          ['since (inclusive)', { since: at(3000) }, ['l-5', 'l-4', 'l-3']],
          ['limit', { limit: 2 }, ['l-5', 'l-4']],
          ['every filter', { brandId: 'tqg', status: 'captured', funnel: 'auto', since: at(1000), limit: 1 }, ['l-5']],
        ];
        for (const [label, query, expected] of cases) assert.deepEqual(await ids(query), expected, label);
        await assert.rejects(store.listLeads({ limit: 0 }), RangeError);
      }));

    test('iterateLeads yields every match oldest first across pages, ties included', () =>
      withStore(dialect, async (store) => {
        // More than two pages (500 rows each), many sharing a createdAt so paging must break ties by id.
        const total = 1103;
        const leads = Array.from({ length: total }, (_unused, index) =>
          makeLead(`iter-${String(index).padStart(4, '0')}`, { createdAt: at(Math.floor(index / 7) * 1000), brandId: index % 3 === 0 ? 'ps' : 'tqg' }),
        );
        for (let start = 0; start < leads.length; start += 50) await Promise.all(leads.slice(start, start + 50).map((lead) => store.createLead(lead)));
        const seen: string[] = [];
        for await (const lead of store.iterateLeads({})) seen.push(lead.id);
        assert.deepEqual(seen, leads.map((lead) => lead.id));
        const ps: string[] = [];
        for await (const lead of store.iterateLeads({ brandId: 'ps', since: at(10_000) })) ps.push(lead.id);
        assert.deepEqual(
          ps,
          leads.filter((lead, index) => index % 3 === 0 && (lead.createdAt ?? '') >= at(10_000)).map((lead) => lead.id),
        );
      }));

    test('claimDueLeads claims due captured leads oldest first, leases them, and gives them back when the lease ends', () =>
      withStore(dialect, async (store) => {
        await createAll(store, [
          makeLead('c-1', { createdAt: at(0) }),
          makeLead('c-2', { createdAt: at(1000) }),
          makeLead('c-3', { createdAt: at(2000) }),
          makeLead('c-later', { createdAt: at(35_000) }),
          makeLead('c-call', { createdAt: at(0), status: 'call-routed' }),
        ]);
        const now = at(10_000);
        const lease = 30_000;
        const first = await store.claimDueLeads(now, 2, lease);
        assert.deepEqual(
          first.map((lead) => [lead.id, lead.nextAttemptAt, lead.status]),
          [
            ['c-1', at(lease, now), 'captured'],
            ['c-2', at(lease, now), 'captured'],
          ],
        );
        assert.deepEqual((await store.claimDueLeads(now, 10, lease)).map((lead) => lead.id), ['c-3'], 'leased leads are skipped');
        assert.deepEqual(await store.claimDueLeads(at(1000, now), 10, lease), [], 'nothing else due yet');
        // The lease ran out (a worker died mid-delivery): its leads, and the later one, are due again.
        const afterLease = at(lease + 1, now);
        assert.deepEqual((await store.claimDueLeads(afterLease, 10, lease)).map((lead) => lead.id), ['c-1', 'c-2', 'c-3', 'c-later']);
        assert.equal(await store.outboxDepth(), 4);
        await assert.rejects(store.claimDueLeads('now', 1, lease), TypeError);
        await assert.rejects(store.claimDueLeads(now, 0, lease), RangeError);
      }));

    test('concurrent claims never hand one lead to two claimers', () =>
      withStore(dialect, async (store) => {
        const leads = Array.from({ length: 60 }, (_unused, index) => makeLead(`race-${String(index).padStart(2, '0')}`, { createdAt: at(index) }));
        await Promise.all(leads.map((lead) => store.createLead(lead)));
        const claims = await Promise.all(Array.from({ length: 12 }, () => store.claimDueLeads(at(60_000), 7, 60_000)));
        const claimed = claims.flat().map((lead) => lead.id);
        assert.equal(new Set(claimed).size, claimed.length, 'a lead was claimed twice');
        // 12 x 7 = 84 claim slots for 60 leads: every lead is claimed, none twice.
        assert.deepEqual(claimed.sort(), leads.map((lead) => lead.id).sort());
      }));

    const outcomes: Array<[string, DeliveryOutcome, Partial<LeadRow>]> = [
      [
        'delivered',
        { kind: 'delivered', buyerLeadId: 'b-77', buyerPrice: 12.5, buyerResponse: '{"accepted":true}' },
        { status: 'delivered', nextAttemptAt: null, lastError: null, buyerLeadId: 'b-77', buyerPrice: 12.5, buyerResponse: '{"accepted":true}', deliveredAt: at(5000) },
      ],
      [
        'delivered without id or price',
        { kind: 'delivered', buyerLeadId: null, buyerPrice: null, buyerResponse: null },
        { status: 'delivered', buyerLeadId: null, buyerPrice: null, deliveredAt: at(5000) },
      ],
      [
        'rejected',
        { kind: 'rejected', reason: 'HTTP 422: zip code not served', buyerResponse: '{"accepted":false}' },
        { status: 'rejected', nextAttemptAt: null, lastError: 'HTTP 422: zip code not served', buyerResponse: '{"accepted":false}', deliveredAt: null },
      ],
      [
        'retry',
        { kind: 'retry', error: 'upstream answered HTTP 500', nextAttemptAt: at(20_000) },
        { status: 'captured', nextAttemptAt: at(20_000), lastError: 'upstream answered HTTP 500', deliveredAt: null },
      ],
      ['failed', { kind: 'failed', error: 'gave up' }, { status: 'failed', nextAttemptAt: null, lastError: 'gave up', deliveredAt: null }],
    ];
    for (const [label, outcome, expected] of outcomes) {
      test(`recordDelivery: ${label}`, () =>
        withStore(dialect, async (store) => {
          await store.createLead(makeLead('rec-1'));
          assert.equal(await store.recordDelivery('rec-1', outcome, at(5000)), true);
          const lead = await store.getLead('rec-1');
          assert.ok(lead);
          assert.deepEqual({ ...lead, ...expected, attempts: 1, updatedAt: at(5000) }, lead);
          const final = outcome.kind !== 'retry';
          assert.equal(await store.outboxDepth(), final ? 0 : 1);
          // A late answer (another worker, a lease that ran out) never overwrites a final outcome.
          assert.equal(await store.recordDelivery('rec-1', { kind: 'failed', error: 'late' }, at(6000)), !final);
          if (final) assert.deepEqual(await store.getLead('rec-1'), lead);
        }));
    }

    test('recordDelivery counts attempts and ignores unknown leads', () =>
      withStore(dialect, async (store) => {
        await store.createLead(makeLead('att-1'));
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          await store.recordDelivery('att-1', { kind: 'retry', error: `e${attempt}`, nextAttemptAt: at(attempt * 1000) }, at(attempt * 1000));
        }
        const lead = await store.getLead('att-1');
        assert.deepEqual([lead?.attempts, lead?.lastError, lead?.status], [3, 'e3', 'captured']);
        assert.equal(await store.recordDelivery('no-such-lead', { kind: 'failed', error: 'x' }), false);
        await assert.rejects(store.recordDelivery('att-1', { kind: 'retry', error: 'x', nextAttemptAt: 'soon' }), TypeError);
      }));

    test('requeueLeads puts a lead (by id) or every failed lead back in the outbox with a fresh run', () =>
      withStore(dialect, async (store) => {
        await createAll(store, [makeLead('rq-failed-1'), makeLead('rq-failed-2'), makeLead('rq-delivered'), makeLead('rq-call', { status: 'call-routed' })]);
        for (const id of ['rq-failed-1', 'rq-failed-2']) {
          await store.recordDelivery(id, { kind: 'retry', error: 'timeout', nextAttemptAt: at(1000) }, at(500));
          await store.recordDelivery(id, { kind: 'failed', error: 'timeout; gave up' }, at(1000));
        }
        await store.recordDelivery('rq-delivered', { kind: 'delivered', buyerLeadId: 'b-1', buyerPrice: 3, buyerResponse: '{}' }, at(500));
        assert.equal(await store.outboxDepth(), 0);

        const requeuedAt = at(86_400_000 * 2);
        assert.equal(await store.requeueLeads({ id: 'rq-delivered' }, requeuedAt), 1);
        const redo = await store.getLead('rq-delivered');
        assert.deepEqual(
          [redo?.status, redo?.attempts, redo?.nextAttemptAt, redo?.queuedAt, redo?.buyerLeadId, redo?.buyerPrice, redo?.deliveredAt, redo?.createdAt],
          ['captured', 0, requeuedAt, requeuedAt, null, null, null, T0],
        );
        assert.equal(await store.requeueLeads({ id: 'rq-call' }, requeuedAt), 0, 'a call-routed lead has no outbox to go back to');
        assert.equal(await store.requeueLeads({ id: 'no-such-lead' }, requeuedAt), 0);
        assert.equal(await store.requeueLeads({ status: 'failed' }, requeuedAt), 2);
        const failed = await store.getLead('rq-failed-1');
        assert.deepEqual([failed?.status, failed?.attempts, failed?.lastError, failed?.queuedAt], ['captured', 0, 'timeout; gave up', requeuedAt]);
        assert.equal(await store.outboxDepth(), 3);
        assert.deepEqual((await store.claimDueLeads(requeuedAt, 10, 1000)).map((lead) => lead.id).sort(), ['rq-delivered', 'rq-failed-1', 'rq-failed-2']);
      }));

    test('purgeLeads deletes leads created before the cut-off and counts them', () =>
      withStore(dialect, async (store) => {
        await createAll(store, [makeLead('p-old-1', { createdAt: at(0) }), makeLead('p-old-2', { createdAt: at(999) }), makeLead('p-new', { createdAt: at(1000) })]);
        assert.equal(await store.purgeLeads(at(1000)), 2);
        assert.deepEqual((await store.listLeads({})).map((lead) => lead.id), ['p-new']);
        assert.equal(await store.purgeLeads(at(1000)), 0);
        await assert.rejects(store.purgeLeads('yesterday'), TypeError);
      }));

    test('purgeUserStates deletes states not updated since the cut-off', () =>
      withStore(dialect, async (store) => {
        const before = new Date(Date.now() - 1000).toISOString();
        await store.setUserState('anon-a', { step: 1 });
        await store.setUserState('anon-b', { step: 2 });
        assert.equal(await store.purgeUserStates(before), 0, 'both were just updated');
        assert.equal(await store.purgeUserStates(new Date(Date.now() + 1000).toISOString()), 2);
        assert.equal(await store.getUserState('anon-a'), undefined);
      }));

    test('the access log keeps who revealed a lead, in order, per lead, and outlives a purge', () =>
      withStore(dialect, async (store) => {
        await store.createLead(makeLead('acc-1'));
        await store.recordLeadAccess({ leadId: 'acc-1', actor: 'ops@example.com', channel: 'control-center', at: at(1000) });
        await store.recordLeadAccess({ leadId: 'acc-1', actor: 'alice', channel: 'cli', at: at(500) });
        await store.recordLeadAccess({ leadId: 'acc-2', actor: 'alice', channel: 'cli' });
        assert.deepEqual(await store.listLeadAccesses('acc-1'), [
          { leadId: 'acc-1', actor: 'ops@example.com', channel: 'control-center', at: at(1000) },
          { leadId: 'acc-1', actor: 'alice', channel: 'cli', at: at(500) },
        ]);
        const [defaulted] = await store.listLeadAccesses('acc-2');
        assert.ok(defaulted && Math.abs(Date.parse(defaulted.at) - Date.now()) < 60_000);
        await store.purgeLeads(at(86_400_000));
        assert.equal((await store.listLeadAccesses('acc-1')).length, 2);
        assert.deepEqual(await store.listLeadAccesses('nobody'), []);
      }));

    test('a closed store refuses lead calls', async () => {
      let closed: Store | undefined;
      await withStore(dialect, async (store) => {
        closed = store;
      });
      await assert.rejects(closed!.createLead(makeLead('after-close')), /closed/);
      await assert.rejects(closed!.claimDueLeads(T0, 1, 1000), /closed/);
      const iterator = closed!.iterateLeads({})[Symbol.asyncIterator]();
      await assert.rejects(iterator.next(), /closed/);
    });
  });
}
