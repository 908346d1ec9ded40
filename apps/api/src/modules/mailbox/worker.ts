import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  claimDueMails,
  deliverDueMailsLocally,
  markMailDelivered,
  markMailFailed,
  type ClaimedMail,
} from './repository';

export interface MailboxWorkerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The game server's mailbox endpoint; without it the embedded mailbox records deliveries. */
  url?: string;
  /** The HMAC key of the deliveries to `url` (the configuration requires it with `url`). */
  secret?: string;
  batchSize: number;
  pollMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  leaseSeconds: number;
  timeoutMs: number;
}

export interface MailboxWorker {
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** Runs one batch now; returns how many mails it handled. */
  runOnce(): Promise<number>;
  /** Asks for a batch soon (after a payment), instead of at the next poll. */
  nudge(): void;
}

/** HMAC-SHA256 of the exact body bytes, hex; the game server recomputes it with the shared secret. */
export function signMailBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Exponential back-off with full jitter, capped. `attempt` counts from 1. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createMailboxWorker(options: MailboxWorkerOptions): MailboxWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function send(mail: ClaimedMail): Promise<void> {
    const body = JSON.stringify({
      id: mail.id,
      receiverShortId: mail.receiverShortId,
      title: mail.title,
      items: mail.items,
      source: mail.source,
      sourceId: mail.sourceId,
    });
    try {
      const response = await fetch(options.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': mail.id,
          'x-signature': `sha256=${signMailBody(body, options.secret!)}`,
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`game server answered ${response.status}`);
      await markMailDelivered(options.db, mail.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = mail.attempts >= options.maxAttempts;
      const retryAt = dead
        ? null
        : new Date(Date.now() + backoffDelay(mail.attempts, options.backoffBaseMs, options.backoffMaxMs));
      await markMailFailed(options.db, mail.id, message, retryAt);
      if (dead) options.log.error({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail is dead');
      else options.log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail delivery failed');
    }
  }

  async function runOnce(): Promise<number> {
    if (!options.url) return (await deliverDueMailsLocally(options.db, options.batchSize)).length;
    const batch = await claimDueMails(options.db, options.batchSize, options.leaseSeconds);
    await Promise.all(batch.map(send));
    return batch.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    timer = null;
    if (running || stopped) return;
    running = runOnce()
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'mailbox batch failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    void running.then((handled) => schedule(handled >= options.batchSize ? 0 : options.pollMs));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
    nudge() {
      if (!running) schedule(0);
    },
  };
}
