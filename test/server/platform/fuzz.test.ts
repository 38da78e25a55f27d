/**
 * The request-body fuzz suite: property-based (fast-check), seeded and bounded. Every
 * route the app registers for POST, PUT, PATCH or DELETE is listed from the app itself (an
 * onRoute hook), and the suite fails when one has no fuzz target, so a new route cannot be
 * forgotten. Each target gets 50 to 125 generated requests: random JSON values (deep nesting,
 * long strings, unicode, odd numbers), its valid body with fields replaced, removed or
 * added, wrong content types, truncated JSON, form-encoded garbage, raw bytes and prototype
 * poisoning. Every answer must come, never be a 5xx, and on /api/ every 4xx must be
 * `{ error, problems }`. A hang is caught by one generous limit per target (naming the request
 * then in flight); no passing run waits on it.
 *
 * Runs against app.inject with a real SQLite store and the sandbox marketplace as the upstream (so
 * valid relay calls succeed). Every request comes from its own client address (X-Forwarded-For
 * from loopback, a trusted proxy in tests) and load shedding is off, so the rate limits (429) and
 * the shedder (503) never answer in place of the route: this suite is about bodies. A failure
 * prints fast-check's seed and path to replay it: set FUZZ_SEED (and FUZZ_PATH) to that seed,
 * FUZZ_RUNS to run more; FUZZ_STATS=1 prints how many generated requests got each status, per
 * target and kind of body.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import {
  ACCOUNT_PASSWORD_PATH,
  ADS_PATH,
  API_PREFIX,
  AUTH_SESSION_CODE,
  AUTH_SESSION_PATH,
  CC_ARTICLE_PUBLISH,
  CC_ARTICLE_RESTORE,
  CC_ARTICLE_SAVE,
  CC_EXPERIMENT_CREATE,
  CC_EXPERIMENT_STATUS,
  CC_EXPERIMENT_UPDATE,
  CC_AUTHOR_CREATE,
  CC_AUTHOR_DELETE,
  CC_AUTHOR_UPDATE,
  CC_IMAGE_DELETE,
  CC_PAGE_PREVIEW,
  CC_PAGE_PUBLISH,
  CC_PAGE_RESTORE,
  CC_PAGE_SAVE,
  CC_PHONE_RULE_CREATE,
  CC_PHONE_RULE_DELETE,
  CC_PHONE_RULE_UPDATE,
  CC_RUN_CANCEL,
  CC_TOTP_CONFIRM,
  CC_TOTP_DISABLE,
  CC_TOTP_START,
  CC_RUN_CREATE,
  CC_IMAGE_UPDATE,
  CC_IMAGE_UPLOAD,
  CC_LEAD_REVEAL,
  CC_LEADS_EXPORT,
  CC_LEADS_LIST,
  DEMAND_CHECK_PATH,
  EVENT_CREATE_PATH,
  GET_PHONE_PATH,
  FUNNEL_STEP_PATH,
  LEADS_CALLBACK_PATH,
  LEADS_PATH,
  fillPath,
  payloadPath,
  PRIVACY_OPT_OUT_PATH,
  routePath,
  USER_SET_PATH,
} from '../../../src/core/contract/index.ts';
import { buildDemandCheckPayload, buildGetPhonePayload } from '../../../src/core/marketplace/payloads.ts';
import { sandboxUpstreamEnv } from '../../../src/server/marketplace/sandbox/auto-start.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest } from '../../../tools/support/auto-lead.ts';
import { brandById } from '../../../brands/index.ts';
import { callbackConsent } from '../../../src/core/funnels/callback-consent.ts';
import { callbackSlots } from '../../../src/core/leads/callback-slots.ts';
import { walkSteps } from '../../support/js-walk.ts';
import { storedAutoLead } from '../../fixtures/stored-lead.ts';
import { drawImage } from '../../fixtures/images.ts';
import { processImage } from '../../../src/server/control-center/images/process-image.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, signedInCookie, STAFF } from '../../support/staff.ts';

/** The fixed seed; a failure names the seed and path that replay it. */
/** The call-back form's disclosure on tqg, as its button sends it. */
const TQG_CALLBACK_CONSENT = callbackConsent(brandById('tqg')!, 'en');

const SEED = Number(process.env.FUZZ_SEED ?? 1_000_010);
const PATH = process.env.FUZZ_PATH;
const STATS = process.env.FUZZ_STATS === '1';
/**
 * Generated requests per API target (FUZZ_RUNS raises it for a deeper search). The API targets
 * were most of the suite's time at 250; at 100 (FUZZ_STATS=1, this seed) they answer every pair
 * of body kind and status they answered at 250 but two (a mutated body the lead reveal accepts,
 * an article save on a stale version answered 409), for 2.5 times fewer requests. Page and
 * no-body targets keep the counts they had (125 and 50): fewer lost pairs such as a long string
 * answered 413, for little time saved.
 */
