/**
 * Time-based one-time codes (TOTP, RFC 6238) for control-center accounts, with the settings every
 * authenticator app reads from an otpauth:// URI: SHA-1, 6 digits, a new code every 30 seconds.
 * A code is accepted for its own time step and one either side (a phone's clock a little off),
 * and the step it matched is returned so the caller can refuse it a second time (totp-store.ts
 * acceptTotpStep). Recovery codes stand in for a lost phone, each once. Server side only: the
 * secret and these libraries never reach a browser bundle.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS } from '../../core/contract/totp.ts';

/** The name authenticator apps show above the account's codes. */
export const TOTP_ISSUER = 'cobrand';

/** Seconds each code lasts. */
export const TOTP_PERIOD_SECONDS = 30;

/** Time steps either side of now whose codes are accepted too (clock drift). */
export const TOTP_DRIFT_STEPS = 1;

/** Bytes of a secret: 160 bits, as RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

function totpFor(secretBase32: string, email = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** A new random secret, base32 (what apps take when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI of `email`'s secret: what the QR code holds. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The QR code of `uri`, as SVG markup (made here on the server; the page shows it as it is). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** The time step `nowMs` falls in. */
export function timeStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `secretBase32` at `nowMs` (for tests and for nothing else on the server). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: nowMs });
}

/**
 * The time step whose code `code` is, within {@link TOTP_DRIFT_STEPS} of `nowMs`; undefined when
 * it is no such code. The caller must still check the step was not used before.
 */
export function matchingTimeStep(secretBase32: string, code: string, nowMs: number): number | undefined {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return undefined;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_DRIFT_STEPS });
  return delta === null ? undefined : timeStepAt(nowMs) + delta;
}

/** How many recovery codes an account gets when its second factor is turned on. */
export const RECOVERY_CODE_COUNT = 8;

/** 32 letters and digits, none two a person could confuse (no i, l, o, 1): 5 bits a character. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

/** New recovery codes, `xxxxx-xxxxx` (50 bits each), shown once; only their hashes are stored. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/**
 * The stored form of a recovery code: SHA-256 of its letters, any case, spaces and dashes left
 * out. A fast hash is enough: the code is 50 random bits, not a password a person chose.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(`recovery:${code.toLowerCase().replace(/[\s-]+/g, '')}`).digest('hex');
}
