/**
 * The browser checks what it fetches and what it reads back from storage without zod, which
 * visitor pages do not carry (core/check, core/contract/checks.ts, marketplace/phone.ts,
 * marketplace/responses.ts). Each
 * check must accept exactly what the zod schema the server answers with accepts: every row of
 * this table runs through both and they must agree, on valid and invalid values alike.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as z from 'zod';
import type { Check } from '../../src/core/check/check.ts';
import { EMAIL_PATTERN, ISO_DATETIME_PATTERN, ISO_DATETIME_UTC_PATTERN } from '../../src/core/check/formats.ts';
import { AdsAnswerSchema } from '../../src/core/contract/ads.ts';
import { AuthSessionResponseSchema } from '../../src/core/contract/auth-session.ts';
import {
  isAdsAnswer,
  isAuthSessionResponse,
  isBuildManifest,
  isGetPhoneRelayAnswer,
  isIpLookupResponse,
  isLatestBuild,
  isLeadCaptureResponse,
  isPayload,
  isPrivacyChoice,
  isRedirectAnswer,
  isRelayAnswer,
} from '../../src/core/contract/checks.ts';
import { IpLookupResponseSchema } from '../../src/core/contract/ip-lookup.ts';
import { LeadCaptureResponseSchema } from '../../src/core/contract/leads.ts';
import { GetPhoneRelayAnswerSchema, RelayAnswerSchema } from '../../src/core/contract/marketplace.ts';
import { BuildManifestSchema, LatestBuildSchema, PayloadSchema, RedirectAnswerSchema } from '../../src/core/contract/page-payload.ts';
import { PrivacyChoiceSchema } from '../../src/core/contract/privacy-choices.ts';
import { isLeasedPhone } from '../../src/core/marketplace/phone.ts';
import { LeasedPhoneSchema } from '../../src/core/marketplace/phone-schema.ts';
import { AdListResponseSchema } from '../../src/core/marketplace/response-schemas.ts';
import { isAdListResponse } from '../../src/core/marketplace/responses.ts';

/** Values no object check may accept. */
const NOT_OBJECTS: unknown[] = [undefined, null, 0, 'x', true, []];

const leased = { value: '8005550123', expirationDate: '2025-06-01T12:00:00Z' };
const ad = {
  carrier: 'Acme',
  bid: 12.5,
  headline: 'h',
  description: 'd',
  display_url: 'acme.example',
  small_image_url: 'https://img.example/s.png',
  ad_id: 'a1',
  click_url: 'https://click.example',
  call_url: 'tel:+18005550123',
  medium_image_url: 'https://img.example/m.png',
  large_image_url: 'https://img.example/l.png',
};
const adList = { ads: [ad], num_ads: 1, request_id: 'r1', time: 0.25 };
const manifest = {
  id: 'abc',
  timestamp: 1,
  assets: { entry: '/assets/entry.js', css: ['/assets/s.css'], controlCenterCss: [] },
  routes: [{ name: 'home', path: '/' }],
  routeRules: {},
};
const ipAnswer = { city: 'Miami', stateCode: 'FL', postalCode: '33101', value: '8.8.8.8', isp: null, expiresAt: '2025-06-01T12:00:00.000Z' };

interface Row {
  name: string;
  check: Check<unknown>;
  schema: z.ZodType;
  valid: unknown[];
  invalid: unknown[];
}

