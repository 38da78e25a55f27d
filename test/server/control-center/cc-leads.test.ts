/**
 * The control center's leads API, behind its leads screen, on SQLite and on PostgreSQL: signed
 * out it answers 401; the list filters, searches and pages a branch's leads with every personal
 * value masked; Reveal and the CSV export write the lead access log and the audit log before any
 * value leaves; bad input is a 400 with its problems.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CC_LEAD_GET, CC_LEAD_REVEAL, CC_LEADS_EXPORT, CC_LEADS_LIST, fillPath, type LeadDetail, type LeadListResponse } from '../../../src/core/contract/index.ts';
import { SEARCH_PROBLEM } from '../../../src/server/control-center/leads/lead-search.ts';
import { CONTROL_CENTER_LEAD_ACCESS } from '../../../src/server/control-center/leads/lead-views.ts';
import { CSV_COLUMNS } from '../../../src/server/leads/lead-csv.ts';
import { AUTO_LEAD_FIELDS } from '../../../tools/support/auto-lead.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import type { NewLead } from '../../../src/server/platform/store/index.ts';
import { STORED_LEAD_IP, storedAutoLead } from '../../fixtures/stored-lead.ts';
import { injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF } from '../../support/staff.ts';

/** Personal values of the stored leads: none may appear in a masked answer. */
const PERSONAL = [AUTO_LEAD_FIELDS.driver1Email, AUTO_LEAD_FIELDS.driver1LastName, AUTO_LEAD_FIELDS.driver1Address, AUTO_LEAD_FIELDS.driver1Dob, '555-0123', STORED_LEAD_IP, 'utm_source'];

/** `lead` with the consent step's HTML hash and build a lead captured now keeps. */
function withConsentDocument(lead: NewLead): NewLead {
  return { ...lead, consent: { ...lead.consent!, htmlSha256: 'c3'.repeat(32), buildId: 'build-cc-leads-1' } };
}

/** The seeded leads: tqg's, oldest first (lead-d a duplicate of lead-a), with one of ac's that tqg must never show. */
const LEADS = [
  storedAutoLead('lead-a-0000000000001', { createdAt: '2026-03-01T09:00:00.000Z' }),
  storedAutoLead('lead-b-0000000000002', { createdAt: '2026-03-02T09:00:00.000Z', status: 'failed', fields: { driver1Email: 'Other.Person@Example.com', driver1Phone: '+1 305 555 0000' } }),
  // Another visitor: a third lead from lead-a's phone or email would be a duplicate, never in the outbox.
  withConsentDocument(storedAutoLead('lead-c-0000000000003', { createdAt: '2026-03-03T23:59:59.999Z', funnel: 'auto-es', language: 'es', fields: { driver1Email: 'ana.c@example.com', driver1Phone: '(555) 123-0303' } })),
  // lead-a's visitor again: stored as a duplicate of lead-a.
  storedAutoLead('lead-d-0000000000004', { createdAt: '2026-03-04T00:00:00.000Z', fields: { driver1FirstName: '=HYPERLINK("http://evil.test","x")' } }),
  storedAutoLead('lead-x-0000000000009', { createdAt: '2026-03-02T12:00:00.000Z', brandId: 'ac' }),
];

