/**
 * @carabala/contracts/game-signature: how both sides of the game contract sign a call (docs/game-api.md).
 * HMAC-SHA256, hex, over `{timestamp}.{nonce}.{METHOD} {path}.{body}`: the timestamp bounds a replay to
 * the window, the nonce (random, per call) makes two honest identical calls in the same second differ,
 * the method and path bind the signature to one call (a signed look-up cannot be replayed as a mail),
 * and each direction has its own key (GAME_API_SECRET: site to game; GAME_CALLBACK_SECRET: game to
 * site). The receiver remembers the nonces it accepted for the window and refuses a repeat.
 * Node only (node:crypto): the web never imports it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const GAME_TIMESTAMP_HEADER = 'x-game-timestamp';
export const GAME_SIGNATURE_HEADER = 'x-game-signature';
export const GAME_NONCE_HEADER = 'x-game-nonce';
/** How far a call's timestamp may be from the receiver's clock, either way. */
export const GAME_REPLAY_WINDOW_SECONDS = 300;

export interface SignedCall {
  method: string;
  /** The path as sent, without the query string, e.g. `/v1/players/lookup`. */
  path: string;
  body: string;
}

/** A nonce: 16 to 64 characters of [A-Za-z0-9_-]. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export function gameSignature(secret: string, timestamp: number, nonce: string, call: SignedCall): string {
  const signed = `${timestamp}.${nonce}.${call.method.toUpperCase()} ${call.path}.${call.body}`;
  return `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`;
}

/** The three headers of a call signed now, with a fresh nonce. */
export function signGameCall(
  secret: string,
  call: SignedCall,
  now = Date.now(),
  nonce = randomBytes(16).toString('base64url'),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    [GAME_TIMESTAMP_HEADER]: String(timestamp),
    [GAME_NONCE_HEADER]: nonce,
    [GAME_SIGNATURE_HEADER]: gameSignature(secret, timestamp, nonce, call),
  };
}

/** `nonce`: what the receiver remembers for the window and refuses again (a replay). */
export type SignatureCheck =
  { ok: true; nonce: string; signature: string } | { ok: false; reason: 'signature' | 'stale' };

/**
 * Checks a received call's headers. `stale`: the timestamp is missing or outside the window;
 * `signature`: the nonce is missing or malformed, or the signature does not match. The caller refuses
 * a `nonce` it has already accepted within the window (a replay).
 */
export function verifyGameCall(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  call: SignedCall,
  now = Date.now(),
): SignatureCheck {
  const timestampText = String(headers[GAME_TIMESTAMP_HEADER] ?? '');
  const given = String(headers[GAME_SIGNATURE_HEADER] ?? '');
  const nonce = String(headers[GAME_NONCE_HEADER] ?? '');
  if (!/^[0-9]{1,12}$/.test(timestampText)) return { ok: false, reason: 'stale' };
  const timestamp = Number(timestampText);
  if (Math.abs(now / 1000 - timestamp) > GAME_REPLAY_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  if (!NONCE.test(nonce)) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(gameSignature(secret, timestamp, nonce, call));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    return { ok: false, reason: 'signature' };
  }
  return { ok: true, nonce, signature: given };
}
