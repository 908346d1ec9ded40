import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed addresses of ticket images. A ticket's owner and staff receive them with the
 * ticket; the bare address (kept in the ticket row) opens nothing. Each address names its ticket, so
 * the image route can ask whether that ticket still exists and still lists the image: a deleted
 * ticket's addresses stop working at once, not when they expire. The expiry is rounded up to a fifth
 * of the lifetime, so a page refetching its ticket gets the same URL and the browser's cache keeps
 * working.
 */
export interface ImageUrlSigner {
  sign(path: string, ticketId: string, now?: number): string;
  /** Seconds the signature is still valid, or null when it is missing, wrong or expired. */
  remaining(
    path: string,
    query: { ticket?: string; expires?: number; signature?: string },
    now?: number,
  ): number | null;
}

/** `key` is the purpose's own key (lib/keys.ts: 'ticket-image-url'). */
export function createImageUrlSigner(key: Uint8Array, ttlSeconds: number): ImageUrlSigner {
  const mac = (path: string, ticketId: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${ticketId}\n${expires}`).digest();
  const step = Math.max(1, Math.floor(ttlSeconds / 5));
  const seconds = (now: number) => Math.floor(now / 1000);
  return {
    sign(path, ticketId, now = Date.now()) {
      const expires = Math.ceil((seconds(now) + ttlSeconds) / step) * step;
      const signature = mac(path, ticketId, expires).toString('base64url');
      return `${path}?ticket=${ticketId}&expires=${expires}&signature=${signature}`;
    },
    remaining(path, { ticket, expires, signature }, now = Date.now()) {
      if (ticket === undefined || expires === undefined || signature === undefined) return null;
      const left = expires - seconds(now);
      if (left <= 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(path, ticket, expires);
      return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
    },
  };
}
