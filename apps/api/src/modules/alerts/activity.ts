import { Counter } from 'prom-client';
import type { Db, Logger } from '../../lib/deps';
import { addActivity, type ActivityName } from './repository';

/** How often a process adds its counts to the shared rows. */
const FLUSH_MS = 5_000;

/** This process's answers since it started, counted by the metrics plugin (two additions per request). */
export interface AnswerTotals {
  answers: number;
  serverErrors: number;
}

/**
 * What the counted rules read across API processes: each process counts its answers, its 5xx answers
 * and its refused webhook calls in memory and adds them to the current minute's rows every FLUSH_MS. A
 * flush that fails is added to the next one. Refused webhook calls are also a Prometheus counter.
 */
export function createActivity({ db, log, answers }: { db: Db; log: Logger; answers?: AnswerTotals }) {
  const refusedCounter = new Counter({
    name: 'carabala_webhook_refused_total',
    help: 'SePay webhook calls refused for a wrong or missing key (this process)',
    registers: [],
  });
  let refused = 0;
  const flushed = { answers: 0, serverErrors: 0, refused: 0 };
  let timer: NodeJS.Timeout | undefined;
  let last: Promise<void> = Promise.resolve();

  async function flushNow(): Promise<void> {
    const now = { answers: answers?.answers ?? 0, serverErrors: answers?.serverErrors ?? 0, refused };
    const counts: [ActivityName, number][] = [
      ['answers', now.answers - flushed.answers],
      ['server_errors', now.serverErrors - flushed.serverErrors],
      ['webhook_refused', now.refused - flushed.refused],
    ];
    await addActivity(db, counts);
    Object.assign(flushed, now);
  }

  /** Adds what was counted until now; flushes run one after the other. */
  function flush(): Promise<void> {
    const next = last.catch(() => undefined).then(flushNow);
    last = next;
    return next;
  }

  return {
    refusedCounter,
    /** The SePay webhook refused a call for its key. */
    webhookRefused() {
      refused += 1;
      refusedCounter.inc();
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        flush().catch((error: unknown) => log.warn({ err: error }, 'activity counts not recorded yet'));
      }, FLUSH_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush().catch((error: unknown) => log.warn({ err: error }, 'activity counts lost at shutdown'));
    },
  };
}

export type Activity = ReturnType<typeof createActivity>;
