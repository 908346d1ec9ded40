'use client';

import { useState } from 'react';

/**
 * The one-time token of an e-mailed link, read once from the address's fragment (which no server,
 * proxy or log receives), then taken out of the address bar and the history.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => {
    if (typeof window === 'undefined') return null;
    const found = window.location.hash.slice(1);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  return token;
}