const API_RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const PAGE_RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 250) / 2);
const NO_BODY_RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 250) / 5);
/**
 * How long one target's generated requests may take in all before the one in flight counts as a
 * hang: a safety limit for a broken run, far above a loaded machine's worst (a few seconds).
 */
const TARGET_LIMIT_MS = 120_000;

/** The methods that take a body. */
const MUTATING: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** One concrete request shape to fuzz: where, for which brand, and the valid body mutations start from. */
interface Target {
  method: HTTPMethods;
  url: string;
  host: string;
  /** The valid body: a JSON value, a form-encoded string, or undefined for routes that take none. */
  valid: unknown;
  /** What the valid body answers (checked once before fuzzing); undefined: not checked. */
  validStatus?: number[];
  runs: number;
  /** Sent with the signed-in STAFF account's session cookie (control-center API routes answer 401 without one). */
  signedIn?: boolean;
  /** Sent with the form cookie of a browser that walked tqg's auto funnel (a lead is refused without one). */
  walked?: boolean;
}

/** A generated request body. */
interface Body {
  kind: string;
  contentType?: string | undefined;
  payload?: string | Buffer | undefined;
}

const demandCheck = buildDemandCheckPayload({
  ip: '198.51.100.23',
  localHour: 14,
  ua: 'Mozilla/5.0 (fuzz)',
  url: 'https://ac.localhost/quiz/otc/call',
  placementId: 'placement-from-browser',
  urlParams: {},
  geo: { postalCode: '90210', stateCode: 'CA' },
});
const getPhone = buildGetPhonePayload({
  product: 'medicare',
  lead: { zipcode: '90210' },
  ip: '198.51.100.23',
  localHour: 9,
  ua: 'Mozilla/5.0 (fuzz)',
  url: 'https://ac.localhost/quiz/otc/call',
  placementId: 'placement-from-browser',
  urlParams: {},
});
const trackEvent = {
  type: 'track',
  event: 'pageView',
  timestamp: '2026-03-01T12:00:00.000Z',
  sessionId: 'session-fuzz',
  anonymousId: 'anon-fuzz',
  properties: { eventId: 'event-fuzz-00000001', url: { path: '/quiz/otc/zip' }, stepIsFallback: false },
};

/** The image the control-center image targets change (stored by before()); the delete target names an unknown one. */
let fuzzImage = '';

/** The fields of the article the control-center article targets save, publish and restore (stored by before()). */
const FUZZ_ARTICLE = { title: 'Fuzzed', summary: 'A fuzzed article', body: '# Fuzz', author: 'Fuzz Writer' };

/** The fields of the experiments the control-center experiment targets create, edit and start (drafts stored by before()). */
const FUZZ_EXPERIMENT = {
  name: 'Fuzzed',
  routes: ['quiz-otc'],
  variants: [
    { key: 'control', weight: 50, overrides: {} },
    { key: 'b', weight: 50, overrides: { headline: 'Fuzzed headline', ctaText: 'Go' } },
  ],
};
/** The phone rule the control-center update target replaces (stored by before()). */
let fuzzPhoneRule = '';

/** A valid phone rule's fields. */
const FUZZ_PHONE_RULE = { afid: 'fuzz-7', number: '(888) 555-0142', routes: ['index'], startsOn: '2026-01-01', endsOn: null };

/** The author the content-factory targets change and run as, and the run they cancel (stored by before() as ac's author 1 and run 1). */
const FUZZ_AUTHOR = { name: 'Fuzz Writer', bio: 'Writes fuzz.', expertise: ['fuzzing'], tone: 'terse' };
const FUZZ_RUN = { authorId: 1, count: 1, topics: ['Fuzzed topic'], template: 'news', schedule: '0 9 * * 1' };

/** The lead the control-center targets read and reveal. */
const FUZZ_LEAD = 'fuzz-cc-lead-00000001';

/**
 * Every fuzz target, by the route it exercises (`METHOD url` as registered). A new mutating route
 * needs an entry here (the coverage test says which).
 */
