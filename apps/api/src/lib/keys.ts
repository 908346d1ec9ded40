import { hkdfSync } from 'node:crypto';

/**
 * What each key derived from JWT_SECRET signs or encrypts (`totp-secret`: the staff TOTP secrets at rest, decision 029). A purpose is part of the derivation, so a token or a
 * signature made for one purpose never verifies for another, and a key of one purpose tells nothing
 * of the secret or of the other keys (docs/decisions/027). A new purpose adds its name here.
 */
export type KeyPurpose = 'session' | 'account-link' | 'ticket-image-url' | 'totp-secret' | 'phone-code';

/** Fixed per application: HKDF's salt separates these keys from any other use of the same secret. */
const SALT = 'carabala/keys/v1';

/** A 32-byte key for `purpose`, by HKDF-SHA256 from the configured secret. */
export function deriveKey(secret: string, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, SALT, purpose, 32));
}