const rows: Row[] = [
  {
    name: 'page payload',
    check: isPayload,
    schema: PayloadSchema,
    valid: [
      { kind: 'page', status: 200, buildId: 'b', path: '/' },
      { kind: 'error', status: 404, buildId: '', path: '/x', page: { anything: 1 } },
    ],
    invalid: [
      ...NOT_OBJECTS,
      { kind: 'redirect', status: 200, buildId: 'b', path: '/' },
      { kind: 'page', status: 200.5, buildId: 'b', path: '/' },
      { kind: 'page', status: '200', buildId: 'b', path: '/' },
      { kind: 'page', status: 200, path: '/' },
      { kind: 'page', status: 200, buildId: 'b', path: 1 },
    ],
  },
  {
    name: 'redirect answer',
    check: isRedirectAnswer,
    schema: RedirectAnswerSchema,
    valid: [{ kind: 'redirect', redirect: '/new' }, { kind: 'redirect', redirect: 'https://x.example', status: 301 }],
    invalid: [...NOT_OBJECTS, { kind: 'redirect', redirect: '' }, { kind: 'page', redirect: '/new' }, { kind: 'redirect' }],
  },
  {
    name: 'latest build',
    check: isLatestBuild,
    schema: LatestBuildSchema,
    valid: [{ id: 'abc', timestamp: 1 }, { id: 'a', timestamp: 1.5, extra: true }],
    invalid: [...NOT_OBJECTS, { id: '', timestamp: 1 }, { id: 'abc' }, { id: 'abc', timestamp: '1' }, { id: 1, timestamp: 1 }, { id: 'abc', timestamp: Infinity }],
  },
  {
    name: 'build manifest',
    check: isBuildManifest,
    schema: BuildManifestSchema,
    valid: [manifest, { ...manifest, routes: [{ name: 'a', path: '/a', brands: ['x'] }], routeRules: { '/a': { redirect: '/b' } } }],
    invalid: [
      ...NOT_OBJECTS,
      { ...manifest, id: '' },
      { ...manifest, assets: { entry: '/e.js', css: [] } },
      { ...manifest, assets: { ...manifest.assets, css: [1] } },
      { ...manifest, routes: [{ name: 'a' }] },
      { ...manifest, routes: {} },
      { ...manifest, routeRules: [] },
      { ...manifest, routeRules: null },
    ],
  },
  {
    name: 'auth session answer',
    check: isAuthSessionResponse,
    schema: AuthSessionResponseSchema,
    valid: [
      { loggedIn: false },
      { loggedIn: true, user: { email: 'ann@example.com', name: 'Ann' } },
      { loggedIn: true, user: { email: 'ann@example.com', name: ` ${'a'.repeat(256)} ` } },
    ],
    invalid: [
      ...NOT_OBJECTS,
      { loggedIn: 'yes' },
      { loggedIn: true, user: { email: 'ann@', name: 'Ann' } },
      { loggedIn: true, user: { email: 'ann@example.com', name: '   ' } },
      { loggedIn: true, user: { email: 'ann@example.com', name: 'a'.repeat(257) } },
      { loggedIn: true, user: { email: 'ann@example.com', name: 'Ann', role: 'admin' } },
      { loggedIn: true, user: null },
    ],
  },
  {
    name: 'IP lookup answer',
    check: isIpLookupResponse,
    schema: IpLookupResponseSchema,
    valid: [ipAnswer, { ...ipAnswer, city: null, stateCode: null, postalCode: null, expiresAt: '2025-06-01T08:00:00-04:00' }],
    invalid: [
      ...NOT_OBJECTS,
      { ...ipAnswer, expiresAt: '2025-06-01' },
      { ...ipAnswer, expiresAt: '2025-02-30T12:00:00Z' },
      { ...ipAnswer, expiresAt: '2025-06-01T12:00Z' },
      { ...ipAnswer, city: undefined },
      { ...ipAnswer, value: null },
      { ...ipAnswer, isp: 5 },
    ],
  },
  {
    name: 'privacy choice',
    check: isPrivacyChoice,
    schema: PrivacyChoiceSchema,
    valid: [
      { optedOut: true, optedOutAt: '2025-06-01T12:00:00.123Z', gpc: false },
      { optedOut: true, optedOutAt: null, gpc: true },
    ],
    invalid: [
      ...NOT_OBJECTS,
      { optedOut: false, optedOutAt: null, gpc: true },
      { optedOut: true, optedOutAt: '2025-06-01T12:00:00+02:00', gpc: false },
      { optedOut: true, optedOutAt: 'yesterday', gpc: false },
      { optedOut: true, gpc: false },
      { optedOut: true, optedOutAt: null, gpc: 'no' },
    ],
  },
  {
    name: 'lead capture answer',
    check: isLeadCaptureResponse,
    schema: LeadCaptureResponseSchema,
    valid: [{ id: 'a'.repeat(16), status: 'captured', created: true }, { id: '', status: '', created: false, extra: 1 }],
    invalid: [...NOT_OBJECTS, { id: 42, status: 'captured', created: true }, { id: 'x', status: 'captured' }, { id: 'x', status: null, created: true }, { id: 'x', status: 'captured', created: 'yes' }],
  },
  {
    name: 'leased phone',
    check: isLeasedPhone,
    schema: LeasedPhoneSchema,
    valid: [leased, { value: '1', expirationDate: '2025-06-01T08:00:00-04:00' }, { ...leased, extra: 1 }],
    invalid: [...NOT_OBJECTS, { ...leased, value: '' }, { ...leased, expirationDate: '2025-06-01' }, { ...leased, expirationDate: 1 }, { value: '8005550123' }],
  },
  {
    name: 'relayed marketplace answer',
    check: isRelayAnswer,
    schema: RelayAnswerSchema,
    // `parsed` may hold anything, even undefined, but must be there (as zod has it).
    valid: [{ parsed: { ctc: { ev: 3 } }, raw: '{}' }, { parsed: null, raw: '' }, { parsed: undefined, raw: 'not json' }],
    invalid: [...NOT_OBJECTS, { parsed: {} }, { parsed: {}, raw: 1 }, { raw: 'not json' }],
  },
  {
    name: 'get-phone answer',
    check: isGetPhoneRelayAnswer,
    schema: GetPhoneRelayAnswerSchema,
    valid: [{ parsed: {}, raw: '{}', leased }, { parsed: {}, raw: '{}', leased: null }],
    invalid: [...NOT_OBJECTS, { parsed: {}, raw: '{}' }, { parsed: {}, raw: '{}', leased: { ...leased, value: '' } }, { parsed: {}, raw: 1, leased: null }],
  },
  {
    name: 'ad list',
    check: isAdListResponse,
    schema: AdListResponseSchema,
    valid: [adList, { ...adList, ads: [], num_ads: 0 }, { ...adList, ads: [{ ...ad, impression_html: '<img>' }] }],
    invalid: [
      ...NOT_OBJECTS,
      { ...adList, num_ads: -1 },
      { ...adList, num_ads: 1.5 },
      { ...adList, ads: [{ ...ad, bid: '12' }] },
      { ...adList, ads: [{ ...ad, impression_html: null }] },
      { ...adList, ads: [{ carrier: 'Acme' }] },
      { ...adList, time: NaN },
      { ads: [] },
    ],
  },
  {
    name: 'ads answer',
    check: isAdsAnswer,
    schema: AdsAnswerSchema,
    valid: [{ parsed: adList, raw: '{}' }],
    invalid: [...NOT_OBJECTS, { parsed: { ads: 'none' }, raw: '{}' }, { parsed: adList }],
  },
];