const TARGETS: Record<string, Target[]> = {
  [`POST ${AUTH_SESSION_PATH}`]: [
    // The account exists (before() adds STAFF): the valid body signs in.
    { method: 'POST', url: AUTH_SESSION_PATH, host: 'ccc.localhost', valid: { email: STAFF.email, password: STAFF.password }, validStatus: [200], runs: API_RUNS },
  ],
  [`DELETE ${AUTH_SESSION_PATH}`]: [{ method: 'DELETE', url: AUTH_SESSION_PATH, host: 'ccc.localhost', valid: undefined, validStatus: [200], runs: NO_BODY_RUNS }],
  // The second factor's step: no password was right first (no cookie), so the valid body is refused with 403, never a 5xx.
  [`POST ${AUTH_SESSION_CODE.path}`]: [{ method: 'POST', url: AUTH_SESSION_CODE.path, host: 'ccc.localhost', valid: { code: '123456' }, validStatus: [403], runs: API_RUNS }],
  // The account's own second factor: starting enrolment, a (wrong) confirming code, turning off with a wrong password.
  [`POST ${CC_TOTP_START.path}`]: [{ method: 'POST', url: CC_TOTP_START.path, host: 'ccc.localhost', valid: {}, validStatus: [200], runs: API_RUNS, signedIn: true }],
  [`POST ${CC_TOTP_CONFIRM.path}`]: [
    { method: 'POST', url: CC_TOTP_CONFIRM.path, host: 'ccc.localhost', valid: { code: '123456' }, validStatus: [400, 409], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${CC_TOTP_DISABLE.path}`]: [
    { method: 'POST', url: CC_TOTP_DISABLE.path, host: 'ccc.localhost', valid: { password: 'not the password' }, validStatus: [403, 409], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${EVENT_CREATE_PATH}`]: [{ method: 'POST', url: EVENT_CREATE_PATH, host: 'ac.localhost', valid: [trackEvent], validStatus: [200, 201], runs: API_RUNS }],
  [`POST ${USER_SET_PATH}`]: [
    {
      method: 'POST',
      url: USER_SET_PATH,
      host: 'ac.localhost',
      valid: { anonymousId: 'anon-fuzz', state: { formValues: { zipcode: '90210', driver1FirstName: 'Ana' }, captured: { firstname: 'Ana' }, flags: { seen: true }, leased: null } },
      validStatus: [204],
      runs: API_RUNS,
    },
  ],
  [`POST ${LEADS_PATH}`]: [{ method: 'POST', url: LEADS_PATH, host: 'tqg.localhost', valid: autoLeadRequest('fuzz-lead-000000000001'), validStatus: [200, 201], runs: API_RUNS, walked: true }],
  // A call-back for the auto lead above, at a time offered now. Answered 400 while that lead is
  // not yet stored (the targets run in any order); what the fuzz holds it to is never a 500.
  [`POST ${LEADS_CALLBACK_PATH}`]: [
    {
      method: 'POST',
      url: LEADS_CALLBACK_PATH,
      host: 'tqg.localhost',
      valid: { funnel: 'auto', slot: callbackSlots(new Date())[0]!.start, leadId: 'fuzz-lead-000000000001', consent: { text: TQG_CALLBACK_CONSENT.text, buttonLabel: TQG_CALLBACK_CONSENT.buttonLabel } },
      validStatus: [201, 400],
      runs: API_RUNS,
      walked: true,
    },
  ],
  // A later step, from a browser that walked the steps before it.
  [`POST ${FUNNEL_STEP_PATH}`]: [
    { method: 'POST', url: FUNNEL_STEP_PATH, host: 'tqg.localhost', valid: { route: 'quiz-auto', funnel: 'auto', step: 'contact', answers: { driver1Email: 'ana.ruiz@example.com', driver1Phone: '(201) 555-0123' } }, validStatus: [204], runs: API_RUNS, walked: true },
  ],
  [`POST ${DEMAND_CHECK_PATH}`]: [{ method: 'POST', url: DEMAND_CHECK_PATH, host: 'ac.localhost', valid: demandCheck, validStatus: [200], runs: API_RUNS }],
  [`POST ${GET_PHONE_PATH}`]: [{ method: 'POST', url: GET_PHONE_PATH, host: 'ac.localhost', valid: getPhone, validStatus: [200], runs: API_RUNS }],
  [`POST ${ADS_PATH}`]: [
    { method: 'POST', url: ADS_PATH, host: 'ac.localhost', valid: { url: 'https://ac.localhost/ads/ads?afid=77', local_hour: 12, zip: '90210' }, validStatus: [200], runs: API_RUNS },
  ],
  // The privacy opt-out: JSON from the page's script, its plain form without one.
  [`POST ${PRIVACY_OPT_OUT_PATH}`]: [
    { method: 'POST', url: PRIVACY_OPT_OUT_PATH, host: 'ac.localhost', valid: { choice: 'opt-out', language: 'english' }, validStatus: [200], runs: API_RUNS },
    { method: 'POST', url: PRIVACY_OPT_OUT_PATH, host: 'ac.localhost', valid: 'choice=opt-out&language=spanish', validStatus: [303], runs: PAGE_RUNS },
  ],
  // The password change, signed in. Its valid body names a wrong current password (403), so the
  // fuzzing never changes STAFF's password nor ends the session the other targets use.
  [`POST ${ACCOUNT_PASSWORD_PATH}`]: [
    { method: 'POST', url: ACCOUNT_PASSWORD_PATH, host: 'ccc.localhost', valid: { currentPassword: 'not the password', newPassword: 'a fuzzed new password', confirmPassword: 'a fuzzed new password' }, validStatus: [403], runs: API_RUNS, signedIn: true },
    { method: 'POST', url: ACCOUNT_PASSWORD_PATH, host: 'ccc.localhost', valid: 'currentPassword=not+the+password&newPassword=a+fuzzed+new+password&confirmPassword=a+fuzzed+new+password', validStatus: [303], runs: PAGE_RUNS, signedIn: true },
  ],
  // The control center's leads API, signed in; FUZZ_LEAD is stored by before().
  // The control center's images API, signed in. The upload's body is the file's bytes: no valid
  // JSON body exists, so every generated body (random bytes as application/octet-stream or image/* included) is a 400.
  [`PUT ${routePath(CC_IMAGE_UPLOAD.path)}`]: [
    { method: 'PUT', url: `${fillPath(CC_IMAGE_UPLOAD.path, { branch: 'ac' })}?alt=Fuzz`, host: 'ccc.localhost', valid: undefined, validStatus: [400], runs: API_RUNS, signedIn: true },
  ],
  [`PUT ${routePath(CC_IMAGE_UPDATE.path)}`]: [
    { method: 'PUT', get url() { return fillPath(CC_IMAGE_UPDATE.path, { branch: 'ac', image: fuzzImage }); }, host: 'ccc.localhost', valid: { alt: 'A fuzzed picture' }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`DELETE ${routePath(CC_IMAGE_DELETE.path)}`]: [
    { method: 'DELETE', url: fillPath(CC_IMAGE_DELETE.path, { branch: 'ac', image: 'd'.repeat(64) }), host: 'ccc.localhost', valid: undefined, validStatus: [404], runs: NO_BODY_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_LEADS_LIST.path)}`]: [
    { method: 'POST', url: fillPath(CC_LEADS_LIST.path, { branch: 'tqg' }), host: 'ccc.localhost', valid: { filters: { status: 'captured', from: '2026-01-01', search: 'ana.ruiz@example.com' }, limit: 10 }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_LEAD_REVEAL.path)}`]: [
    { method: 'POST', url: fillPath(CC_LEAD_REVEAL.path, { branch: 'tqg', lead: FUZZ_LEAD }), host: 'ccc.localhost', valid: {}, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_LEADS_EXPORT.path)}`]: [
    { method: 'POST', url: fillPath(CC_LEADS_EXPORT.path, { branch: 'tqg' }), host: 'ccc.localhost', valid: { funnel: 'auto', search: '555-123-4567' }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  // The control center's pages API, signed in; before() saves version 1 of ac's grocery page.
  [`PUT ${routePath(CC_PAGE_SAVE.path)}`]: [
    { method: 'PUT', url: fillPath(CC_PAGE_SAVE.path, { branch: 'ac', page: 'quiz-otc' }), host: 'ccc.localhost', valid: { baseVersion: 0, fields: { headline: 'Fuzzed', benefits: ['One'], indexable: true } }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_PAGE_PUBLISH.path)}`]: [
    { method: 'POST', url: fillPath(CC_PAGE_PUBLISH.path, { branch: 'ac', page: 'grocery' }), host: 'ccc.localhost', valid: { version: 1 }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_PAGE_RESTORE.path)}`]: [
    { method: 'POST', url: fillPath(CC_PAGE_RESTORE.path, { branch: 'ac', page: 'grocery' }), host: 'ccc.localhost', valid: { version: 1 }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`PUT ${routePath(CC_ARTICLE_SAVE.path)}`]: [
    { method: 'PUT', url: fillPath(CC_ARTICLE_SAVE.path, { branch: 'emily', article: 'fuzzed-article' }), host: 'ccc.localhost', valid: { baseVersion: 0, fields: FUZZ_ARTICLE }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  // The control center's experiments API, signed in; before() stores the drafts edited and started.
  [`POST ${routePath(CC_EXPERIMENT_CREATE.path)}`]: [
    { method: 'POST', url: fillPath(CC_EXPERIMENT_CREATE.path, { branch: 'ac' }), host: 'ccc.localhost', valid: { key: 'fuzz-created', ...FUZZ_EXPERIMENT }, validStatus: [201], runs: API_RUNS, signedIn: true },
  ],
  [`PUT ${routePath(CC_EXPERIMENT_UPDATE.path)}`]: [
    { method: 'PUT', url: fillPath(CC_EXPERIMENT_UPDATE.path, { branch: 'ac', experiment: 'fuzz-draft' }), host: 'ccc.localhost', valid: { baseVersion: 1, fields: FUZZ_EXPERIMENT }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_EXPERIMENT_STATUS.path)}`]: [
    { method: 'POST', url: fillPath(CC_EXPERIMENT_STATUS.path, { branch: 'ac', experiment: 'fuzz-status' }), host: 'ccc.localhost', valid: { baseVersion: 1, status: 'running' }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_ARTICLE_PUBLISH.path)}`]: [
    { method: 'POST', url: fillPath(CC_ARTICLE_PUBLISH.path, { branch: 'emily', article: 'fuzz-article' }), host: 'ccc.localhost', valid: { version: 1 }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_ARTICLE_RESTORE.path)}`]: [
    { method: 'POST', url: fillPath(CC_ARTICLE_RESTORE.path, { branch: 'emily', article: 'fuzz-article' }), host: 'ccc.localhost', valid: { version: 1 }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_PAGE_PREVIEW.path)}`]: [
    { method: 'POST', url: fillPath(CC_PAGE_PREVIEW.path, { branch: 'ac', page: 'grocery' }), host: 'ccc.localhost', valid: { version: 1 }, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  // The control center's phone-rules API, signed in; before() stores the rule the update replaces.
  [`POST ${routePath(CC_PHONE_RULE_CREATE.path)}`]: [
    { method: 'POST', url: fillPath(CC_PHONE_RULE_CREATE.path, { branch: 'ac' }), host: 'ccc.localhost', valid: FUZZ_PHONE_RULE, validStatus: [201], runs: API_RUNS, signedIn: true },
  ],
  [`PUT ${routePath(CC_PHONE_RULE_UPDATE.path)}`]: [
    { method: 'PUT', get url() { return fillPath(CC_PHONE_RULE_UPDATE.path, { branch: 'ac', rule: fuzzPhoneRule }); }, host: 'ccc.localhost', valid: FUZZ_PHONE_RULE, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`DELETE ${routePath(CC_PHONE_RULE_DELETE.path)}`]: [
    { method: 'DELETE', url: fillPath(CC_PHONE_RULE_DELETE.path, { branch: 'ac', rule: '00000000-0000-4000-8000-000000000000' }), host: 'ccc.localhost', valid: undefined, validStatus: [404], runs: NO_BODY_RUNS, signedIn: true },
  ],
  // The content factory, signed in; before() stores ac's author 1 and run 1. Runs are scheduled, so no item is queued.
  [`POST ${routePath(CC_AUTHOR_CREATE.path)}`]: [
    { method: 'POST', url: fillPath(CC_AUTHOR_CREATE.path, { branch: 'ac' }), host: 'ccc.localhost', valid: FUZZ_AUTHOR, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`DELETE ${routePath(CC_AUTHOR_DELETE.path)}`]: [
    { method: 'DELETE', url: fillPath(CC_AUTHOR_DELETE.path, { branch: 'ac', author: '999999' }), host: 'ccc.localhost', valid: undefined, validStatus: [404], runs: NO_BODY_RUNS, signedIn: true },
  ],
  [`PUT ${routePath(CC_AUTHOR_UPDATE.path)}`]: [
    { method: 'PUT', url: fillPath(CC_AUTHOR_UPDATE.path, { branch: 'ac', author: '1' }), host: 'ccc.localhost', valid: FUZZ_AUTHOR, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_RUN_CREATE.path)}`]: [
    { method: 'POST', url: fillPath(CC_RUN_CREATE.path, { branch: 'ac' }), host: 'ccc.localhost', valid: FUZZ_RUN, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  [`POST ${routePath(CC_RUN_CANCEL.path)}`]: [
    { method: 'POST', url: fillPath(CC_RUN_CANCEL.path, { branch: 'ac', run: '1' }), host: 'ccc.localhost', valid: {}, validStatus: [200], runs: API_RUNS, signedIn: true },
  ],
  // The no-JavaScript form posts: one catch-all POST for every funnel step of every brand.
  'POST /*': [
    { method: 'POST', url: '/quiz/otc', host: 'ac.localhost', valid: 'zipcode=90210', validStatus: [303], runs: PAGE_RUNS },
    { method: 'POST', url: '/quiz/auto', host: 'tqg.localhost', valid: 'zipcode=33101', validStatus: [303], runs: PAGE_RUNS },
    { method: 'POST', url: '/go-4-life', host: 'wc.localhost', valid: 'zipcode=33101', validStatus: [303], runs: NO_BODY_RUNS },
    { method: 'POST', url: '/', host: 'ac.localhost', valid: 'zipcode=90210', validStatus: [405], runs: NO_BODY_RUNS },
    { method: 'POST', url: payloadPath('/quiz/otc'), host: 'ac.localhost', valid: 'zipcode=90210', validStatus: [404], runs: NO_BODY_RUNS },
  ],
  // Other methods on page paths: a route rule's redirect, else not found, before the body is read.
  'PUT /*': [{ method: 'PUT', url: '/quiz/otc', host: 'ac.localhost', valid: undefined, validStatus: [404], runs: NO_BODY_RUNS }],
  'PATCH /*': [{ method: 'PATCH', url: '/quiz/otc', host: 'ac.localhost', valid: undefined, validStatus: [404], runs: NO_BODY_RUNS }],
  'DELETE /*': [{ method: 'DELETE', url: '/quiz/otc', host: 'ac.localhost', valid: undefined, validStatus: [404], runs: NO_BODY_RUNS }],
};

// ---------------------------------------------------------------------------------------------
// Generators

/** Strings that have broken parsers and validators before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e',
  '💥'.repeat(50),
  'a'.repeat(5000),
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e400',
  'http://',
  'https://',
  'https://[::1',
  '//evil.test',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '2026-02-30T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
  '99999',
  '1234',
  '(555) 123-4567',
  'a@b',
  '%zz',
  '../../etc/passwd',
];

/** Numbers that JSON can carry but code may not expect. */
const NASTY_NUMBERS = ['0', '-0', '-1', '1.5', '1e308', '1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '0.0000001', '23', '24'];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const anyString = fc.oneof(nastyString, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
/** A JSON text of a value: any JSON, a nasty string or a number spelled as only JSON text can. */
const anyValueText = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'), weight: 4 },
  { arbitrary: anyString.map((text) => JSON.stringify(text)), weight: 3 },
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 2 },
  { arbitrary: fc.constantFrom('true', 'false', 'null', '[]', '{}', '[[[]]]', '{"__proto__":{"polluted":true}}'), weight: 1 },
);

