/** What a background job needs of a logger. */
interface Log {
  error: (detail: object, message: string) => void;
}

export interface Repeated<T> {
  /** Runs after `firstDelayMs`, then again after each run, until stopped. */
  start(): void;
  /** No more runs; waits for one in progress. */
  stop(): Promise<void>;
  /** Runs now, or joins the run in progress. */
  runNow(): Promise<T>;
  /** Runs at once, or again right after the run in progress (which may have read too early), and the schedule goes on from there. */
  nudge(): void;
}

/**
 * A background job of the worker (the mailbox, the bank-feed pull, the image sweep): never two runs
 * at once, a failed run is logged as `failed` and the schedule goes on, and the next run waits
 * `delayAfter(result)` ms (`undefined` after a failure).
 */
export function repeated<T>(options: {
  run: () => Promise<T>;
  delayAfter: (result: T | undefined) => number;
  firstDelayMs?: number;
  /**
   * A nudge starts the next run this many ms later (0: at once), so that the changes of a burst are
   * taken in one run: each run costs its reads and writes whatever its batch (decision record 062).
   */
  gatherMs?: number;
  log: Log;
  failed: string;
}): Repeated<T> {
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (ms since the epoch). */
  let timerDue = 0;
  let running: Promise<T> | null = null;
  // Nudged during a run: the next run starts as soon as it ends.
  let again = false;

  const runNow = () => {
    running ??= options.run().finally(() => {
      running = null;
    });
    return running;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timerDue = Date.now() + delay;
    timer = setTimeout(tick, delay);
  };
  function tick() {
    timer = null;
    if (stopped) return;
    runNow().then(
      (result) => {
        const nudged = again;
        again = false;
        const after = options.delayAfter(result);
        // Nudged during the run: what arrived meanwhile is gathered as a nudge's would be, unless the
        // job asks to go on at once (a full batch: a backlog is read batch after batch).
        schedule(nudged ? Math.min(after, options.gatherMs ?? 0) : after);
      },
      (error: unknown) => {
        options.log.error({ err: error }, options.failed);
        schedule(options.delayAfter(undefined));
      },
    );
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(options.firstDelayMs ?? 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    runNow,
    nudge() {
      if (running) again = true;
      // A run not started by the schedule (runNow) leaves its timer pending: that tick joins it, then runs again.
      if (!running || timer) {
        const gather = options.gatherMs ?? 0;
        // A run already due sooner than the gathering delay keeps its time.
        if (!timer || timerDue > Date.now() + gather) schedule(gather);
      }
    },
  };
}

/** A sweep of the worker run at start and then every `intervalMs`: `sweep` itself, and its schedule. */
export function periodicSweep<T>(sweep: (now?: Date) => Promise<T>, intervalMs: number, log: Log, failed: string) {
  const loop = repeated({ run: () => sweep(), delayAfter: () => intervalMs, log, failed });
  return { sweep, start: loop.start, stop: loop.stop };
}

/** Exponential back-off with full jitter, capped. `attempt` counts from 1. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
