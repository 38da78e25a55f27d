/**
 * A lead is offered to a buyer only when complete and not a duplicate: the buyer minimum per
 * product (core/leads/buyer-minimum.ts), the contact spelling (core/contact/spelling.ts), and
 * the store's duplicate rule on SQLite and PostgreSQL (real, TEST_DATABASE_URL): same product,
 * same phone or email, within DUPLICATE_WINDOW_DAYS of a lead offered to its buyer, concurrent
 * captures included.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normaliseEmail, normalisePhone } from '../../../src/core/contact/spelling.ts';
import { BUYER_MINIMUM, missingForBuyer } from '../../../src/core/leads/buyer-minimum.ts';
import { DUPLICATE_WINDOW_MS, leadContact } from '../../../src/core/leads/contact-keys.ts';
import { retryRefusal } from '../../../src/core/leads/statuses.ts';
import { initialLeadStatus } from '../../../src/server/leads/capture.ts';
import type { DeliveryOutcome, NewLead, Store } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;

/** T0 moved by `ms` milliseconds. */
function at(ms: number): string {
  return new Date(Date.parse(T0) + ms).toISOString();
}

/** A complete auto lead of Ada's. */
const AUTO = {
  zipcode: '33187',
  driver1FirstName: 'Ada',
  driver1LastName: 'Lovelace',
  driver1Email: 'ada@example.com',
  driver1Phone: '(305) 555-0142',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
};

