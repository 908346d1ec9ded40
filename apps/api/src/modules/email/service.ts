import {
  codes,
  type InternalEmail,
  type InternalEmailContent,
  type InternalEmailPage,
  type InternalEmailQuery,
} from '@carabala/contracts';
import type { Config, Db, Logger } from '../../lib/deps';
import type { EventBus } from '../../lib/events';
import { isUuid } from '../../lib/ids';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit';
import type { PaidOrderForReceipt } from '../orders';
import { createReceipts } from './receipts';
import {
  findEmail,
  findEmails,
  requeueDeadEmail,
  type EmailInput,
  type EmailRow,
  type EmailStatus,
} from './repository';
import { renderEmail, type EmailSite } from './templates';
import { configuredTransport, type EmailTransport } from './transport';
import { createEmailWorker } from './worker';

export const emailMessages = {
  notFound: 'email.notFound',
  notDead: 'email.notDead',
  contentHidden: 'email.contentHidden',
};

/** The site's host, for the Message-IDs and the default sender. */
export const siteHost = (publicWebUrl: string) => new URL(publicWebUrl).hostname;

/** The sender: EMAIL_FROM, else `"<site>" <no-reply@host>`. */
export function senderOf(config: Pick<Config, 'EMAIL_FROM' | 'BRAND_NAME' | 'PUBLIC_WEB_URL'>): string {
  if (config.EMAIL_FROM) return config.EMAIL_FROM;
  const name = config.BRAND_NAME.replace(/["\\\r\n]/g, '');
  return `"${name}" <no-reply@${siteHost(config.PUBLIC_WEB_URL)}>`;
}

const rendered = (row: Pick<EmailRow, 'kind' | 'params'>, site: EmailSite) =>
  renderEmail({ kind: row.kind, params: row.params } as EmailInput, site);

/** The subject staff read in the list; an e-mail that cannot be rendered shows its kind (it is dead). */
function subjectOf(row: EmailRow, site: EmailSite): string {
  try {
    return rendered(row, site).subject;
  } catch {
    return row.kind;
  }
}

export interface EmailOutboxOptions {
  db: Db;
  config: Config;
  log: Logger;
  events: EventBus;
  paidOrders: (which: { ids?: string[]; paidSince?: Date }) => Promise<PaidOrderForReceipt[]>;
  /** Tests give their own (a stand-in SMTP server's); else SMTP_URL, the demo's folder, or none. */
  transport?: EmailTransport;
}

/**
 * The e-mail outbox's background and console: the worker that sends, the receipts of paid orders, and
 * the staff's list (with the content in demo mode, to follow a verification link without a mail server).
 */
export function createEmailOutbox({ db, config, log, events, paidOrders, transport }: EmailOutboxOptions) {
  const site: EmailSite = { name: config.BRAND_NAME };
  const chosen = transport ?? configuredTransport(config);
  const worker = createEmailWorker({
    db,
    log,
    transport: chosen,
    from: senderOf(config),
    host: siteHost(config.PUBLIC_WEB_URL),
    site,
    pollMs: config.EMAIL_POLL_MS,
    maxAttempts: config.EMAIL_MAX_ATTEMPTS,
  });
  const receipts = createReceipts({ db, log, events, paidOrders, sweepMs: config.EMAIL_RECEIPT_SWEEP_MS });
  const contentShown = config.DEMO_MODE;

  const toInternalEmail = (row: EmailRow): InternalEmail => ({
    id: row.id,
    toAddress: row.toAddress,
    kind: row.kind as InternalEmail['kind'],
    subject: subjectOf(row, site),
    status: row.status as EmailStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  });

  return {
    worker,
    receipts,
    transportMode: chosen.mode,

    /** The outbox for staff, newest first. */
    async find(query: InternalEmailQuery): Promise<InternalEmailPage> {
      const { items, total } = await findEmails(db, { ...query, q: query.search });
      return {
        items: items.map(toInternalEmail),
        total,
        page: query.page,
        pageSize: query.pageSize,
        contentShown,
        transport: chosen.mode,
      };
    },

    /** An e-mail's subject, HTML and text as sent: demo mode only (a real e-mail's link is a secret). */
    async content(id: string): Promise<InternalEmailContent> {
      if (!contentShown) throw new AppError(404, codes.error, emailMessages.contentHidden);
      const row = isUuid(id) ? await findEmail(db, id.toLowerCase()) : undefined;
      if (!row) throw new AppError(404, codes.error, emailMessages.notFound);
      return rendered(row, site);
    },

    /** Staff send a dead e-mail again: the same row (same Message-ID) with fresh attempts; audited. */
    async retry(id: string, actorId: string): Promise<InternalEmail> {
      const notDead = new AppError(404, codes.error, emailMessages.notDead);
      if (!isUuid(id)) throw notDead;
      const row = await db.transaction(async (tx) => {
        const requeued = await requeueDeadEmail(tx, id.toLowerCase());
        if (!requeued) throw notDead;
        await recordAudit(tx, {
          actorId,
          action: 'email.retry',
          targetType: 'email',
          targetId: requeued.id,
          detail: { to: requeued.toAddress, kind: requeued.kind },
        });
        return requeued;
      });
      events.nudge('email.queued');
      return toInternalEmail(row);
    },
  };
}

export type EmailOutbox = ReturnType<typeof createEmailOutbox>;