/** Every path (keys and indexes) to a value inside `value`, the root included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

/** One change to a valid body: at a path (chosen modulo the paths there are), replace, remove or add. */
interface Mutation {
  at: number;
  op: 'replace' | 'remove' | 'add' | 'wrap' | 'stringify';
  key: string;
  valueText: string;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('replace', 'replace', 'replace', 'remove', 'add', 'wrap', 'stringify'),
  key: fc.oneof(nastyString, fc.string({ maxLength: 12 })),
  valueText: anyValueText,
});

/** `valid` with `mutations` applied, as JSON text (values are spliced in as text: 1e400 and -0 survive). */
function mutatedJson(valid: unknown, mutations: Mutation[]): string {
  // Placeholders are replaced by the raw value texts after stringifying.
  const raw: string[] = [];
  const placeholder = (text: string) => `\u0001raw${raw.push(text) - 1}\u0001`;
  let body: unknown = structuredClone(valid);
  for (const change of mutations) {
    const paths = pathsOf(body);
    const path = paths[change.at % paths.length]!;
    const parentPath = path.slice(0, -1);
    const last = path[path.length - 1];
    const parent = parentPath.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body) as Record<string | number, unknown> | unknown[] | undefined;
    const current = last === undefined ? body : (parent as Record<string | number, unknown>)[last];
    let next: unknown = current;
    switch (change.op) {
      case 'replace':
        next = placeholder(change.valueText);
        break;
      case 'wrap':
        next = [current];
        break;
      case 'stringify':
        next = JSON.stringify(current) ?? '';
        break;
      case 'add':
        if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
          (current as Record<string, unknown>)[change.key] = placeholder(change.valueText);
          continue;
        }
        if (Array.isArray(current)) {
          current.push(placeholder(change.valueText));
          continue;
        }
        next = placeholder(change.valueText);
        break;
      case 'remove':
        if (last === undefined) next = undefined;
        else if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete (parent as Record<string, unknown>)[last];
        if (last !== undefined) continue;
        break;
    }
    if (last === undefined) body = next;
    else (parent as Record<string | number, unknown>)[last] = next;
  }
  const text = JSON.stringify(body) ?? '';
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index: string) => raw[Number(index)]!);
}

