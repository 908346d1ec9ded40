import { codes, type internalMailSchema, type Paged } from '@carabala/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit/repository';
import { findMails, requeueDeadMail, type MailRow } from './repository';

type InternalMail = z.infer<typeof internalMailSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toInternalMail(mail: MailRow): InternalMail {
  return {
    id: mail.id,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    nextAttemptAt: mail.nextAttemptAt.toISOString(),
    deliveredAt: mail.deliveredAt?.toISOString() ?? null,
    items: mail.items,
    receiverShortId: mail.receiverShortId,
    title: mail.title,
    source: mail.source,
    sourceId: mail.sourceId,
    createdAt: mail.createdAt.toISOString(),
  };
}

export function createMailboxService(db: Db, onRequeued: () => void) {
  return {
    async find(status: MailRow['status'], page: number, pageSize: number): Promise<Paged<InternalMail>> {
      const { items, total } = await findMails(db, status, page, pageSize);
      return { items: items.map(toInternalMail), total, page, pageSize };
    },

    /** Staff send a dead mail again (same id, so the game still applies it at most once). */
    async retry(id: string, actorId: string): Promise<InternalMail> {
      const notDead = new AppError(404, codes.error, 'Không tìm thấy thư cần gửi lại.');
      if (!UUID.test(id)) throw notDead;
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
      onRequeued();
      return toInternalMail(mail);
    },
  };
}
