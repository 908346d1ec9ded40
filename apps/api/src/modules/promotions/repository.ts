import type { PromotionContent, PromotionListQuery } from '@carabala/contracts';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftStateSql, draftedRowById, publishedFromDraft, readDraftedPage } from '../../db/drafts';
import { rowsOf } from '../../db/rows';
import { promotionClaims, promotions, type MailCharacter, type MailItem } from '../../db/schema';

const stateSql = draftStateSql(promotions.draft, promotions.published);

const staffColumns = {
  id: promotions.id,
  draft: promotions.draft,
  published: promotions.published,
  publishedAt: promotions.publishedAt,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
  state: stateSql,
  claims: sql<number>`(select count(*)::int from ${promotionClaims} c where c.promotion_id = ${promotions.id})`,
};

export const findStaffPromotion = draftedRowById<typeof staffColumns, number>(promotions, staffColumns);
export type StaffPromotionRow = NonNullable<Awaited<ReturnType<typeof findStaffPromotion>>>;

/** The promotions as drafted documents (db/drafts): one row as staff read it, and the promotions' writes. */
export const promotionDocuments = {
  find: findStaffPromotion,
  insertDraft: (tx: Tx, id: number, draft: PromotionContent) => tx.insert(promotions).values({ id, draft }),
  replaceDraft: (tx: Tx, id: number, draft: PromotionContent) =>
    tx.update(promotions).set({ draft, updatedAt: new Date() }).where(eq(promotions.id, id)),
  publish: (tx: Tx, id: number) =>
    tx.update(promotions).set(publishedFromDraft(promotions.draft)).where(eq(promotions.id, id)),
};

/** The promotions as the console lists them, the latest start first. */
export function findStaffPromotions(db: Db, query: PromotionListQuery) {
  return readDraftedPage(
    db,
    promotions,
    staffColumns,
    query,
    ['kind', query.kind],
    [desc(sql`${promotions.draft}->>'startsAt'`), desc(promotions.id)],
  );
}

/** The id a new promotion will have (from its serial's sequence). */
export async function nextPromotionId(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('promotions', 'id')) as id`),
  );
  return Number(row!.id);
}

/** Published promotions whose window holds `at`. */
export async function findRunningPromotions(db: Db | Tx, at: Date) {
  const iso = at.toISOString();
  return (await db
    .select({ id: promotions.id, content: promotions.published })
    .from(promotions)
    .where(
      and(
        isNotNull(promotions.published),
        sql`(${promotions.published}->>'startsAt')::timestamptz <= ${iso}::timestamptz`,
        sql`(${promotions.published}->>'endsAt')::timestamptz > ${iso}::timestamptz`,
      ),
    )
    .orderBy(asc(promotions.id))) as { id: number; content: PromotionContent }[];
}

/** The paid order a promotion judges, with its receiver's game id. */
export async function findPaidOrder(tx: Tx, orderId: string) {
  const [row] = rowsOf<{
    id: string;
    receiverId: string;
    shortId: string;
    packId: number;
    productId: number;
    packTab: string;
    totalPrice: number;
    items: MailItem[];
    character: MailCharacter | null;
  }>(
    await tx.execute(sql`select o.id, o.receiver_id as "receiverId", u.short_id as "shortId", o.pack_id as "packId",
      o.product_id as "productId", o.pack_tab as "packTab", o.total_price as "totalPrice", o.items, o.character
      from orders o join users u on u.id = o.receiver_id where o.id = ${orderId} and o.status = 'done'`),
  );
  return row;
}

/**
 * Payments of one receiver decide their promotions one at a time (until the transaction ends): each
 * later statement sees the receiver's orders paid before, so paid totals add up and "first" is first.
 */
export async function lockReceiverPromotions(tx: Tx, receiverId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('promotions:' || ${receiverId}))`);
}

/** Whether the receiver has a paid order other than `orderId`. */
export async function hasOtherPaidOrder(db: Db | Tx, receiverId: string, orderId: string | null) {
  const rows = rowsOf(
    await db.execute(sql`select 1 from orders where receiver_id = ${receiverId} and status = 'done'
      and (${orderId}::uuid is null or id <> ${orderId}::uuid) limit 1`),
  );
  return rows.length > 0;
}

/** The receiver's paid total over orders paid in [start, end). */
export async function paidTotalBetween(tx: Db | Tx, receiverId: string, start: string, end: string) {
  const [row] = rowsOf<{ total: string | number }>(
    await tx.execute(sql`select coalesce(sum(total_price), 0) as total from orders
      where receiver_id = ${receiverId} and status = 'done'
        and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz`),
  );
  return Number(row?.total ?? 0);
}

export async function countClaims(tx: Db | Tx, promotionId: number, receiverId: string) {
  const [row] = await tx
    .select({ total: count() })
    .from(promotionClaims)
    .where(and(eq(promotionClaims.promotionId, promotionId), eq(promotionClaims.receiverId, receiverId)));
  return row?.total ?? 0;
}

/** Claims one slot; false when it was claimed before (also by a payment at the same moment). */
export async function claimSlot(
  tx: Tx,
  claim: { promotionId: number; receiverId: string; slot: number; orderId: string; items: MailItem[] },
) {
  const rows = await tx
    .insert(promotionClaims)
    .values(claim)
    .onConflictDoNothing()
    .returning({ slot: promotionClaims.slot });
  return rows.length > 0;
}

/** A published promotion's published state, or undefined. */
export async function findPublishedPromotion(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: promotions.id, content: promotions.published })
    .from(promotions)
    .where(and(eq(promotions.id, id), isNotNull(promotions.published)))
    .limit(1);
  return row as { id: number; content: PromotionContent } | undefined;
}

/** What a promotion gave a receiver: each slot (a milestone's threshold) and when, lowest first. */
export function findClaimsOf(db: Db | Tx, promotionId: number, receiverId: string) {
  return db
    .select({ slot: promotionClaims.slot, items: promotionClaims.items, createdAt: promotionClaims.createdAt })
    .from(promotionClaims)
    .where(and(eq(promotionClaims.promotionId, promotionId), eq(promotionClaims.receiverId, receiverId)))
    .orderBy(asc(promotionClaims.slot));
}