/** `valid` form fields with values replaced and fields added. */
function mutatedForm(valid: string, changes: { name: string; value: string }[], replaceAll: boolean): string {
  const fields = new URLSearchParams(valid);
  for (const { name, value } of changes) {
    if (replaceAll) for (const key of [...fields.keys()]) fields.set(key, value);
    fields.append(name, value);
  }
  return fields.toString();
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/jsonx',
  'application/csp-report',
  'text/plain',
  'text/plain;charset=UTF-8',
  'text/html',
  FORM_TYPE,
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'json',
  ';;;',
  'a/b/c',
];

const contentType = fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }));
const jsonish = fc.constantFrom(JSON_TYPE, 'application/json; charset=utf-8', 'text/plain;charset=UTF-8');

/** `levels` arrays or objects inside each other around `leaf`. */
function nested(levels: number, leaf: string, objects: boolean): string {
  return objects ? '{"a":'.repeat(levels) + leaf + '}'.repeat(levels) : '['.repeat(levels) + leaf + ']'.repeat(levels);
}

/** The generated bodies for `target`. */
function bodies(target: Target): fc.Arbitrary<Body> {
  const validIsForm = typeof target.valid === 'string';
  const validText = target.valid === undefined ? '' : validIsForm ? (target.valid as string) : JSON.stringify(target.valid);
  const json = (kind: string) => (text: string) => ({ kind, contentType: JSON_TYPE, payload: text });
  const options: { arbitrary: fc.Arbitrary<Body>; weight: number }[] = [
    // Random JSON values, some deep, some with long or odd strings.
    { arbitrary: fc.jsonValue({ maxDepth: 5 }).map((value) => JSON.stringify(value) ?? 'null').map(json('random JSON')), weight: 3 },
    {
      arbitrary: fc
        .tuple(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 30, max: 5000 })), anyValueText, fc.boolean(), jsonish)
        .map(([levels, leaf, objects, type]) => ({ kind: 'deep JSON', contentType: type, payload: nested(levels, leaf, objects) })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.integer({ min: 100, max: 6000 }))
        .map(([unit, times]) => JSON.stringify({ text: unit.repeat(times) }))
        .map(json('long string')),
      weight: 1,
    },
    { arbitrary: fc.tuple(fc.constantFrom(...NASTY_NUMBERS), jsonish).map(([number, type]) => ({ kind: 'number', contentType: type, payload: number })), weight: 1 },
    // Truncated JSON and raw bytes.
    ...(validText && !validIsForm
      ? [{ arbitrary: fc.nat({ max: Math.max(0, validText.length - 1) }).map((end) => ({ kind: 'truncated JSON', contentType: JSON_TYPE, payload: validText.slice(0, end) })), weight: 2 }]
      : []),
    { arbitrary: fc.tuple(fc.uint8Array({ maxLength: 600 }), jsonish).map(([bytes, type]) => ({ kind: 'raw bytes', contentType: type, payload: Buffer.from(bytes) })), weight: 1 },
    // The valid body with a wrong content type, or none.
    { arbitrary: fc.option(contentType, { nil: undefined }).map((type) => ({ kind: 'wrong content type', contentType: type, payload: validText || '{}' })), weight: 2 },
    // Form-encoded garbage.
    {
      arbitrary: fc
        .oneof(
          fc.array(fc.tuple(anyString, anyString), { maxLength: 20 }).map((pairs) => new URLSearchParams(pairs).toString()),
          fc.string({ unit: fc.constantFrom('a', '=', '&', '%', '+', '%zz', '%00', '%ff', '[]', '.', '__proto__', 'zipcode', '_action', 'skip', '9'), maxLength: 80 }),
        )
        .map((payload) => ({ kind: 'form garbage', contentType: FORM_TYPE, payload })),
      weight: 2,
    },
    // Prototype poisoning, at the top and inside.
    {
      arbitrary: fc
        .constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '[{"__proto__":null}]', '{"a":{"__proto__":{"b":1}}}')
        .map(json('prototype poisoning')),
      weight: 1,
    },
    // No body at all, with or without a content type.
    { arbitrary: fc.option(contentType, { nil: undefined }).map((type) => ({ kind: 'no body', contentType: type })), weight: 1 },
  ];
  if (target.valid !== undefined && !validIsForm) {
    // The valid body, mutated: fields replaced by anything, removed, added, wrapped, stringified.
    options.push({ arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((changes) => json('mutated valid body')(mutatedJson(target.valid, changes))), weight: 8 });
  }
  if (validIsForm) {
    const field = fc.record({ name: fc.oneof(fc.constantFrom('zipcode', '_action', 'haveMedicare', 'currentlyInsured'), anyString), value: anyString });
    options.push({
      arbitrary: fc
        .tuple(fc.array(field, { minLength: 1, maxLength: 4 }), fc.boolean())
        .map(([changes, replaceAll]) => ({ kind: 'mutated form', contentType: FORM_TYPE, payload: mutatedForm(validText, changes, replaceAll) })),
      weight: 8,
    });
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------
// Running

/** The request being answered now, named should its target outlast {@link TARGET_LIMIT_MS}. */
let inFlight = '';

/** `work`, or a rejection naming the request in flight once it took longer than {@link TARGET_LIMIT_MS}. */
async function withinTargetLimit(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TARGET_LIMIT_MS} ms of the target's start; in flight: ${inFlight}`)), TARGET_LIMIT_MS);
  });
  try {
    await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function preview(body: Body): string {
  const text = body.payload === undefined ? '(none)' : Buffer.isBuffer(body.payload) ? `<${body.payload.length} bytes>` : body.payload;
  return `${body.kind}, content-type ${JSON.stringify(body.contentType)}, body ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text}`;
}

/** Checks one answer: it came, it is no 5xx, and an /api/ 4xx is `{ error, problems }`. */
function checkAnswer(target: Target, body: Body, response: LightMyRequestResponse): void {
  const where = `${target.method} ${target.url} (${target.host}) answered ${response.statusCode} to ${preview(body)}: ${response.body.slice(0, 300)}`;
  assert.ok(response.statusCode < 500, where);
  if (target.url.startsWith(API_PREFIX) && response.statusCode >= 400) {
    assert.match(String(response.headers['content-type']), /^application\/json/, where);
    const answer = response.json<{ error?: unknown; problems?: unknown }>();
    assert.equal(typeof answer.error, 'string', where);
    assert.ok(Array.isArray(answer.problems) && answer.problems.length > 0 && answer.problems.every((line) => typeof line === 'string'), where);
  }
}

let clients = 0;

/** A client address no earlier request came from (10.0.0.1, 10.0.0.2, …). */
function nextClientAddress(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** The STAFF account's session cookie, for targets that are {@link Target.signedIn}. */
let staffCookie = '';

/** The form cookie of a browser that walked tqg's auto funnel, for targets that are {@link Target.walked}. */
let walkedCookie = '';

function send(app: FastifyInstance, target: Target, body: Body): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: target.host, 'x-forwarded-for': nextClientAddress() };
  if (target.signedIn) headers.cookie = staffCookie;
  if (target.walked) headers.cookie = walkedCookie;
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  return app.inject({ method: target.method, url: target.url, headers, ...(body.payload !== undefined ? { payload: body.payload } : {}) });
}

