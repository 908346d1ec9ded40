import { codes, type internalMailSchema } from '@carabala/contracts';
import type { z } from 'zod';
import { toPaged, type PageQuery } from '../../db/paging';
import type { Db } from '../../lib/deps';
import type { EventPublisher } from '../../lib/events';
import { isUuid } from '../../lib/ids';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { mailboxMessages } from './messages';
import {
  countDeadMails,
  deliveriesOf,
  findMailBySource,
  findMails,
  mailQueueHealth,
  requeueDeadMail,
  type MailRow,
} from './repository';

type InternalMail = z.infer<typeof internalMailSchema>;

function toInternalMail(mail: MailRow): InternalMail {
  return {
    ...toMailDelivery(mail),
    receiverShortId: mail.receiverShortId,
    character: mail.character ?? null,
    title: mail.title,
    source: mail.source,
    sourceId: mail.sourceId,
    createdAt: mail.createdAt.toISOString(),
  };
}

/** Where a mail's delivery stands, as staff see it beside what earned it. */
function toMailDelivery(mail: MailRow) {
  return {
    id: mail.id,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    nextAttemptAt: mail.nextAttemptAt.toISOString(),
    deliveredAt: mail.deliveredAt?.toISOString() ?? null,
    items: mail.items,
  };
}

export interface MailboxDeps {
  db: Db;
  /** Where `mail.queued` goes once a dead mail is back in the queue. */
  events: EventPublisher;
}

/** The outbox as staff see it: mails by delivery state, a dead one sent again. */
export function createMailboxService({ db, events }: MailboxDeps) {
  return {
    async find(status: MailRow['status'], query: PageQuery) {
      return toPaged(query, await findMails(db, status, query), toInternalMail);
    },

    /** The delivery of the mail an event earned ('order', 'gift_code' …), null before it is written. */
    async deliveryOf(source: string, sourceId: string) {
      const mail = await findMailBySource(db, source, sourceId);
      return mail ? toMailDelivery(mail) : null;
    },

    /** Where the mails of these sources' events stand: status, and when delivered. */
    deliveriesOf: (source: string, sourceIds: string[]) => deliveriesOf(db, source, sourceIds),

    countDead: () => countDeadMails(db),

    /** The queue's figures: pending, failing, dead, the oldest mail not delivered. */
    queueHealth: () => mailQueueHealth(db),

    /** Staff send a dead mail again (same id, so the game still applies it at most once). */
    async retry(id: string, actorId: string): Promise<InternalMail> {
      const notDead = new AppError(404, codes.error, mailboxMessages.notDead);
      if (!isUuid(id)) throw notDead;
      const mail = await db.transaction(async (tx) => {
        const requeued = await requeueDeadMail(tx, id.toLowerCase());
        if (!requeued) throw notDead;
        await recordAudit(tx, {
          actorId,
          action: 'mail.retry',
          targetType: 'mail',
          targetId: requeued.id,
          detail: { source: requeued.source, sourceId: requeued.sourceId },
        });
        return requeued;
      });
      events.nudge('mail.queued');
      return toInternalMail(mail);
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
