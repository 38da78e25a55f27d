/**
 * Encryption at rest of TOTP secrets: AES-256-GCM under a key derived (HKDF-SHA-256) from the
 * server's session key (SESSION_KEY, or `${DATA_DIR}/session.key` outside production), with the
 * account's email as associated data, so a row's secret neither reads without the key nor
 * works when copied to another account. A new session key makes the old secrets unreadable:
 * those accounts then cannot finish a sign-in until `cobrand users totp EMAIL --reset`.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { normaliseEmail } from '../../core/control-center/accounts.ts';

/** Marks the format, so another can follow without guessing. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens TOTP secrets for one account each. */
export interface TotpSecretBox {
  seal(email: string, secret: string): string;
  /** The secret, or undefined when the text was not sealed with this key for this account. */
  open(email: string, sealed: string): string | undefined;
}

/**
 * The secret box of `sessionKey`.
 * @example
 * const box = totpSecretBox(key);
 * box.open('ana@example.com', box.seal('ana@example.com', 'JBSWY3DPEHPK3PXP')); // 'JBSWY3DPEHPK3PXP'
 */
export function totpSecretBox(sessionKey: Buffer): TotpSecretBox {
  const key = Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'cobrand totp secret v1', 32));
  return {
    seal(email, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(normaliseEmail(email)));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(email, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(normaliseEmail(email)));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens stored TOTP secrets with the session key; set by the sign-in session plugin (auth-session.ts). */
    totpSecrets: TotpSecretBox;
  }
}
