/**
 * Preview links for drafts (issue 12 "Pages": "a preview link renders the brand page with the
 * draft for signed-in staff only"). The brand's host never sees the control center's session
 * cookie (another host), so the link itself carries the proof: a short-lived token naming the
 * brand, the route and the version, signed with HMAC-SHA256 under a key derived from SESSION_KEY
 * (HKDF with its own label, so the token key says nothing about the cookie key). Only a signed-in
 * account can ask the API for one; anyone holding it can look until it expires, as with any
 * share link, which is why it lives minutes, not days.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { resolveSessionKey } from '../plugins/auth-session.ts';

/** How long a preview link works. */
export const PREVIEW_TTL_SECONDS = 30 * 60;

/** The brand page's query parameter carrying the token. */
export const PREVIEW_PARAM = 'preview';

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
  }
}

/** Derives the preview-token key from the session key. */
export function previewKeyFrom(sessionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'cobrand page preview v1', 32));
}

/** Decorates the app with the preview key; needs nothing else registered first. */
export const previewKeyPlugin = fp(async function previewKeyPlugin(app: FastifyInstance, options: { config: Config }) {
  app.decorate('previewKey', previewKeyFrom(await resolveSessionKey(options.config)));
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
