import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed addresses of ticket images. A ticket's owner and staff receive them with the
 * ticket; the bare address (kept in the ticket row) opens nothing. The expiry is rounded up to a
 * fifth of the lifetime, so a page refetching its ticket gets the same URL and the browser's cache
 * keeps working.
 */
export interface ImageUrlSigner {
  sign(path: string, now?: number): string;
  /** Seconds the signature is still valid, or null when it is missing, wrong or expired. */
  remaining(path: string, expires: number | undefined, signature: string | undefined, now?: number): number | null;
}

export function createImageUrlSigner(secret: string, ttlSeconds: number): ImageUrlSigner {
  const key = createHmac('sha256', secret).update('ticket-image-urls').digest();
  const mac = (path: string, expires: number) => createHmac('sha256', key).update(`${path}\n${expires}`).digest();
  const step = Math.max(1, Math.floor(ttlSeconds / 5));
  const seconds = (now: number) => Math.floor(now / 1000);
  return {
    sign(path, now = Date.now()) {
      const expires = Math.ceil((seconds(now) + ttlSeconds) / step) * step;
      return `${path}?expires=${expires}&signature=${mac(path, expires).toString('base64url')}`;
    },
    remaining(path, expires, signature, now = Date.now()) {
      if (expires === undefined || signature === undefined) return null;
      const left = expires - seconds(now);
      if (left <= 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(path, expires);
      return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
    },
  };
}