for (const dialect of STORE_DIALECTS) {
  describe(`the control center's leads API on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie: string;
    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_leads'));
      await addStaff(app);
      cookie = await signedInCookie(app);
      for (const lead of LEADS) await app.store.createLead(lead);
    });
    after(() => cleanup());

    const post = (path: string, body: unknown, headers: Record<string, string> = { cookie }) =>
      app.inject({ method: 'POST', url: path, headers: { host: HOST, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    const list = async (body: unknown): Promise<LeadListResponse> => {
      const response = await post(fillPath(CC_LEADS_LIST.path, { branch: 'tqg' }), body);
      assert.equal(response.statusCode, 200, response.body);
      for (const value of PERSONAL) assert.ok(!response.body.includes(value), `the list shows ${value}`);
      return response.json<LeadListResponse>();
    };
    const ids = (answer: LeadListResponse) => answer.leads.map((lead) => lead.id.slice(0, 6));

    test('signed out, every endpoint answers 401', async () => {
      const paths: [string, string][] = [
        ['POST', fillPath(CC_LEADS_LIST.path, { branch: 'tqg' })],
        ['GET', fillPath(CC_LEAD_GET.path, { branch: 'tqg', lead: LEADS[0]!.id })],
        ['POST', fillPath(CC_LEAD_REVEAL.path, { branch: 'tqg', lead: LEADS[0]!.id })],
        ['POST', fillPath(CC_LEADS_EXPORT.path, { branch: 'tqg' })],
      ];
      for (const [method, url] of paths) {
        const response = await app.inject({ method: method as 'GET' | 'POST', url, headers: { host: HOST } });
        assert.equal(response.statusCode, 401, `${method} ${url}`);
        assert.ok(!response.body.includes(AUTO_LEAD_FIELDS.driver1Email));
      }
    });

    test('the list holds the branch’s leads only, newest first, contact details masked', async () => {
      const answer = await list({});
      assert.deepEqual(ids(answer), ['lead-d', 'lead-c', 'lead-b', 'lead-a']);
      assert.equal(answer.next, null);
      const first = answer.leads.find((lead) => lead.id === LEADS[0]!.id)!;
      assert.deepEqual([first.name, first.email, first.phone], ['A***', 'a***@e***.com', '(***) ***-0123']);
      assert.ok(answer.funnels.includes('auto'));
    });

    const filterCases: [string, unknown, string[]][] = [
      ['status failed', { status: 'failed' }, ['lead-b']],
      ['funnel auto-es', { funnel: 'auto-es' }, ['lead-c']],
      ['from 2026-03-03 (the whole day)', { from: '2026-03-03' }, ['lead-d', 'lead-c']],
      ['to 2026-03-03 (the whole day, its last millisecond included)', { to: '2026-03-03' }, ['lead-c', 'lead-b', 'lead-a']],
      ['one day', { from: '2026-03-02', to: '2026-03-02' }, ['lead-b']],
      ['search by lead id', { search: LEADS[2]!.id }, ['lead-c']],
      ['search by another branch’s lead id', { search: LEADS[4]!.id }, []],
      ['search by email, other case and spaces', { search: '  OTHER.person@example.COM ' }, ['lead-b']],
      ['search by phone, other punctuation', { search: '201.555.0123' }, ['lead-d', 'lead-a']],
      ['status duplicate', { status: 'duplicate' }, ['lead-d']],
      ['search by phone with the country code', { search: '(305) 555-0000' }, ['lead-b']],
      ['search by email and status together', { search: AUTO_LEAD_FIELDS.driver1Email, status: 'failed' }, []],
      ['search by an email nobody gave', { search: 'nobody@example.com' }, []],
    ];
    for (const [name, filters, expected] of filterCases) {
      test(`filter: ${name}`, async () => assert.deepEqual(ids(await list({ filters })), expected));
    }

    test('pages follow each other without overlap or gap, with and without a search', async () => {
      for (const filters of [{}, { search: '2015550123' }]) {
        const all = ids(await list({ filters }));
        const seen: string[] = [];
        let page = await list({ filters, limit: 1 });
        for (;;) {
          seen.push(...ids(page));
          if (page.next === null) break;
          page = await list({ filters, limit: 1, olderThan: page.next });
        }
        assert.deepEqual(seen, all);
      }
    });

    const badLists: [string, unknown, RegExp][] = [
      ['an unknown status', { filters: { status: 'lost' } }, /^filters\.status: /],
      ['from after to', { filters: { from: '2026-03-05', to: '2026-03-01' } }, /^filters\.to: from is after to$/],
      ['a day that does not exist', { filters: { from: '2026-02-30' } }, /^filters\.from: is no such day$/],
      ['an unknown key', { filters: { brand: 'ac' } }, /^filters: /],
      ['a page of 0', { limit: 0 }, /^limit: /],
      ['a search that is no id, email or phone', { filters: { search: 'Ana' } }, new RegExp(`^${SEARCH_PROBLEM.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)],
      ['a body that is no object', [1], /./],
    ];
    for (const [name, body, problem] of badLists) {
      test(`400 for ${name}`, async () => {
        const response = await post(fillPath(CC_LEADS_LIST.path, { branch: 'tqg' }), body);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.ok(answer.problems.some((line) => problem.test(line)), answer.problems.join('\n'));
      });
    }

    test('404 for an unknown branch, the control center itself, and another branch’s lead', async () => {
      assert.equal((await post(fillPath(CC_LEADS_LIST.path, { branch: 'nope' }), {})).statusCode, 404);
      assert.equal((await post(fillPath(CC_LEADS_LIST.path, { branch: 'ccc' }), {})).statusCode, 404);
      const other = await app.inject({ url: fillPath(CC_LEAD_GET.path, { branch: 'tqg', lead: LEADS[4]!.id }), headers: { host: HOST, cookie } });
      assert.equal(other.statusCode, 404);
      assert.deepEqual(other.json<{ problems: string[] }>().problems, [`no lead '${LEADS[4]!.id}' in branch 'tqg'`]);
    });

    test('a lead’s detail: facts, consent proof and delivery attempts, personal values masked, nothing logged', async () => {
      const lead = LEADS[2]!;
      const retry = { kind: 'retry', error: 'upstream answered HTTP 503', nextAttemptAt: '2026-03-04T00:05:00.000Z' } as const;
      assert.ok(await app.store.recordDelivery(lead.id, retry, '2026-03-04T00:00:30.000Z'));
      const response = await app.inject({ url: fillPath(CC_LEAD_GET.path, { branch: 'tqg', lead: lead.id }), headers: { host: HOST, cookie } });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['cache-control'], 'no-store');
      for (const value of PERSONAL) assert.ok(!response.body.includes(value), `the detail shows ${value}`);
      const detail = response.json<LeadDetail>();
      assert.equal(detail.revealed, false);
      assert.equal(detail.lead.funnel, 'auto-es');
      assert.equal(detail.lead.fields.driver1Email, 'a***@e***.com');
      assert.equal(detail.lead.fields.zipcode, AUTO_LEAD_FIELDS.zipcode);
      assert.equal(detail.lead.consent?.text, lead.consent!.text);
      assert.equal(detail.lead.consent?.ip, '***');
      assert.deepEqual([detail.lead.consent?.htmlSha256, detail.lead.consent?.buildId], ['c3'.repeat(32), 'build-cc-leads-1']);
      assert.equal(detail.lead.consent?.pageUrl, 'https://tqg.localhost/quiz/auto/contact?***');
      assert.deepEqual(detail.lead.delivery, {
        attempts: 1,
        queuedAt: lead.createdAt,
        nextAttemptAt: retry.nextAttemptAt,
        lastError: retry.error,
        deliveredAt: null,
        buyerLeadId: null,
        buyerPrice: null,
        buyerResponse: null,
      });
      assert.deepEqual(await app.store.listLeadAccesses(lead.id), []);
    });

    test('Reveal answers the values after writing the access log and the audit log', async () => {
      const lead = LEADS[0]!;
      const response = await post(fillPath(CC_LEAD_REVEAL.path, { branch: 'tqg', lead: lead.id }), {});
      assert.equal(response.statusCode, 200, response.body);
      const detail = response.json<LeadDetail>();
      assert.equal(detail.revealed, true);
      assert.equal(detail.lead.fields.driver1Email, AUTO_LEAD_FIELDS.driver1Email);
      assert.equal(detail.lead.consent?.ip, STORED_LEAD_IP);
      const accesses = await app.store.listLeadAccesses(lead.id);
      assert.deepEqual(accesses.map(({ actor, channel }) => ({ actor, channel })), [{ actor: STAFF.email, channel: CONTROL_CENTER_LEAD_ACCESS.reveal }]);
      assert.deepEqual(detail.accesses.map(({ actor }) => actor), [STAFF.email]);
      const audit = await app.store.listAudit({ branch: 'tqg', itemKind: 'lead', itemId: lead.id, limit: 5 });
      assert.deepEqual(audit.map(({ userEmail, action, before, after }) => ({ userEmail, action, before, after })), [{ userEmail: STAFF.email, action: 'reveal', before: undefined, after: undefined }]);
    });

    test('Reveal sends nothing when a log cannot be written', async (t) => {
      for (const method of ['recordLeadAccess', 'recordAudit'] as const) {
        const failing = t.mock.method(app.store, method, async () => {
          throw new Error('the disk is full');
        });
        const response = await post(fillPath(CC_LEAD_REVEAL.path, { branch: 'tqg', lead: LEADS[2]!.id }), {});
        failing.mock.restore();
        assert.equal(response.statusCode, 500, method);
        for (const value of PERSONAL) assert.ok(!response.body.includes(value), `${method} failed, yet the answer shows ${value}`);
      }
    });

    test('Reveal refuses a body with anything in it', async () => {
      const response = await post(fillPath(CC_LEAD_REVEAL.path, { branch: 'tqg', lead: LEADS[0]!.id }), { fields: 'all' });
      assert.equal(response.statusCode, 400);
    });

    test('the CSV export: the CLI’s columns, formula-safe cells, audited and access-logged before it is sent', async () => {
      const response = await post(fillPath(CC_LEADS_EXPORT.path, { branch: 'tqg' }), { search: '201 555 0123', to: '2026-03-04' });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/csv/);
      assert.match(String(response.headers['content-disposition']), /^attachment; filename="leads-tqg-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body.split('\r\n').filter(Boolean);
      assert.equal(lines[0], CSV_COLUMNS.join(','));
      assert.deepEqual(lines.slice(1).map((line) => line.slice(0, 6)), ['lead-a', 'lead-d']);
      assert.ok(lines[2]!.includes(`"'=HYPERLINK(""http://evil.test"",""x"")"`), lines[2]);
      // lead-d's status and the lead it repeats are columns of their own.
      const cells = (line: string) => Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, line.split(',')[index]]));
      assert.deepEqual([cells(lines[2]!).status, cells(lines[2]!).duplicateOf], ['duplicate', LEADS[0]!.id]);
      assert.ok(lines[1]!.includes(AUTO_LEAD_FIELDS.driver1Email), 'the export holds the personal values');
      const [entry] = await app.store.listAudit({ branch: 'tqg', itemKind: 'lead', itemId: 'export', limit: 1 });
      assert.deepEqual(entry?.after, { filters: { to: '2026-03-04', search: 'phone' }, leads: 2 });
      assert.ok(!JSON.stringify(entry).includes('0123'), 'the audit log keeps the search term');
      for (const lead of [LEADS[0]!, LEADS[3]!]) {
        const accesses = await app.store.listLeadAccesses(lead.id);
        assert.ok(accesses.some(({ actor, channel }) => actor === STAFF.email && channel === CONTROL_CENTER_LEAD_ACCESS.export), lead.id);
      }
      assert.equal((await app.store.listLeadAccesses(LEADS[1]!.id)).length, 0, 'a lead outside the export is not logged');
    });

    test('a duplicate names the lead it repeats, an incomplete lead the answers it lacks', async () => {
      const lacking = storedAutoLead('lead-e-0000000000005', {
        createdAt: '2026-03-06T10:00:00.000Z',
        status: 'incomplete',
        missingFields: ['vehicle1Year', 'vehicle1Make', 'vehicle1Model'],
        fields: { vehicle1Year: undefined, vehicle1Make: undefined, vehicle1Model: undefined },
      });
      await app.store.createLead(lacking);
      const detail = async (id: string) => {
        const response = await app.inject({ url: fillPath(CC_LEAD_GET.path, { branch: 'tqg', lead: id }), headers: { host: HOST, cookie } });
        assert.equal(response.statusCode, 200, response.body);
        return response.json<LeadDetail>().lead;
      };
      const cases: Array<[string, Pick<LeadDetail['lead'], 'status' | 'duplicateOf' | 'missingFields'>]> = [
        [LEADS[3]!.id, { status: 'duplicate', duplicateOf: LEADS[0]!.id, missingFields: [] }],
        [lacking.id, { status: 'incomplete', duplicateOf: null, missingFields: ['vehicle1Year', 'vehicle1Make', 'vehicle1Model'] }],
        [LEADS[0]!.id, { status: 'captured', duplicateOf: null, missingFields: [] }],
      ];
      for (const [id, expected] of cases) {
        const { status, duplicateOf, missingFields } = await detail(id);
        assert.deepEqual({ status, duplicateOf, missingFields }, expected, id);
      }
      assert.deepEqual(ids(await list({ filters: { status: 'incomplete' } })), ['lead-e']);
    });

    test('the export refuses bad filters with a 400', async () => {
      const response = await post(fillPath(CC_LEADS_EXPORT.path, { branch: 'tqg' }), { status: 'gone', search: 'x' });
      assert.equal(response.statusCode, 400);
      assert.ok(response.json<{ problems: string[] }>().problems.some((line) => line.startsWith('status: ')));
    });
  });
}
