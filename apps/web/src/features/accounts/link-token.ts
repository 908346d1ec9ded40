'use client';

/**
 * The one-time token of an e-mailed link, read once after the page starts from the address's fragment
 * (which no server, proxy or log receives), then taken out of the address bar and the history. Empty
 * when the address had none.
 */
export function takeLinkToken(): string {
  const found = window.location.hash.slice(1);
  if (found) window.history.replaceState(null, '', window.location.pathname);
  return found;
}