describe(`request-body fuzz (fast-check seed ${SEED})`, () => {
  let sandbox: SandboxMarketplace;
  let app: FastifyInstance;
  const registered: RouteOptions[] = [];
  before(async () => {
    sandbox = await startSandboxMarketplace();
    app = await injectableApp(sandboxUpstreamEnv(sandbox, { SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }), {
      onRoute: (route) => void registered.push(route),
      leadJobs: { outbox: false, retention: false },
    });
    await addStaff(app);
    staffCookie = await signedInCookie(app);
    walkedCookie = await walkSteps(app, { host: 'tqg.localhost', route: 'quiz-auto', funnel: 'auto', fields: AUTO_LEAD_FIELDS });
    await app.store.createLead(storedAutoLead(FUZZ_LEAD));
    await app.store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'grocery', fields: { headline: 'Fuzz' }, baseVersion: 0, by: STAFF.email });
    await app.store.saveContentVersion({ kind: 'article', branch: 'emily', itemKey: 'fuzz-article', fields: FUZZ_ARTICLE, baseVersion: 0, by: STAFF.email });
    await app.store.createExperiment({ key: 'fuzz-draft', branch: 'ac', ...FUZZ_EXPERIMENT, by: STAFF.email });
    await app.store.createExperiment({ key: 'fuzz-status', branch: 'ac', ...FUZZ_EXPERIMENT, by: STAFF.email });
    const image = await processImage(await drawImage('png', 40, 20));
    fuzzImage = (await app.store.addImage({ branch: 'ac', ...image, alt: 'Fuzz', by: STAFF.email })).image.sha256;
    fuzzPhoneRule = (await app.store.createPhoneRule('ac', { afid: 'fuzz-7', number: '8885550142', routes: [], startsOn: null, endsOn: null }, STAFF.email)).id;
    await app.store.createAuthor('ac', FUZZ_AUTHOR, STAFF.email);
    await app.store.createRun({ branch: 'ac', authorId: 1, template: 'news', topics: FUZZ_RUN.topics, count: 1, schedule: FUZZ_RUN.schedule, nextDueAt: '2099-01-05T09:00:00.000Z', by: STAFF.email });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  test('every POST, PUT, PATCH and DELETE route the app registers has a fuzz target', () => {
    const mutating = [...new Set(registered.flatMap((route) => [route.method].flat().filter((method) => MUTATING.includes(method)).map((method) => `${method} ${route.url}`)))].sort();
    assert.ok(mutating.length >= 12, `found only ${mutating.join(', ')}`);
    const uncovered = mutating.filter((route) => !TARGETS[route]?.length);
    assert.deepEqual(uncovered, [], `add fuzz targets (TARGETS in this file) for: ${uncovered.join(', ')}`);
    const stale = Object.keys(TARGETS).filter((route) => !mutating.includes(route));
    assert.deepEqual(stale, [], `fuzz targets for routes the app no longer registers: ${stale.join(', ')}`);
  });

  for (const [route, targets] of Object.entries(TARGETS)) {
    for (const target of targets) {
      test(`${route}: ${target.method} ${target.url} on ${target.host}, ${target.runs} generated bodies`, async () => {
        if (target.validStatus) {
          const validBody: Body =
            target.valid === undefined
              ? { kind: 'valid (none)' }
              : typeof target.valid === 'string'
                ? { kind: 'valid', contentType: FORM_TYPE, payload: target.valid }
                : { kind: 'valid', contentType: JSON_TYPE, payload: JSON.stringify(target.valid) };
          const response = await send(app, target, validBody);
          assert.ok(target.validStatus.includes(response.statusCode), `the valid body answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        }
        const statuses = new Map<string, number>();
        await withinTargetLimit(
          fc.assert(
            fc.asyncProperty(bodies(target), async (body) => {
              inFlight = `${target.method} ${target.url} with ${preview(body)}`;
              const response = await send(app, target, body);
              const key = `${body.kind} ${response.statusCode}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
              checkAnswer(target, body, response);
            }),
            { seed: SEED, numRuns: target.runs, ...(PATH ? { path: PATH } : {}) },
          ),
        );
        if (STATS) console.log(`${target.method} ${target.url}:`, Object.fromEntries([...statuses].sort()));
      });
    }
  }
});
