/**
 * The browser's checks of what the visitor-facing endpoints answer (no zod in visitor pages, which
 * must load fast), and the constants they share with the zod schemas of the area modules. Each
 * check here accepts exactly what its schema accepts; test/unit/browser-checks.test.ts holds them
 * together on a table of valid and invalid answers.
 */
import type { BuildManifest, LatestBuild } from '../build-manifest.ts';
import { arrayOf, isBoolean, isNumber, isRecord, isUnknown, integer, nullable, object, oneOf, optional, text, type Check } from '../check/check.ts';
import { EMAIL_PATTERN, ISO_DATETIME_PATTERN, ISO_DATETIME_UTC_PATTERN } from '../check/formats.ts';
import { isLeasedPhone } from '../marketplace/phone.ts';
import { isAdListResponse } from '../marketplace/responses.ts';
import type { Payload } from '../payload/types.ts';
import type { RedirectAnswer } from '../router/rules.ts';
import type { IpLookupResponse } from './ip-lookup.ts';
import type { LeadCaptureResponse } from './leads.ts';
import type { PrivacyChoice } from './privacy-choices.ts';
import type { AuthSessionResponse } from './session-answer.ts';

/** The kinds of page payload: a page, or an error page (404 and 500 payloads). */
export const PAYLOAD_KINDS = ['page', 'error'] as const;

/** The kind of a page twin's redirect answer. */
export const REDIRECT_KIND = 'redirect';

/** Longest accepted user name (the spec's limit for names). */
export const USER_NAME_MAX_LENGTH = 256;

const nonEmpty = text({ min: 1 });
const isString = text();

/** A page payload, checked by its kind, status, build and path (page-payload.ts PayloadSchema). */
export const isPayload = object({ kind: oneOf(...PAYLOAD_KINDS), status: integer(), buildId: isString, path: isString }) as Check<unknown> as Check<Payload>;

/** A page twin's redirect answer (page-payload.ts RedirectAnswerSchema). */
export const isRedirectAnswer = object({ kind: oneOf(REDIRECT_KIND), redirect: nonEmpty }) as Check<unknown> as Check<RedirectAnswer>;

/** builds/latest.json (page-payload.ts LatestBuildSchema). */
export const isLatestBuild: Check<LatestBuild> = object({ id: nonEmpty, timestamp: isNumber });

const strings = arrayOf(isString);

/** builds/meta/{id}.json, checked by its shape down to the route list (page-payload.ts BuildManifestSchema). */
export const isBuildManifest = ((value: unknown) =>
  isLatestBuild(value) &&
  object({
    assets: object({ entry: isString, css: strings, controlCenterCss: strings }),
    routes: arrayOf(object({ name: isString, path: isString })),
    routeRules: isRecord,
  })(value)) as Check<BuildManifest>;

/** The signed-in user's name, trimmed as the schema trims it before counting. */
const isUserName = (value: unknown): value is string => typeof value === 'string' && text({ min: 1, max: USER_NAME_MAX_LENGTH })(value.trim());

/** The answer of every session route (auth-session.ts AuthSessionResponseSchema). */
export const isAuthSessionResponse: Check<AuthSessionResponse> = object({
  loggedIn: isBoolean,
  user: optional(object({ email: text({ pattern: EMAIL_PATTERN }), name: isUserName }, { strict: true })),
});

const nullableString = nullable(isString);

/** An IP lookup answer (ip-lookup.ts IpLookupResponseSchema). */
export const isIpLookupResponse: Check<IpLookupResponse> = object({
  city: nullableString,
  stateCode: nullableString,
  postalCode: nullableString,
  value: isString,
  isp: nullableString,
  expiresAt: text({ pattern: ISO_DATETIME_PATTERN }),
});

/** An opted-out browser's choice (privacy-choices.ts PrivacyChoiceSchema). */
export const isPrivacyChoice: Check<PrivacyChoice> = object({
  optedOut: oneOf(true),
  optedOutAt: nullable(text({ pattern: ISO_DATETIME_UTC_PATTERN })),
  gpc: isBoolean,
});

/** The answer to a lead capture (leads.ts LeadCaptureResponseSchema). */
export const isLeadCaptureResponse: Check<LeadCaptureResponse> = object({ id: isString, status: isString, created: isBoolean });

/** A relayed marketplace answer (marketplace.ts RelayAnswerSchema). */
export const isRelayAnswer = object({ parsed: isUnknown, raw: isString });

/** A get-phone answer: the relayed answer and the lease, or null (marketplace.ts GetPhoneRelayAnswerSchema). */
export const isGetPhoneRelayAnswer = object({ parsed: isUnknown, raw: isString, leased: nullable(isLeasedPhone) });

/** An ad-list answer (ads.ts AdsAnswerSchema). */
export const isAdsAnswer = object({ parsed: isAdListResponse, raw: isString });
