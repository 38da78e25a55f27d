/**
 * Preview links for drafts (a preview link renders the brand page with the
 * draft, for signed-in staff only). The brand's host never sees the control center's session
 * cookie (another host), so a preview takes three hops, each proving a little more:
 *
 * 1. The link: the brand page with a grant (`?preview=`) naming the brand, the route and the
 *    version, signed with HMAC-SHA256 under a key derived from SESSION_KEY (HKDF with its own
 *    label, so the token key says nothing about the cookie key), valid {@link PREVIEW_TTL_SECONDS}.
 *    Only a signed-in account can ask the API for one. On its own it shows nothing: the brand
 *    host sends the browser to the control center with it (pages/preview-exchange.ts).
 * 2. The control center (preview-routes.ts) looks at the browser's own session: signed in, it
 *    sends the browser back with a pass (`?preview_pass=`) bound to that session, valid
 *    {@link PREVIEW_PASS_TTL_SECONDS}; signed out, back to the live page.
 * 3. The brand host trades the pass for a cookie of its own (the app's `cookieNames.preview`) and
 *    sends the browser to the page with `?preview=on` in its place; the page at that address
 *    shows the draft while the cookie's session is live in the store, so signing out ends the
 *    preview at once, on every node. Without `?preview=on` the same browser sees the live page.
 *
 * Passes and cookies are sealed (AES-256-GCM), not just signed: they carry the session id, which
 * no one should read out of an address bar or a cookie jar.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../platform/config/config.ts';
import { resolveSessionKey } from '../../auth/auth-session.ts';

/** How long a preview link works. */
export const PREVIEW_TTL_SECONDS = 30 * 60;

/** The brand page's query parameter carrying the token, or {@link PREVIEW_ON} once exchanged for a cookie. */
export const PREVIEW_PARAM = 'preview';

/**
 * `?preview=on`: the address a preview ends on. The draft shows only with it (and a live preview
 * cookie), so the same browser still sees the live page at the plain address.
 */
export const PREVIEW_ON = 'on';

/** How long a pass from the control center back to the brand page works: one redirect's time. */
export const PREVIEW_PASS_TTL_SECONDS = 60;

/** The brand page's query parameter carrying a pass (step 2). */
export const PREVIEW_PASS_PARAM = 'preview_pass';

/** What a preview token grants: one version of one page of one brand, until `expiresAt` (seconds since the epoch). */
export interface PreviewGrant {
  branch: string;
  route: string;
  version: number;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The key preview tokens are signed with (derived from SESSION_KEY); set by {@link previewKeyPlugin}. */
    previewKey: Buffer;
    /** The key preview passes and cookies are sealed with (derived from SESSION_KEY); set by {@link previewKeyPlugin}. */
    previewSealKey: Buffer;
  }
}

/** Derives the preview-token key from the session key. */
export function previewKeyFrom(sessionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'cobrand page preview v1', 32));
}

/** Derives the key that seals preview passes and cookies from the session key. */
export function previewSealKeyFrom(sessionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'cobrand page preview pass v1', 32));
}

/** Decorates the app with the preview key; needs nothing else registered first. */
export const previewKeyPlugin = fp(async function previewKeyPlugin(app: FastifyInstance, options: { config: Config }) {
  const sessionKey = await resolveSessionKey(options.config);
  app.decorate('previewKey', previewKeyFrom(sessionKey));
  app.decorate('previewSealKey', previewSealKeyFrom(sessionKey));
});

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A token for `grant`: `{base64url JSON}.{base64url HMAC}`, safe in a query string. */
export function signPreviewToken(key: Buffer, grant: PreviewGrant): string {
  const body = Buffer.from(JSON.stringify([grant.branch, grant.route, grant.version, grant.expiresAt])).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/**
 * The grant of a token when its signature holds and it has not expired at `now`; undefined for
 * anything else (tampered, expired, malformed), so a bad link shows the live page.
 */
export function verifyPreviewToken(key: Buffer, token: string, now = new Date()): PreviewGrant | undefined {
  if (token.length > 512) return undefined;
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts.length !== 4) return undefined;
  const [branch, route, version, expiresAt] = parts as unknown[];
  if (typeof branch !== 'string' || typeof route !== 'string' || !Number.isInteger(version) || typeof expiresAt !== 'number') return undefined;
  if (expiresAt * 1000 <= now.getTime()) return undefined;
  return { branch, route, version: version as number, expiresAt };
}

/**
 * What a pass or a preview cookie grants: a grant's page and version to the browser of the staff
 * session `sid`, while that session is live. `use` keeps a cookie's longer life from being put
 * in an address as a pass.
 */
export interface PreviewPass extends PreviewGrant {
  use: 'pass' | 'cookie';
  sid: string;
}

/** GCM's recommended nonce and tag sizes, in bytes. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Seals `pass`: `base64url(nonce | ciphertext | tag)`, safe in a query string and a cookie. */
export function sealPreviewPass(key: Buffer, pass: PreviewPass): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = JSON.stringify([pass.use, pass.sid, pass.branch, pass.route, pass.version, pass.expiresAt]);
  return Buffer.concat([nonce, cipher.update(body, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64url');
}

/**
 * The pass sealed in `token` when it opens under `key`, is meant for `use` and has not expired
 * at `now`; undefined for anything else (tampered, expired, malformed, the wrong use).
 */
export function openPreviewPass(key: Buffer, token: string, use: PreviewPass['use'], now = new Date()): PreviewPass | undefined {
  if (token.length > 1024) return undefined;
  const sealed = Buffer.from(token, 'base64url');
  if (sealed.length <= NONCE_BYTES + TAG_BYTES) return undefined;
  let parts: unknown;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    parts = JSON.parse(Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts.length !== 6) return undefined;
  const [sealedUse, sid, branch, route, version, expiresAt] = parts as unknown[];
  if (sealedUse !== use || typeof sid !== 'string' || typeof branch !== 'string' || typeof route !== 'string' || !Number.isInteger(version) || typeof expiresAt !== 'number') return undefined;
  if (expiresAt * 1000 <= now.getTime()) return undefined;
  return { use, sid, branch, route, version: version as number, expiresAt };
}
