/**
 * Signs calls so that no two share a signature. Two identical calls (same path and body) signed in the
 * same second carry the same signature, and the receiver accepts a signature once (a repeat is a
 * replay). So a repeat is signed with an earlier second still well inside the replay window
 * (docs/game-api.md, "Signing"). Used by the conformance check and the tests.
 */
import {
  gameSignature,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  type SignedCall,
} from '@carabala/contracts/game-signature';

/** How far back a repeat may be signed: a quarter of the 300 s window, so it stays fresh in transit. */
const MAX_BACKDATE_SECONDS = 60;

export function createUniqueSigner(secret: string) {
  const used = new Map<string, number>();
  return (call: SignedCall, now = Date.now()): Record<string, string> => {
    const second = Math.floor(now / 1000);
    for (const [signature, at] of used) if (at < second - 2 * MAX_BACKDATE_SECONDS) used.delete(signature);
    for (let timestamp = second; timestamp > second - MAX_BACKDATE_SECONDS; timestamp -= 1) {
      const signature = gameSignature(secret, timestamp, call);
      if (used.has(signature)) continue;
      used.set(signature, timestamp);
      return { [GAME_TIMESTAMP_HEADER]: String(timestamp), [GAME_SIGNATURE_HEADER]: signature };
    }
    throw new Error(`More than ${MAX_BACKDATE_SECONDS} identical calls in a minute: ${call.method} ${call.path}`);
  };
}