describe('each browser check accepts exactly what its zod schema accepts', () => {
  for (const { name, check, schema, valid, invalid } of rows) {
    for (const [expected, values] of [[true, valid], [false, invalid]] as const) {
      values.forEach((value, index) => {
        test(`${name}: ${expected ? 'valid' : 'invalid'} #${index} ${JSON.stringify(value) ?? String(value)}`, () => {
          assert.equal(schema.safeParse(value).success, expected, 'zod schema');
          assert.equal(check(value), expected, 'browser check');
        });
      });
    }
  }
});

describe("the shared formats accept what zod's built-in formats accept, so the schemas did not change", () => {
  const formats: Array<[name: string, pattern: RegExp, builtIn: z.ZodType, values: string[]]> = [
    ['email', EMAIL_PATTERN, z.email(), ['ann@example.com', "o'neil+x@mail.example.org", 'a-b.c_d@x-y.io', 'ann@', 'ann@example.c', 'ann..lee@example.com', '.ann@example.com', 'ann@-x.com', 'ann @example.com', '', 'ann@exa_mple.com']],
    [
      'date-time with offset',
      ISO_DATETIME_PATTERN,
      z.iso.datetime({ offset: true }),
      ['2025-06-01T12:00:00Z', '2025-06-01T12:00:00.5+02:00', '2024-02-29T00:00:00-11:30', '2023-02-29T00:00:00Z', '2025-06-01T12:00Z', '2025-06-01T24:00:00Z', '2025-06-01 12:00:00Z', '2025-06-01T12:00:00+2:00', '2025-06-01'],
    ],
    [
      'UTC date-time',
      ISO_DATETIME_UTC_PATTERN,
      z.iso.datetime(),
      ['2025-06-01T12:00:00Z', '2025-06-01T12:00:00.123456Z', '2025-06-01T12:00:00+00:00', '2025-06-01T12:00:00', '2025-13-01T12:00:00Z'],
    ],
  ];
  for (const [name, pattern, builtIn, values] of formats) {
    for (const value of values) {
      test(`${name}: ${JSON.stringify(value)}`, () => assert.equal(pattern.test(value), builtIn.safeParse(value).success));
    }
  }
});
