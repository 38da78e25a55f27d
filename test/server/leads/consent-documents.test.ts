/**
 * The consent step's HTML a lead's proof keeps: for every funnel with a consent step it is exactly
 * the part of the page a visitor is served at that step; captured (through captureLead, the one
 * path of POST /api/leads and the no-JavaScript post) on SQLite and PostgreSQL, the proof holds the
 * sha256 of exactly the stored bytes and the build id, the bytes hold the disclosure and the
 * button and no personal value, and leads shown the same step share one document row.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRANDS } from '../../../brands/index.ts';
import { ROUTES } from '../../../routes.ts';
import type { LeadCaptureRequest } from '../../../src/core/contract/leads.ts';
import { funnelConsent, isConsentStep } from '../../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../../src/core/funnels/funnels.ts';
import { postWalkedLead } from '../../support/js-walk.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';
import { stepPath } from '../../../src/core/funnels/paths.ts';
import { DEFAULT_DIST_DIR } from '../../../src/server/app.ts';
import { captureLead, type CaptureContext } from '../../../src/server/leads/capture.ts';
import { renderConsentStep } from '../../../src/server/leads/consent-document.tsx';
import { readBuildManifest } from '../../../src/server/platform/build-info.ts';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest, TQG_AUTO_CONSENT } from '../../../tools/support/auto-lead.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';

/** The visitor's personal values: none may be in a consent document. */
const PERSONAL = {
  driver1FirstName: 'Philippa',
  driver1LastName: 'Quennell',
  driver1Email: 'philippa.quennell@example.com',
  driver1Phone: '(305) 555-0142',
  driver1Address: '77 Wisteria Lane',
  driver1Address2: 'Unit 9',
  driver1Dob: '1949-07-21',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The text a browser shows for an HTML fragment: tags dropped, the entities React writes decoded. */
function textContent(html: string): string {
  const entities: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
  return html.replace(/<[^>]*>/g, '').replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => entities[entity] ?? entity);
}

/** The one element of `html` carrying `marker` in its start tag, as text (assert fails when there is not exactly one). */
function elementText(html: string, tag: string, marker: string): string {
  const matches = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*${marker}[^>]*>(.*?)</${tag}>`, 'g'))];
  assert.equal(matches.length, 1, `one <${tag}> with ${marker}`);
  return textContent(matches[0]![1]!);
}

let counter = 0;
/** A tqg auto lead with {@link PERSONAL}'s values, as POST /api/leads takes it; `overrides` replace top-level fields. */
function autoLead(overrides: Partial<Record<keyof LeadCaptureRequest, unknown>> = {}): LeadCaptureRequest {
  counter++;
  const id = `lead-consent-doc-${String(counter).padStart(6, '0')}-${process.pid}`;
  return autoLeadRequest(id, { fields: { ...AUTO_LEAD_FIELDS, ...PERSONAL }, ...overrides }) as unknown as LeadCaptureRequest;
}

/** The name of every step of every funnel. */
const EVERY_STEP = Object.values(FUNNELS).flatMap((funnel) => funnel.steps.map((step) => step.name));

function context(brandId: string, buildId: string): CaptureContext {
  const brand = BRANDS.find((candidate) => candidate.id === brandId)!;
  // Captured straight through captureLead: every step of every funnel counts as walked.
  return { brand, ip: '203.0.113.9', userAgent: 'ConsentDocTest/1.0', now: new Date(), buildId, walked: EVERY_STEP, production: false };
}

/** One brand and route per funnel that has a consent step: every consent step the product shows. */
const CONSENT_ROUTES = [
  ...new Map(
    ROUTES.flatMap((route) => {
      const funnel = route.page.form === undefined ? undefined : funnelById(route.page.form);
      const brand = route.brands.find((id) => id !== 'ccc');
      return funnel && brand && funnel.steps.some(isConsentStep) ? [[funnel.id, { route, funnel, brand }] as const] : [];
    }),
  ).values(),
];

describe('the consent document is the step the page serves', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  test('there are consent steps to check, the auto funnel’s among them', () => {
    assert.ok(CONSENT_ROUTES.some(({ funnel }) => funnel.id === 'auto'));
  });

  for (const { route, funnel, brand } of CONSENT_ROUTES) {
    test(`${brand} ${route.name} (funnel ${funnel.id}): the document is byte for byte part of the step's page`, async () => {
      const document = renderConsentStep({ brandId: brand, route: route.name, funnel: funnel.id });
      assert.ok(document.ok, document.ok ? '' : document.problem);
      const step = funnel.steps.find(isConsentStep)!;
      const host = `${brand}.localhost`;
      const page = await app.inject({ method: 'GET', url: stepPath(route.path, {}, step.name), headers: { host } });
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes(document.html), 'the served page holds the document verbatim');
      assert.equal(document.sha256, sha256(document.html));
      const consent = funnelConsent(funnel, BRANDS.find((candidate) => candidate.id === brand)!)!;
      assert.equal(elementText(document.html, 'p', 'data-consent=""'), consent.text);
      assert.equal(elementText(document.html, 'button', 'aria-describedby="funnel-consent-'), consent.buttonLabel);
    });
  }

  test('POST /api/leads keeps the document under the build id the server runs', async () => {
    const { id: buildId } = await readBuildManifest(DEFAULT_DIST_DIR);
    const body = autoLead();
    const response = await postWalkedLead(app, 'tqg.localhost', body, { 'user-agent': 'ConsentDocTest/1.0' });
    assert.equal(response.statusCode, 201, response.body);
    const consent = (await app.store.getLead(body.id))!.consent!;
    assert.equal(consent.buildId, buildId);
    const document = await app.store.getConsentDocument(consent.htmlSha256!);
    assert.equal(sha256(document!.html), consent.htmlSha256);
  });
});

