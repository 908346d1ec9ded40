import {
  promotionMessages,
  type AuditAction,
  type Paged,
  type PromotionContent,
  type PromotionListQuery,
  type StaffPromotion,
  type StorePromotion,
  type promotionBodySchema,
} from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { toPaged } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { changesBetween } from '../../lib/field-changes';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import {
  findRunningPromotions,
  findStaffPromotion,
  findStaffPromotions,
  hasOtherPaidOrder,
  insertPromotion,
  publishPromotionDraft,
  updatePromotionDraft,
  type StaffPromotionRow,
} from './repository';

type PromotionBody = z.output<typeof promotionBodySchema>;

const promotionNotFound = () => notFound(promotionMessages.notFound);

const toStaffPromotion = (row: StaffPromotionRow): StaffPromotion => ({
  id: row.id,
  state: row.state,
  draft: row.draft,
  published: row.published,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  claims: Number(row.claims),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function audit(tx: Tx, actorId: string, action: AuditAction, id: number, title: string, detail: object) {
  await recordAudit(tx, {
    actorId,
    action,
    targetType: 'promotion',
    targetId: String(id),
    detail: { title, ...detail },
  });
}

/** A receiver named by their game id, or undefined. */
async function receiverIdOf(db: Db, shortId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where short_id = ${shortId} limit 1`));
  return row?.id;
}

const toStorePromotion = ({ id, content }: { id: number; content: PromotionContent }): StorePromotion => {
  const { perPlayerCap: _cap, startsAt: _start, ...shown } = content;
  return { id, ...shown };
};

export interface PromotionsDeps {
  db: Db;
}

/** Promotions staff draft and publish (audited, publish with step-up), and what the store shows of them. */
export function createPromotionsService({ db }: PromotionsDeps) {
  async function changeDraft(id: number | null, actorId: string, body: PromotionBody): Promise<StaffPromotion> {
    return db.transaction(async (tx) => {
      const current = id === null ? undefined : await findStaffPromotion(tx, id, { forUpdate: true });
      if (id !== null && !current) throw promotionNotFound();
      const draft: PromotionContent = body;
      const promotionId = current ? current.id : await insertPromotion(tx, draft);
      if (current) await updatePromotionDraft(tx, promotionId, draft);
      const changes = changesBetween(current?.draft ?? null, draft);
      await audit(tx, actorId, current ? 'promotion.update' : 'promotion.create', promotionId, draft.title, changes);
      return toStaffPromotion((await findStaffPromotion(tx, promotionId))!);
    });
  }

  return {
    async list(query: PromotionListQuery): Promise<Paged<StaffPromotion>> {
      return toPaged(query, await findStaffPromotions(db, query), toStaffPromotion);
    },

    async get(id: number): Promise<StaffPromotion> {
      const row = await findStaffPromotion(db, id);
      if (!row) throw promotionNotFound();
      return toStaffPromotion(row);
    },

    create: (actorId: string, body: PromotionBody) => changeDraft(null, actorId, body),
    update: (id: number, actorId: string, body: PromotionBody) => changeDraft(id, actorId, body),

    /**
     * Copies the draft to the published state. A promotion gives items away, so every publication
     * needs a fresh second-factor code: `steppedUp` says whether the session has one, `refuseStepUp`
     * is the refusal to throw when it has not.
     */
    async publish(id: number, actorId: string, steppedUp: boolean, refuseStepUp: () => Error) {
      return db.transaction(async (tx) => {
        const current = await findStaffPromotion(tx, id, { forUpdate: true });
        if (!current) throw promotionNotFound();
        if (current.state === 'published') return toStaffPromotion(current);
        if (!steppedUp) throw refuseStepUp();
        await publishPromotionDraft(tx, id);
        const changes = changesBetween(current.published, current.draft);
        await audit(tx, actorId, 'promotion.publish', id, current.draft.title, changes);
        return toStaffPromotion((await findStaffPromotion(tx, id))!);
      });
    },

    /**
     * The promotions running now, as the store shows them. With a receiver's game id, a first
     * top-up promotion is left out once that receiver has a paid order (it would not apply).
     */
    async running(receiver: string | undefined, at = new Date()): Promise<StorePromotion[]> {
      const running = await findRunningPromotions(db, at);
      const receiverId = receiver ? await receiverIdOf(db, receiver) : undefined;
      const paidBefore = receiverId ? await hasOtherPaidOrder(db, receiverId, null) : false;
      return running
        .filter((promotion) => promotion.content.kind !== 'first_topup' || !paidBefore)
        .map(toStorePromotion);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
