import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const DIGITS = 6;

/** A new 160-bit secret in base32, as RFC 6238 and the authenticator apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD }).toString();

/**
 * The time-step whose code `token` is (one step of clock drift either way), or null. The caller
 * accepts it only if it is later than the last step used, so no code works twice.
 */
export function matchingStep(secret: string, token: string, now = Date.now()): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD });
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet (about 50 bits). */
export function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Case and the dash do not matter; the hash is what is stored and compared. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex');

export const isTotpCode = (otp: string) => /^\d{6}$/.test(otp);
