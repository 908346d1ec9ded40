import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMailboxWorker, type MailboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker; server.ts starts it unless it runs as its own process. */
    mailbox: MailboxWorker;
  }
}

export function mailboxWorkerOptions(config: Config) {
  return {
    url: config.GAME_MAILBOX_URL,
    secret: config.GAME_MAILBOX_SECRET,
    batchSize: config.MAILBOX_BATCH_SIZE,
    pollMs: config.MAILBOX_POLL_MS,
    maxAttempts: config.MAILBOX_MAX_ATTEMPTS,
    backoffBaseMs: config.MAILBOX_BACKOFF_BASE_MS,
    backoffMaxMs: config.MAILBOX_BACKOFF_MAX_MS,
    leaseSeconds: config.MAILBOX_LEASE_SECONDS,
    timeoutMs: config.MAILBOX_TIMEOUT_MS,
  };
}

export const mailboxPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const worker = createMailboxWorker({ db: app.db, log: app.log, ...mailboxWorkerOptions(config) });
  app.decorate('mailbox', worker);
  // preClose runs before any onClose hook, so the batch in flight finishes before the database closes.
  app.addHook('preClose', () => worker.stop());
});
