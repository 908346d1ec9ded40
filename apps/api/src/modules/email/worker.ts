import type { Db, Logger } from '../../lib/deps';
import { backoffDelay, repeated } from '../../lib/repeat';
import { text } from '../../lib/sentences';
import { claimDueEmails, markEmailFailed, markEmailSent, type ClaimedEmail, type EmailInput } from './repository';
import { renderEmail, type EmailSite } from './templates';
import type { EmailTransport } from './transport';

/** How long a claimed e-mail is this worker's: far above the SMTP timeouts (transport.ts). */
export const EMAIL_LEASE_SECONDS = 120;
const BATCH_SIZE = 10;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

/** An address the outbox sends to: one mailbox, nothing that could name another recipient or a header. */
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;

export interface EmailWorkerOptions {
  db: Db;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  transport: EmailTransport;
  /** The sender (EMAIL_FROM, or the site's name at no-reply@ its host). */
  from: string;
  /** The site's host: every Message-ID is `<e-mail id@host>`. */
  host: string;
  site: EmailSite;
  pollMs: number;
  maxAttempts: number;
  leaseSeconds?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export interface EmailWorker {
  start(): void;
  stop(): Promise<void>;
  /** Sends one batch now; returns how many e-mails it took. */
  runOnce(): Promise<number>;
  /** E-mail was queued: a batch now, instead of at the next poll. */
  nudge(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The e-mail worker: claims due e-mails with a lease, renders each, hands it to the transport with a
 * Message-ID fixed by its id, and records it sent; a failure is retried with back-off up to
 * `maxAttempts`, then the e-mail is dead (staff see it with its error). Without a transport (no
 * SMTP_URL outside the demo) it claims nothing: the e-mails wait, their attempts untouched.
 */
export function createEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, log, transport } = options;
  const leaseSeconds = options.leaseSeconds ?? EMAIL_LEASE_SECONDS;
  const baseMs = options.backoffBaseMs ?? BACKOFF_BASE_MS;
  const maxMs = options.backoffMaxMs ?? BACKOFF_MAX_MS;

  async function attempt(email: ClaimedEmail): Promise<{ error: string; permanent: boolean } | null> {
    if (!ADDRESS.test(email.toAddress) || email.toAddress.length > 320) {
      return { error: text('server.email.badAddress'), permanent: true };
    }
    let rendered;
    try {
      rendered = renderEmail({ kind: email.kind, params: email.params } as EmailInput, options.site);
    } catch (error) {
      return { error: messageOf(error), permanent: true };
    }
    try {
      await transport.send({
        ...rendered,
        id: email.id,
        from: options.from,
        to: email.toAddress,
        messageId: `<${email.id}@${options.host}>`,
      });
      return null;
    } catch (error) {
      return { error: messageOf(error), permanent: false };
    }
  }

  async function send(email: ClaimedEmail): Promise<void> {
    const failed = await attempt(email);
    if (!failed) {
      // Unrecorded (the database away), the e-mail goes again after its lease, with the same Message-ID.
      await markEmailSent(db, email.id).catch((error: unknown) =>
        log.error({ emailId: email.id, err: messageOf(error) }, 'sent e-mail not recorded: sent again after the lease'),
      );
      return;
    }
    const dead = failed.permanent || email.attempts >= options.maxAttempts;
    const retryAt = dead ? null : new Date(Date.now() + backoffDelay(email.attempts, baseMs, maxMs));
    await markEmailFailed(db, email.id, failed.error, retryAt).catch((error: unknown) =>
      log.warn({ emailId: email.id, err: messageOf(error) }, 'e-mail failure not recorded'),
    );
    if (dead) log.error({ emailId: email.id, attempts: email.attempts, err: failed.error }, 'e-mail is dead');
    else log.warn({ emailId: email.id, attempts: email.attempts, err: failed.error }, 'e-mail not sent yet');
  }

  async function runOnce(): Promise<number> {
    if (transport.mode === 'none') return 0;
    const batch = await claimDueEmails(db, BATCH_SIZE, leaseSeconds);
    await Promise.all(batch.map(send));
    return batch.length;
  }

  const loop = repeated({
    run: runOnce,
    delayAfter: (handled) => ((handled ?? 0) >= BATCH_SIZE ? 0 : options.pollMs),
    log,
    failed: 'e-mail batch failed',
  });
  return {
    start() {
      if (transport.mode === 'none') {
        log.warn({}, 'SMTP_URL is not set: e-mails are not sent, they wait in the outbox');
        return;
      }
      loop.start();
    },
    async stop() {
      await loop.stop();
      transport.close();
    },
    runOnce,
    nudge: () => {
      if (transport.mode !== 'none') loop.nudge();
    },
  };
}
