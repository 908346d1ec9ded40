import { QueryClient } from '@tanstack/react-query';
import { ApiError, isTransient } from './api-client';

/** How often a read is tried again while the API is away or busy, and the longest wait between two tries. */
export const READ_RETRIES = 4;
const LONGEST_WAIT_MS = 30_000;

/**
 * Only a read that failed because the API was away or busy is tried again (a refusal would be refused
 * again), a few times; a mutation never is, so a purchase or a claim is not sent twice.
 */
export const retryRead = (failures: number, error: unknown) => failures < READ_RETRIES && isTransient(error);

/**
 * Waits what the server asked for (`Retry-After`), and never less than a doubling back-off from 1 s
 * with some jitter, so that many open pages do not come back at the same instant.
 */
export function retryDelay(failures: number, error: unknown) {
  const backoff = 1000 * 2 ** Math.max(0, failures - 1) * (0.75 + Math.random() * 0.5);
  const asked = error instanceof ApiError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
  return Math.min(LONGEST_WAIT_MS, Math.max(backoff, asked));
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryRead, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
