import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../../lib/keys';

/**
 * The key that encrypts TOTP secrets at rest: the `totp-secret` key derived from the configured JWT
 * secret (lib/keys.ts), so it is never the key that signs sessions. Decision records 027, 029.
 */
export function secondFactorKey(jwtSecret: string): Buffer {
  return Buffer.from(deriveKey(jwtSecret, 'totp-secret'));
}

/** AES-256-GCM, stored as `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was sealed with another key (the JWT secret changed) or is damaged. */
export function openSecret(key: Buffer, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
