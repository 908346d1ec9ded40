/**
 * A circuit breaker in front of the game: after `failures` transport failures in a row it opens, and
 * for `cooldownMs` every call fails at once instead of holding a connection and a request for the
 * whole timeout. Then one call goes through as a probe (half-open): its success closes the circuit,
 * its failure opens it for another cool-down. Each API process (and the worker) has its own.
 */
export interface CircuitBreaker {
  /** Whether a call may go now; in half-open, true for the one probe only. */
  allow(): boolean;
  succeeded(): void;
  failed(): void;
  /** Open (calls fail fast) or half-open (a probe is out): the game did not answer the last calls. */
  readonly open: boolean;
  /** When the circuit last opened after being closed; null while closed. */
  readonly openSince: Date | null;
}

export function createBreaker({
  failures,
  cooldownMs,
  now = Date.now,
}: {
  failures: number;
  cooldownMs: number;
  now?: () => number;
}): CircuitBreaker {
  let failedInRow = 0;
  let openedAt: number | null = null;
  let openSince: Date | null = null;
  let probing = false;

  return {
    allow() {
      if (openedAt === null) return true;
      if (probing || now() - openedAt < cooldownMs) return false;
      probing = true;
      return true;
    },
    succeeded() {
      failedInRow = 0;
      openedAt = null;
      openSince = null;
      probing = false;
    },
    failed() {
      failedInRow += 1;
      if (probing || failedInRow >= failures) {
        openedAt = now();
        openSince ??= new Date(openedAt);
      }
      probing = false;
    },
    get open() {
      return openedAt !== null;
    },
    get openSince() {
      return openSince;
    },
  };
}
