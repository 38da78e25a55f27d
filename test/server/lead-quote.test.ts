import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AutoLead } from '../../src/core/leads/auto.ts';
import { REDACTED } from '../../src/server/marketplace/redact.ts';
import { startSandboxMarketplace } from '../../src/server/sandbox/marketplace.ts';
import { injectableApp } from '../support/server.ts';

/** A real lead buyer: records every body it receives and answers with `answer` (status, body). */
async function startLeadBuyer(answer: { status: number; body: string }) {
  const received: unknown[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const AUTO_LEAD: AutoLead = {
  zipcode: '33187',
  currentlyInsured: true,
  currentCompany: 'State Farm',
  homeowner: false,
  driver1FirstName: 'Ada',
  driver1LastName: 'Lovelace',
  driver1Email: 'ada@example.com',
  driver1Phone: '(305) 555-0142',
  driver1Address: '1 Main St',
  driver1Dob: '1956-04-30',
  driver1Gender: 'female',
  driver1MaritalStatus: 'widowed',
  driver1CreditRating: 'good',
  driver1MilitaryAffiliation: false,
  driver2FirstName: 'Charles',
  driver2MaritalStatus: 'married',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
};

describe('POST /api/leads/quote', () => {
  let buyer: Awaited<ReturnType<typeof startLeadBuyer>>;
  let app: FastifyInstance;
  before(async () => {
    buyer = await startLeadBuyer({ status: 200, body: '{"accepted":true,"quote_id":"q-1"}' });
    app = await injectableApp({ LEAD_BUYER_URL: buyer.url });
  });
  after(async () => {
    await app.close();
    await buyer.close();
  });

  const quote = (payload: unknown) => app.inject({ method: 'POST', url: '/api/leads/quote', headers: { host: 'tqg.localhost' }, payload: payload as object });

  test('an auto lead reaches the lead buyer mapped to its schema, and the answer comes back as {parsed, raw}', async () => {
    const response = await quote({ product: 'auto', lead: AUTO_LEAD });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { parsed: { accepted: true, quote_id: 'q-1' }, raw: '{"accepted":true,"quote_id":"q-1"}' });
    assert.deepEqual(buyer.received.at(-1), {
      zip: '33187',
      drivers: [
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          dob: '1956-04-30',
          address: '1 Main St',
          primary_phone: '3055550142',
          gender: 'female',
          own_or_rent: 'rent',
          marital_status: 'non-married',
          credit_rating: 'good',
          military_experience: 'no',
        },
        { first_name: 'Charles', marital_status: 'married' },
      ],
      vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }],
      coverage: { has_coverage: 'yes', former_insurer: 'state farm' },
    });
  });

  test('the exchange is recorded with the PII redacted', async () => {
    await quote({ product: 'auto', lead: AUTO_LEAD });
    const [row] = await app.store.listExchanges({ last: 1, kind: 'lead-quote' });
    assert.ok(row);
    assert.equal(row.brandId, 'tqg');
    assert.equal(row.url, buyer.url);
    assert.equal(row.status, 200);
    assert.equal(row.error, null);
    const [driver1, driver2] = (row.request as { drivers: Record<string, unknown>[] }).drivers;
    assert.deepEqual(driver1, {
      first_name: REDACTED,
      last_name: REDACTED,
      email: REDACTED,
      dob: REDACTED,
      address: REDACTED,
      primary_phone: REDACTED,
      gender: 'female',
      own_or_rent: 'rent',
      marital_status: 'non-married',
      credit_rating: 'good',
      military_experience: 'no',
    });
    assert.deepEqual(driver2, { first_name: REDACTED, marital_status: 'married' });
  });

  test("a medicare lead: 400 'schema not implemented for medicare', nothing sent", async () => {
    const sent = buyer.received.length;
    const response = await quote({ product: 'medicare', lead: { zipcode: '90210', haveMedicare: true, haveMedicaid: false } });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ error: string }>().error, 'schema not implemented for medicare');
    assert.equal(buyer.received.length, sent);
  });

  const badRequests: Array<[string, unknown, string, RegExp]> = [
    ['an invalid auto lead', { product: 'auto', lead: { zipcode: '1234', driver1Dob: '1956-02-30' } }, 'invalid auto lead', /^(zipcode|driver1Dob): /],
    ['an unknown product', { product: 'life', lead: {} }, 'invalid lead-quote request', /^product: /],
    ['no lead object', { product: 'auto', lead: 'yes' }, 'invalid auto lead', /^Send the lead as an object of fields/],
  ];
  for (const [label, payload, error, problem] of badRequests) {
    test(`${label}: 400 with the problems, nothing sent`, async () => {
      const sent = buyer.received.length;
      const response = await quote(payload);
      assert.equal(response.statusCode, 400);
      const body = response.json<{ error: string; problems: string[] }>();
      assert.equal(body.error, error);
      assert.ok(body.problems.length > 0 && body.problems.every((line) => problem.test(line)), body.problems.join(' | '));
      assert.equal(buyer.received.length, sent);
    });
  }
});

describe('POST /api/leads/quote when the lead buyer fails', () => {
  test('HTTP 500 from the lead buyer: 502, recorded', async () => {
    const buyer = await startLeadBuyer({ status: 500, body: '{"error":"down"}' });
    const app = await injectableApp({ LEAD_BUYER_URL: buyer.url });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/leads/quote', headers: { host: 'ps.localhost' }, payload: { product: 'auto', lead: AUTO_LEAD } });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error: 'upstream answered HTTP 500' });
      const [row] = await app.store.listExchanges({ last: 1 });
      assert.deepEqual([row?.kind, row?.status, row?.error, row?.response], ['lead-quote', 500, 'upstream answered HTTP 500', '{"error":"down"}']);
    } finally {
      await app.close();
      await buyer.close();
    }
  });

  test('a slow lead buyer (the sandbox, ZIP 00001) past the budget: 502 timed out', async () => {
    const sandbox = await startSandboxMarketplace();
    const app = await injectableApp({ LEAD_BUYER_URL: sandbox.endpoints.leadBuyer, MEDIAALPHA_TIMEOUT_MS: '250' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/leads/quote',
        headers: { host: 'ps.localhost' },
        payload: { product: 'auto', lead: { ...AUTO_LEAD, zipcode: '00001' } },
      });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error: 'upstream timed out after 250 ms' });
    } finally {
      await app.close();
      await sandbox.close();
    }
  });

  test('no LEAD_BUYER_URL: 503 naming it', async () => {
    const app = await injectableApp({});
    try {
      const response = await app.inject({ method: 'POST', url: '/api/leads/quote', headers: { host: 'ps.localhost' }, payload: { product: 'auto', lead: AUTO_LEAD } });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { error: 'LEAD_BUYER_URL is not configured' });
    } finally {
      await app.close();
    }
  });
});
