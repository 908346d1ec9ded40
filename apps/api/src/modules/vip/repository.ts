import type { VipTierContent, VipTierListQuery } from '@carabala/contracts';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftStateSql, draftedRowById, publishedFromDraft, readDraftedPage } from '../../db/drafts';
import { rowsOf } from '../../db/rows';
import { orders, users, vipGifts, vipTiers, type MailCharacter } from '../../db/schema';
import { revenueLines } from '../payments';

const staffColumns = {
  id: vipTiers.id,
  draft: vipTiers.draft,
  published: vipTiers.published,
  publishedAt: vipTiers.publishedAt,
  createdAt: vipTiers.createdAt,
  updatedAt: vipTiers.updatedAt,
  state: draftStateSql(vipTiers.draft, vipTiers.published),
};

export const findStaffVipTier = draftedRowById<typeof staffColumns, number>(vipTiers, staffColumns);
export type StaffVipTierRow = NonNullable<Awaited<ReturnType<typeof findStaffVipTier>>>;

/** The tiers as drafted documents (db/drafts): one row as staff read it, and the vip module's writes. */
export const vipTierDocuments = {
  find: findStaffVipTier,
  insertDraft: (tx: Tx, id: number, draft: VipTierContent) => tx.insert(vipTiers).values({ id, draft }),
  replaceDraft: (tx: Tx, id: number, draft: VipTierContent) =>
    tx.update(vipTiers).set({ draft, updatedAt: new Date() }).where(eq(vipTiers.id, id)),
  publish: (tx: Tx, id: number) =>
    tx.update(vipTiers).set(publishedFromDraft(vipTiers.draft)).where(eq(vipTiers.id, id)),
};

/** The tiers as the console lists them, the lowest draft threshold first. */
export const findStaffVipTiers = (db: Db, query: VipTierListQuery) =>
  readDraftedPage(
    db,
    vipTiers,
    staffColumns,
    query,
    ['title', undefined],
    [asc(sql`(${vipTiers.draft}->>'threshold')::bigint`), asc(vipTiers.id)],
  );

export async function nextVipTierId(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('vip_tiers', 'id')) as id`),
  );
  return Number(row!.id);
}

export interface PublishedTier extends VipTierContent {
  id: number;
}

/** The published tiers, lowest threshold first. */
export async function findPublishedTiers(db: Db | Tx): Promise<PublishedTier[]> {
  const rows = await db
    .select({ id: vipTiers.id, content: vipTiers.published })
    .from(vipTiers)
    .where(isNotNull(vipTiers.published));
  return rows.map((row) => ({ ...row.content!, id: row.id })).sort((a, b) => a.threshold - b.threshold || a.id - b.id);
}

const DAY_MS = 86_400_000;

/** Each tier's window read now and at the month's start: `paid` and `atMonthStart`, by tier id. */
export interface TierSums {
  receiverId: string;
  paid: Record<number, number>;
  atMonthStart: Record<number, number>;
}

/**
 * Credited money (payments' `revenueLines`, the revenue report's one definition) in each tier's window
 * ending at `at`, and in the same window ending at `monthStart`, per receiver: one statement. With
 * `receiverId`, only theirs; `exceptOrder` leaves out the order being paid (the tier before it).
 */
export async function tierSums(
  db: Db | Tx,
  tiers: PublishedTier[],
  at: Date,
  monthStart: Date,
  filter: { receiverId?: string; exceptOrder?: string | null } = {},
): Promise<TierSums[]> {
  if (tiers.length === 0) return [];
  const longest = Math.max(...tiers.map((tier) => tier.windowDays));
  // A second past `at`: a payment recorded in this transaction (stamped by the database) is counted.
  const range = {
    from: new Date(Math.min(at.getTime(), monthStart.getTime()) - longest * DAY_MS),
    to: new Date(at.getTime() + 1000),
  };
  const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const columns = tiers.flatMap((tier) => {
    const now = new Date(at.getTime() - tier.windowDays * DAY_MS);
    const then = new Date(monthStart.getTime() - tier.windowDays * DAY_MS);
    return [
      sql`coalesce(sum(credited) FILTER (WHERE received_at >= ${ts(now)}), 0)::bigint AS ${sql.identifier(`n${tier.id}`)}`,
      sql`coalesce(sum(credited) FILTER (WHERE received_at >= ${ts(then)} AND received_at < ${ts(monthStart)}), 0)::bigint
        AS ${sql.identifier(`m${tier.id}`)}`,
    ];
  });
  const where = [
    sql`credited > 0 AND receiver_id IS NOT NULL`,
    filter.receiverId ? sql`receiver_id = ${filter.receiverId}` : undefined,
    filter.exceptOrder ? sql`order_id <> ${filter.exceptOrder}` : undefined,
  ].filter((part) => part !== undefined);
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`SELECT receiver_id, ${sql.join(columns, sql`, `)}
      FROM (${revenueLines({ ...range, receiverId: filter.receiverId })}) AS revenue
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY receiver_id`),
  );
  return rows.map((row) => ({
    receiverId: String(row.receiver_id),
    paid: Object.fromEntries(tiers.map((tier) => [tier.id, Number(row[`n${tier.id}`])])),
    atMonthStart: Object.fromEntries(tiers.map((tier) => [tier.id, Number(row[`m${tier.id}`])])),
  }));
}

/** One receiver's gift decisions wait for each other (two payments at once give one gift). */
export async function lockReceiverVip(tx: Tx, receiverId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vip:' || ${receiverId}))`);
}

/** Claims a tier's gift for the month; false when it was given already. */
export async function claimGift(tx: Tx, gift: { userId: string; month: string; tierId: number }) {
  const rows = await tx.insert(vipGifts).values(gift).onConflictDoNothing().returning({ userId: vipGifts.userId });
  return rows.length > 0;
}

export async function setGiftMail(tx: Tx, gift: { userId: string; month: string; tierId: number }, mailId: string) {
  await tx.execute(sql`UPDATE vip_gifts SET mail_id = ${mailId}
    WHERE user_id = ${gift.userId} AND month = ${gift.month} AND tier_id = ${gift.tierId}`);
}

/** Where a gift goes: the player's User ID, and the character of their latest paid order (null: none). */
export async function giftAddress(db: Db | Tx, userId: string) {
  const [user] = await db.select({ shortId: users.shortId }).from(users).where(eq(users.id, userId)).limit(1);
  const [last] = rowsOf<{ character: MailCharacter | null }>(
    await db.execute(sql`SELECT ${orders.character} AS character FROM ${orders}
      WHERE ${orders.receiverId} = ${userId} AND ${orders.status} = 'done'
      ORDER BY ${orders.paidAt} DESC NULLS LAST LIMIT 1`),
  );
  return user ? { shortId: user.shortId, character: last?.character ?? null } : null;
}

/** The receiver of a paid order. */
export async function receiverOfOrder(tx: Tx, orderId: string): Promise<string | null> {
  const [row] = await tx.select({ receiverId: orders.receiverId }).from(orders).where(eq(orders.id, orderId));
  return row?.receiverId ?? null;
}
