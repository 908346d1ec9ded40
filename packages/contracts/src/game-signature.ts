/**
 * @carabala/contracts/game-signature: how both sides of the game contract sign a call (docs/game-api.md).
 * HMAC-SHA256, hex, over `{timestamp}.{METHOD} {path}.{body}`: the timestamp bounds a replay to the
 * window, the method and path bind the signature to one call (a signed look-up cannot be replayed as a
 * mail), and each direction has its own key (GAME_API_SECRET: site to game; GAME_CALLBACK_SECRET: game
 * to site). The receiver also remembers the signatures it accepted for the window and refuses a repeat.
 * Node only (node:crypto): the web never imports it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const GAME_TIMESTAMP_HEADER = 'x-game-timestamp';
export const GAME_SIGNATURE_HEADER = 'x-game-signature';
/** How far a call's timestamp may be from the receiver's clock, either way. */
export const GAME_REPLAY_WINDOW_SECONDS = 300;

export interface SignedCall {
  method: string;
  /** The path as sent, without the query string, e.g. `/v1/players/lookup`. */
  path: string;
  body: string;
}

export function gameSignature(secret: string, timestamp: number, call: SignedCall): string {
  const signed = `${timestamp}.${call.method.toUpperCase()} ${call.path}.${call.body}`;
  return `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`;
}

/** The two headers of a call signed now. */
export function signGameCall(secret: string, call: SignedCall, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    [GAME_TIMESTAMP_HEADER]: String(timestamp),
    [GAME_SIGNATURE_HEADER]: gameSignature(secret, timestamp, call),
  };
}

export type SignatureCheck = { ok: true; signature: string } | { ok: false; reason: 'signature' | 'stale' };

/**
 * Checks a received call's headers. `stale`: the timestamp is missing or outside the window;
 * `signature`: it does not match. The caller refuses a `signature` it has already accepted (a replay).
 */
export function verifyGameCall(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  call: SignedCall,
  now = Date.now(),
): SignatureCheck {
  const timestampText = String(headers[GAME_TIMESTAMP_HEADER] ?? '');
  const given = String(headers[GAME_SIGNATURE_HEADER] ?? '');
  if (!/^[0-9]{1,12}$/.test(timestampText)) return { ok: false, reason: 'stale' };
  const timestamp = Number(timestampText);
  if (Math.abs(now / 1000 - timestamp) > GAME_REPLAY_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(gameSignature(secret, timestamp, call));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    return { ok: false, reason: 'signature' };
  }
  return { ok: true, signature: given };
}
