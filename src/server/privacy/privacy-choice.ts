/**
 * What the server knows of a browser's privacy choice ("Do not sell or share my personal
 * information"), from the request alone: the privacy cookie, set when the visitor opted
 * out (its anonymous visitor id and when, as recorded in the store), and the Global Privacy
 * Control header, which counts as an opt-out on every request that carries it.
 *
 * Pages read it to leave out the third-party tag manager (src/ui/Document.tsx) and to show the
 * recorded choice; lead captures read it to keep the choice in the consent proof. A browser with
 * neither has no choice to honour: its payloads stay exactly as before.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GPC_HEADER, type PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import type { Payload } from '../../core/payload/types.ts';
import { cookieValue, secureAttribute } from '../funnels/no-js-visitor.ts';
import type { PrivacyOptOutRow } from '../platform/store/index.ts';

// The cookie remembering the opt-out (cookieNames.privacy): `{anonymous id}.{opted-out time in epoch ms}`; no personal data.

/**
 * 400 days: the longest a browser keeps a cookie (Chrome caps Max-Age there), and more than the
 * 12 months the CCPA asks a business to wait before asking an opted-out visitor again.
 */
export const PRIVACY_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** An anonymous id as the store keeps them (a UUID), then the time in epoch milliseconds. */
const COOKIE_VALUE = /^([0-9a-f-]{36})\.(\d{1,15})$/;

/** The opt-out the privacy cookie remembers. */
export interface RememberedOptOut {
  anonymousId: string;
  /** ISO time the opt-out was recorded. */
  optedOutAt: string;
}

/** The opt-out the request's privacy cookie remembers, or undefined (no cookie, or not one we wrote). */
export function rememberedOptOut(request: FastifyRequest): RememberedOptOut | undefined {
  const match = COOKIE_VALUE.exec(cookieValue(request.headers.cookie, request.server.cookieNames.privacy) ?? '');
  if (!match) return undefined;
  const at = new Date(Number(match[2]));
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- group 1 is not optional, so a match fills it
  return Number.isNaN(at.getTime()) ? undefined : { anonymousId: match[1]!, optedOutAt: at.toISOString() };
}

/** True when the request carries Global Privacy Control (`Sec-GPC: 1`). */
export function sendsGpc(request: FastifyRequest): boolean {
  return request.headers[GPC_HEADER] === '1';
}

/** The browser's privacy choice: opted out by the cookie, by GPC, or both; undefined when neither. */
export function privacyChoiceOf(request: FastifyRequest): PrivacyChoice | undefined {
  const remembered = rememberedOptOut(request);
  const gpc = sendsGpc(request);
  if (!remembered && !gpc) return undefined;
  return { optedOut: true, optedOutAt: remembered?.optedOutAt ?? null, gpc };
}

/** `payload` with the browser's privacy choice (read once with the visit), which the document and the opt-out page render; unchanged when there is none. */
export function withPrivacyChoice<P extends Payload>(payload: P, privacy: PrivacyChoice | undefined): P {
  return privacy ? { ...payload, privacy } : payload;
}

/**
 * Sets the privacy cookie on `reply` for a recorded opt-out. HttpOnly (no script needs it: the
 * server renders every page from it), SameSite=Lax, Secure in production or over HTTPS.
 */
export function rememberOptOut(request: FastifyRequest, reply: FastifyReply, optOut: PrivacyOptOutRow, production: boolean): void {
  const value = `${optOut.anonymousId}.${Date.parse(optOut.optedOutAt)}`;
  reply.header('set-cookie', `${request.server.cookieNames.privacy}=${value}; Max-Age=${PRIVACY_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly${secureAttribute(request, production)}`);
}