for (const dialect of STORE_DIALECTS) {
  describe(`captured consent documents (${dialect})`, () => {
    let target: StoreTarget;
    let store: Store;
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
    });
    after(async () => {
      await store?.close();
      await target?.cleanup();
    });

    const documentRows = async () => Number((await target.column('select count(*) from consent_documents'))[0]);

    test("a lead's proof holds the sha256 of exactly the stored HTML, and the build id", async () => {
      const outcome = await captureLead(store, autoLead(), context('tqg', 'build-consent-1'));
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.problems.join('; '));
      const consent = outcome.lead.consent!;
      assert.equal(consent.buildId, 'build-consent-1');
      assert.match(consent.htmlSha256 ?? '', /^[0-9a-f]{64}$/);
      const document = (await store.getConsentDocument(consent.htmlSha256!))!;
      assert.equal(sha256(document.html), consent.htmlSha256);
      assert.equal(document.buildId, 'build-consent-1');
      assert.equal(document.firstSeenAt, consent.consentedAt);
      // The proof as read back from the store says the same.
      assert.deepEqual((await store.getLead(outcome.lead.id))!.consent, consent);
    });

    test('the stored HTML holds the disclosure and the button, and no personal value', async () => {
      const outcome = await captureLead(store, autoLead(), context('tqg', 'build-consent-1'));
      assert.ok(outcome.ok);
      const { html } = (await store.getConsentDocument(outcome.lead.consent!.htmlSha256!))!;
      assert.equal(elementText(html, 'p', 'data-consent=""'), TQG_AUTO_CONSENT.text);
      assert.equal(elementText(html, 'button', 'aria-describedby="funnel-consent-'), 'Get my quotes');
      // Every input is empty, and no value the visitor gave is anywhere in the bytes.
      // (The hidden list of the questions shown holds field names, not answers.)
      const inputs = [...html.matchAll(/<input\b[^>]*>/g)].map((match) => match[0]).filter((input) => !input.includes('name="_shown"'));
      assert.deepEqual(inputs.map((input) => /\bvalue="([^"]*)"/.exec(input)?.[1]).filter(Boolean), []);
      for (const [field, value] of Object.entries(PERSONAL)) {
        assert.ok(!html.includes(value), `${field} is not in the document`);
        assert.ok(!textContent(html).includes(value), `${field} is not in its text`);
      }
    });

    test('leads shown the same step share one document row; another brand’s step is a row of its own', async () => {
      const first = await captureLead(store, autoLead(), context('tqg', 'build-consent-1'));
      const second = await captureLead(store, autoLead({ fields: { ...AUTO_LEAD_FIELDS, driver1Email: 'someone.else@example.com' } }), context('tqg', 'build-consent-1'));
      assert.ok(first.ok && second.ok);
      assert.equal(first.lead.consent!.htmlSha256, second.lead.consent!.htmlSha256);
      assert.equal(await documentRows(), 1);
      // The same bytes under a later build: still one row, which keeps the build that first rendered them.
      const later = await captureLead(store, autoLead(), context('tqg', 'build-consent-2'));
      assert.ok(later.ok);
      assert.equal(later.lead.consent!.buildId, 'build-consent-2');
      assert.equal(await documentRows(), 1);
      assert.equal((await store.getConsentDocument(later.lead.consent!.htmlSha256!))!.buildId, 'build-consent-1');
      // A new store object on the same database (another process) finds the row there and adds none.
      const again = await target.open();
      try {
        assert.ok((await captureLead(again, autoLead(), context('tqg', 'build-consent-1'))).ok);
        assert.equal(await documentRows(), 1);
      } finally {
        await again.close();
      }
      const tqgRoute = ROUTES.find((route) => route.name === 'quiz-auto')!;
      const otherBrand = tqgRoute.brands.find((id) => id !== 'tqg' && id !== 'ccc');
      assert.ok(otherBrand, 'quiz-auto runs on a second brand');
      const { text, buttonLabel } = funnelConsent(funnelById('auto')!, BRANDS.find((brand) => brand.id === otherBrand)!)!;
      const elsewhere = await captureLead(store, autoLead({ consent: { text, buttonLabel } }), context(otherBrand, 'build-consent-1'));
      assert.ok(elsewhere.ok, elsewhere.ok ? '' : elsewhere.problems.join('; '));
      assert.notEqual(elsewhere.lead.consent!.htmlSha256, first.lead.consent!.htmlSha256);
      assert.equal(await documentRows(), 2);
    });

    test('a lead without a phone or email keeps no proof and no document', async () => {
      const before = await documentRows();
      const { driver1Email: _email, driver1Phone: _phone, ...withoutContact } = { ...AUTO_LEAD_FIELDS, ...PERSONAL };
      const outcome = await captureLead(store, autoLead({ fields: withoutContact, consent: undefined }), context('tqg', 'build-consent-1'));
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.problems.join('; '));
      assert.equal(outcome.lead.consent, null);
      assert.equal(await documentRows(), before);
    });
  });
}
