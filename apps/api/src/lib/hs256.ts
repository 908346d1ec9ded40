import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims of a verified token that the caller reads; any others are left as they are. */
export type VerifiedClaims = Record<string, unknown> & { sub?: unknown; exp?: unknown };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function json(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks a compact JWS signed with HS256 (as jose's SignJWT writes the sessions' tokens) synchronously,
 * with node:crypto: the header must name exactly HS256 and no critical extension, the signature must
 * match (compared in constant time), `exp` must be a number in the future and `nbf`, when present, in
 * the past. Returns the claims, or null for anything else. jose's jwtVerify does the same through
 * WebCrypto, whose asynchronous job cost the API about 0.4 ms of CPU per new token under load
 * (bench/launch-day.mjs, issue 28); tokens are still signed with jose.
 */
export function verifyHs256(token: string, key: Uint8Array, now = Date.now()): VerifiedClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = json(header);
  if (!protectedHeader || protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader) return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = json(payload);
  if (!claims) return null;
  const seconds = now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > seconds)) return null;
  return claims;
}