/** A complete life (or health) lead of Ada's. */
const LIFE = { zipcode: '33187', ageRange: '65-74', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(305) 555-0142' };

function makeLead(id: string, overrides: Partial<NewLead> = {}): NewLead {
  return {
    id,
    brandId: 'tqg',
    route: 'quiz-auto',
    funnel: 'auto',
    product: 'auto',
    language: 'en',
    anonymousId: `anon-${id}`,
    sessionId: `session-${id}`,
    fields: AUTO,
    consent: null,
    status: 'captured',
    createdAt: T0,
    ...overrides,
  };
}

/** Stores `lead` and answers its status and what it is a duplicate of. */
async function stored(store: Store, lead: NewLead): Promise<[string, string | null]> {
  const { lead: row } = await store.createLead(lead);
  return [row.status, row.duplicateOf];
}

describe('the buyer minimum', () => {
  const { driver1FirstName: _first, ...noFirstName } = AUTO;
  const { vehicle1Year: _y, vehicle1Make: _m, vehicle1Model: _model, ...noVehicle } = AUTO;
  const { ageRange: _age, ...noAge } = LIFE;
  const { phone: _phone, ...noPhone } = LIFE;
  const cases: Array<[string, string, Record<string, unknown>, string[]]> = [
    ['auto, complete', 'auto', AUTO, []],
    ['auto, no first name', 'auto', noFirstName, ['driver1FirstName']],
    ['auto, blank last name', 'auto', { ...AUTO, driver1LastName: '  ' }, ['driver1LastName']],
    ['auto, no vehicle', 'auto', noVehicle, ['vehicle1Year', 'vehicle1Make', 'vehicle1Model']],
    ['auto, only a second vehicle', 'auto', { ...noVehicle, vehicle2Year: '2020', vehicle2Make: 'Ford', vehicle2Model: 'F-150' }, ['vehicle1Year', 'vehicle1Make', 'vehicle1Model']],
    ['auto, nothing', 'auto', {}, [...BUYER_MINIMUM.auto]],
    ['life, complete', 'life', LIFE, []],
    ['life, no age range', 'life', noAge, ['ageRange']],
    ['life, no phone (an email is not enough to call)', 'life', noPhone, ['phone']],
    ['health, complete', 'health', LIFE, []],
    ['health, no ZIP', 'health', { ...LIFE, zipcode: null }, ['zipcode']],
    // A Medicare lead is call-routed; only a call-back goes to a buyer, who needs whom to call, where and when.
    ['medicare call-back, nothing', 'medicare', {}, ['zipcode', 'phone', 'callbackAt']],
    ['medicare call-back, complete', 'medicare', { zipcode: '33101', phone: '(201) 555-0123', callbackAt: '2026-11-30T13:00:00.000Z' }, []],
  ];
  for (const [label, product, fields, missing] of cases) {
    test(label, () => assert.deepEqual(missingForBuyer(product, fields), missing));
  }

  const statuses: Array<[string, boolean, boolean, string[], string]> = [
    ['auto', false, false, [], 'captured'],
    ['auto', false, false, ['zipcode'], 'incomplete'],
    ['life', true, true, ['phone'], 'incomplete'],
    ['life', false, true, ['phone'], 'call-routed'],
    ['health', true, false, ['zipcode'], 'call-routed'],
    ['medicare', true, true, [], 'call-routed'],
  ];
  for (const [product, consented, takes, missing, status] of statuses) {
    test(`initialLeadStatus: ${product}, ${consented ? 'consent' : 'no consent'}, buyer ${takes ? 'set' : 'unset'}, missing [${missing.join(', ')}]: ${status}`, () => {
      assert.equal(
        initialLeadStatus(product, consented, () => takes, missing),
        status,
      );
    });
  }
});

describe('contact spelling', () => {
  const phones: Array<[string, string | undefined]> = [
    ['(305) 555-0142', '+13055550142'],
    ['305.555.0142', '+13055550142'],
    ['+1 305 555 0142', '+13055550142'],
    ['\uFF13\uFF10\uFF15 555 0142', '+13055550142'],
    ['555-0142', undefined],
    ['2 305 555 0142', undefined],
  ];
  for (const [phone, expected] of phones) test(`phone ${JSON.stringify(phone)}`, () => assert.equal(normalisePhone(phone), expected));
  test('emails: NFKC, trimmed, lower-cased', () => assert.equal(normaliseEmail(' Ada@Example.COM\u00A0'), 'ada@example.com'));
  test("a lead's contact comes from its product's fields", () => {
    assert.deepEqual(leadContact('auto', AUTO), { phone: '+13055550142', email: 'ada@example.com' });
    assert.deepEqual(leadContact('life', { email: ' ADA@example.com', phone: '' }), { email: 'ada@example.com' });
    assert.deepEqual(leadContact('medicare', { zipcode: '33187' }), {});
  });
  test('retries of leads never for a buyer are refused, with a reason', () => {
    for (const status of ['call-routed', 'incomplete', 'duplicate'] as const) assert.ok(retryRefusal(status));
    for (const status of ['captured', 'delivered', 'rejected', 'failed'] as const) assert.equal(retryRefusal(status), undefined);
  });
});

for (const dialect of STORE_DIALECTS) {
  describe(`duplicates on ${dialect}`, () => {
    test('the same phone or email within the window is a duplicate of the first lead; after it, across products, or another contact is not', () =>
      withStore(dialect, async (store) => {
        await store.createLead(makeLead('dup-first-000001'));
        const other = { ...AUTO, driver1Email: 'grace@example.com', driver1Phone: '(212) 555-0199' };
        const cases: Array<[string, NewLead, [string, string | null]]> = [
          ['same phone, spelled otherwise', makeLead('dup-phone-000001', { fields: { ...other, driver1Phone: '305-555-0142' }, createdAt: at(DAY_MS) }), ['duplicate', 'dup-first-000001']],
          ['same email, other case and spaces', makeLead('dup-email-000001', { fields: { ...other, driver1Email: ' ADA@Example.com ' }, createdAt: at(2 * DAY_MS) }), ['duplicate', 'dup-first-000001']],
          ['a third one links to the first, not to a duplicate', makeLead('dup-third-000001', { createdAt: at(29 * DAY_MS) }), ['duplicate', 'dup-first-000001']],
          ['same contact, another product', makeLead('dup-life-0000001', { product: 'life', funnel: 'life', fields: LIFE, createdAt: at(DAY_MS) }), ['captured', null]],
          ['another contact', makeLead('dup-other-000001', { fields: other, createdAt: at(3 * DAY_MS) }), ['captured', null]],
          ['after the window', makeLead('dup-late-0000001', { createdAt: at(DUPLICATE_WINDOW_MS + 1) }), ['captured', null]],
        ];
        for (const [label, lead, expected] of cases) assert.deepEqual(await stored(store, lead), expected, label);
        // Neither duplicate waits in the outbox: the first, the life lead, the other and the late one do.
        assert.equal(await store.outboxDepth(), 4);
        assert.deepEqual((await store.listLeads({ status: 'duplicate' })).map((lead) => lead.id).sort(), ['dup-email-000001', 'dup-phone-000001', 'dup-third-000001']);
      }));

    test('only a lead offered to its buyer counts as a first: incomplete, call-routed and duplicate ones do not; a delivered or failed one does', () =>
      withStore(dialect, async (store) => {
        await store.createLead(makeLead('first-incomplete1', { status: 'incomplete', missingFields: ['vehicle1Year'] }));
        await store.createLead(makeLead('first-call-route', { status: 'call-routed', createdAt: at(1000) }));
        assert.deepEqual(await stored(store, makeLead('then-complete-01', { createdAt: at(2000) })), ['captured', null]);
        for (const [outcome, id] of [
          [{ kind: 'delivered', buyerLeadId: 'b-1', buyerPrice: 9, buyerResponse: '{}' }, 'then-complete-01'],
        ] as Array<[DeliveryOutcome, string]>) {
          await store.recordDelivery(id, outcome, at(3000));
        }
        assert.deepEqual(await stored(store, makeLead('after-delivered', { createdAt: at(DAY_MS) })), ['duplicate', 'then-complete-01']);
        // An incomplete lead stays incomplete (what it lacks is its own fault), whoever came first.
        assert.deepEqual(await stored(store, makeLead('incomplete-again', { status: 'incomplete', missingFields: ['zipcode'], createdAt: at(DAY_MS) })), ['incomplete', null]);

        const failedFields = { ...AUTO, driver1Email: 'f@example.com', driver1Phone: '(305) 555-0100' };
        await store.createLead(makeLead('failed-first-001', { fields: failedFields }));
        await store.recordDelivery('failed-first-001', { kind: 'failed', error: 'gave up' }, at(1000));
        assert.deepEqual(await stored(store, makeLead('after-failed-001', { fields: failedFields, createdAt: at(DAY_MS) })), ['duplicate', 'failed-first-001']);
      }));

    test('the same lead id retried is the same lead, not a duplicate', () =>
      withStore(dialect, async (store) => {
        const first = await store.createLead(makeLead('retried-lead-001'));
        const again = await store.createLead(makeLead('retried-lead-001', { createdAt: at(5000) }));
        assert.equal(again.created, false);
        assert.deepEqual(again.lead, first.lead);
        assert.equal(again.lead.status, 'captured');
      }));

    test('a duplicate or incomplete lead cannot be requeued by id', () =>
      withStore(dialect, async (store) => {
        await store.createLead(makeLead('requeue-first-01'));
        await store.createLead(makeLead('requeue-dup-0001', { createdAt: at(1000) }));
        await store.createLead(makeLead('requeue-inc-0001', { status: 'incomplete', missingFields: ['zipcode'], fields: { ...AUTO, driver1Phone: '(305) 555-0101', driver1Email: 'x@example.com' } }));
        assert.equal(await store.requeueLeads({ id: 'requeue-dup-0001' }, at(2000)), 0);
        assert.equal(await store.requeueLeads({ id: 'requeue-inc-0001' }, at(2000)), 0);
        assert.deepEqual([(await store.getLead('requeue-dup-0001'))?.status, (await store.getLead('requeue-inc-0001'))?.status], ['duplicate', 'incomplete']);
        assert.equal(await store.outboxDepth(), 1);
      }));

    test('concurrent captures of one contact, through two store connections, put exactly one in the outbox', async () => {
      const target = createStoreTarget(dialect);
      const stores: Store[] = [];
      try {
        // Two opened stores: two pools on PostgreSQL, two connections to the file on SQLite, as two processes would have.
        for (let index = 0; index < 2; index += 1) stores.push(await target.open());
        const total = 16;
        const leads = Array.from({ length: total }, (_unused, index) =>
          // Half share the phone and the email, half only the email: leads locking one key and
          // leads locking both must still see each other.
          makeLead(`race-${String(index).padStart(12, '0')}`, { fields: index % 2 === 0 ? AUTO : { ...AUTO, driver1Phone: `(212) 555-01${String(index).padStart(2, '0')}` } }),
        );
        const results = await Promise.all(leads.map((lead, index) => stores[index % stores.length]!.createLead(lead)));
        const captured = results.filter(({ lead }) => lead.status === 'captured');
        assert.equal(captured.length, 1, `captured: ${captured.map(({ lead }) => lead.id).join(', ')}`);
        const firstId = captured[0]!.lead.id;
        for (const { lead } of results.filter(({ lead }) => lead.status !== 'captured')) assert.deepEqual([lead.status, lead.duplicateOf], ['duplicate', firstId]);
        assert.equal(await stores[0]!.outboxDepth(), 1);
      } finally {
        for (const store of stores) await store.close();
        await target.cleanup();
      }
    });
  });
}
