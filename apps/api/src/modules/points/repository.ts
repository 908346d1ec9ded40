import type { PointsEntryKind, PointsSettingsContent, PointsShopItemContent } from '@carabala/contracts';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  draftStateSql,
  draftedRowById,
  publishedFromDraft,
  readDraftedPage,
  type DraftedListQuery,
} from '../../db/drafts';
import { rowsOf, vietnamDate } from '../../db/rows';
import { pointsBalances, pointsLedger, pointsRedemptions, pointsSettings, pointsShopItems } from '../../db/schema';
import type { MailItem } from '../../db/schema';

// The points module's SQL: the ledger and the balances it keeps, the settings, the shop and its redemptions.

/** The one row of the settings. */
export const SETTINGS_ID = 1;

export interface NewEntry {
  userId: string;
  kind: PointsEntryKind;
  sourceId: string;
  points: number;
  about: string | null;
  /** Months after now when positive points expire (0 or null: never). */
  expiryMonths?: number | null;
  actorId?: string | null;
}

/**
 * Writes one ledger row and moves the balance by its points in one statement (the balance row made at 0
 * first when there is none): nothing at all when
 * the row's (kind, source) is already written (a second webhook, a worker run again). The balance's
 * CHECK refuses a row that would take it below zero. Answers the row's id and the balance, or null.
 */
export async function writeEntry(tx: Tx, entry: NewEntry) {
  const months = entry.points > 0 && entry.expiryMonths ? entry.expiryMonths : null;
  await tx.insert(pointsBalances).values({ userId: entry.userId, balance: 0 }).onConflictDoNothing();
  const [row] = rowsOf<{ id: number; balance: string | number }>(
    await tx.execute(sql`WITH entry AS (
      INSERT INTO points_ledger (user_id, kind, source_id, points, about, expires_at, actor_id)
      VALUES (${entry.userId}, ${entry.kind}, ${entry.sourceId}, ${entry.points}, ${entry.about},
        CASE WHEN ${months}::int IS NULL THEN NULL ELSE now() + make_interval(months => ${months}::int) END,
        ${entry.actorId ?? null})
      ON CONFLICT (kind, source_id) DO NOTHING
      RETURNING id, user_id, points
    ), moved AS (
      UPDATE points_balances SET balance = points_balances.balance + entry.points
      FROM entry WHERE points_balances.user_id = entry.user_id
      RETURNING points_balances.balance
    )
    SELECT entry.id, moved.balance FROM entry, moved`),
  );
  return row ? { id: Number(row.id), balance: Number(row.balance) } : null;
}

/** Locks a player's balance row (made at 0 when there is none) and answers it: every spending waits here. */
export async function lockBalance(tx: Tx, userId: string): Promise<number> {
  await tx.insert(pointsBalances).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(eq(pointsBalances.userId, userId))
    .for('update');
  return Number(row?.balance ?? 0);
}

export async function balanceOf(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(eq(pointsBalances.userId, userId));
  return Number(row?.balance ?? 0);
}

const entryColumns = {
  id: pointsLedger.id,
  kind: pointsLedger.kind,
  points: pointsLedger.points,
  about: pointsLedger.about,
  createdAt: pointsLedger.createdAt,
  expiresAt: pointsLedger.expiresAt,
};

/** A page of a player's ledger, the latest first. */
export async function findEntries(db: Db | Tx, userId: string, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(desc(pointsLedger.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * First in, first out: what of a player's points has expired by `at` and is not yet written off (what
 * expired by then less every spending, earlier expiries included; never more than the balance), and
 * the latest row it covers (the expiry's source, so a second run writes nothing).
 */
export async function dueExpiry(db: Db | Tx, userId: string, at: Date) {
  const iso = at.toISOString();
  const [row] = rowsOf<{ due: string | number | null; spent: string | number | null; last: number | null }>(
    await db.execute(sql`SELECT
        sum(points) FILTER (WHERE points > 0 AND expires_at <= ${iso}::timestamptz) AS due,
        -sum(points) FILTER (WHERE points < 0) AS spent,
        max(id) FILTER (WHERE points > 0 AND expires_at <= ${iso}::timestamptz) AS last
      FROM points_ledger WHERE user_id = ${userId}`),
  );
  return { amount: Math.max(0, Number(row?.due ?? 0) - Number(row?.spent ?? 0)), last: row?.last ?? null };
}

/** The players who may have points to expire at `at` (at most `limit`). */
export async function playersWithDueExpiry(db: Db, at: Date, limit: number): Promise<string[]> {
  const iso = at.toISOString();
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`SELECT user_id FROM points_ledger GROUP BY user_id
      HAVING coalesce(sum(points) FILTER (WHERE points > 0 AND expires_at <= ${iso}::timestamptz), 0)
        + coalesce(sum(points) FILTER (WHERE points < 0), 0) > 0
      LIMIT ${limit}`),
  );
  return rows.map((row) => row.user_id);
}

/** The earliest moment a player's remaining points expire after `at` (first in, first out), or null. */
export async function nextExpiry(db: Db | Tx, userId: string, at: Date) {
  const iso = at.toISOString();
  const [row] = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`WITH spent AS (
        SELECT coalesce(-sum(points) FILTER (WHERE points < 0), 0) AS total FROM points_ledger WHERE user_id = ${userId}
      ), earned AS (
        SELECT expires_at, sum(points) OVER (ORDER BY expires_at, id) AS running
        FROM points_ledger WHERE user_id = ${userId} AND points > 0 AND expires_at IS NOT NULL
      )
      SELECT min(expires_at) AS at FROM earned, spent WHERE running > spent.total AND expires_at > ${iso}::timestamptz`),
  );
  return row?.at ? new Date(row.at) : null;
}

// The settings.

const settingsColumns = {
  id: pointsSettings.id,
  draft: pointsSettings.draft,
  published: pointsSettings.published,
  publishedAt: pointsSettings.publishedAt,
  createdAt: pointsSettings.createdAt,
  updatedAt: pointsSettings.updatedAt,
  state: draftStateSql(pointsSettings.draft, pointsSettings.published),
};
export const findSettingsRow = draftedRowById<typeof settingsColumns, number>(pointsSettings, settingsColumns);
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettingsRow>>>;

export const settingsDocuments = {
  find: findSettingsRow,
  insertDraft: (tx: Tx, id: number, draft: PointsSettingsContent) => tx.insert(pointsSettings).values({ id, draft }),
  replaceDraft: (tx: Tx, id: number, draft: PointsSettingsContent) =>
    tx.update(pointsSettings).set({ draft, updatedAt: new Date() }).where(eq(pointsSettings.id, id)),
  publish: (tx: Tx, id: number) =>
    tx.update(pointsSettings).set(publishedFromDraft(pointsSettings.draft)).where(eq(pointsSettings.id, id)),
};

/** The published settings (null until staff publish them). */
export async function publishedSettings(db: Db | Tx): Promise<PointsSettingsContent | null> {
  const [row] = await db
    .select({ published: pointsSettings.published })
    .from(pointsSettings)
    .where(eq(pointsSettings.id, SETTINGS_ID));
  return row?.published ?? null;
}

// The shop.

const shopColumns = {
  id: pointsShopItems.id,
  draft: pointsShopItems.draft,
  published: pointsShopItems.published,
  publishedAt: pointsShopItems.publishedAt,
  createdAt: pointsShopItems.createdAt,
  updatedAt: pointsShopItems.updatedAt,
  state: draftStateSql(pointsShopItems.draft, pointsShopItems.published),
  redeemed: sql<number>`(select count(*)::int from ${pointsRedemptions} r where r.shop_item_id = points_shop_items.id)`,
};
export const findShopItemRow = draftedRowById<typeof shopColumns, number>(pointsShopItems, shopColumns);
export type ShopItemRow = NonNullable<Awaited<ReturnType<typeof findShopItemRow>>>;

export const shopItemDocuments = {
  find: findShopItemRow,
  insertDraft: (tx: Tx, id: number, draft: PointsShopItemContent) => tx.insert(pointsShopItems).values({ id, draft }),
  replaceDraft: (tx: Tx, id: number, draft: PointsShopItemContent) =>
    tx.update(pointsShopItems).set({ draft, updatedAt: new Date() }).where(eq(pointsShopItems.id, id)),
  publish: (tx: Tx, id: number) =>
    tx.update(pointsShopItems).set(publishedFromDraft(pointsShopItems.draft)).where(eq(pointsShopItems.id, id)),
};

export const findShopItemRows = (db: Db, query: DraftedListQuery) =>
  readDraftedPage(db, pointsShopItems, shopColumns, query, ['kind', undefined], [desc(pointsShopItems.id)]);

export async function nextShopItemId(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('points_shop_items', 'id')) as id`),
  );
  return Number(row!.id);
}

/** The published shop items with how many each has given and (with a player) how many that player took. */
export async function findPublishedShop(db: Db, userId: string | null) {
  return db
    .select({
      id: pointsShopItems.id,
      content: pointsShopItems.published,
      redeemed: sql<number>`(select count(*)::int from ${pointsRedemptions} r where r.shop_item_id = points_shop_items.id)`,
      mine: userId
        ? sql<number>`(select count(*)::int from ${pointsRedemptions} r
            where r.shop_item_id = points_shop_items.id and r.user_id = ${userId})`
        : sql<number>`0`,
    })
    .from(pointsShopItems)
    .where(isNotNull(pointsShopItems.published))
    .orderBy(sql`(${pointsShopItems.published}->>'price')::int`, pointsShopItems.id);
}

/** A published shop item; `forUpdate` locks it (a stocked item's redemptions wait for each other). */
export async function findPublishedItem(tx: Tx, id: number, forUpdate: boolean) {
  const query = tx
    .select({ id: pointsShopItems.id, content: pointsShopItems.published })
    .from(pointsShopItems)
    .where(and(eq(pointsShopItems.id, id), isNotNull(pointsShopItems.published)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.content ? { id: row.id, content: row.content } : undefined;
}

export async function countRedemptions(tx: Tx, shopItemId: number, userId: string) {
  const [row] = await tx
    .select({
      all: count(),
      mine: sql<number>`count(*) filter (where ${pointsRedemptions.userId} = ${userId})::int`,
    })
    .from(pointsRedemptions)
    .where(eq(pointsRedemptions.shopItemId, shopItemId));
  return { all: Number(row?.all ?? 0), mine: Number(row?.mine ?? 0) };
}

export async function insertRedemption(
  tx: Tx,
  redemption: { userId: string; shopItemId: number; title: string; price: number; items: MailItem[] },
) {
  const [row] = await tx.insert(pointsRedemptions).values(redemption).returning({ id: pointsRedemptions.id });
  return row!.id;
}

// The figures.

/** Points issued (earned and added), redeemed and expired per Vietnam day of [from, to). */
export async function pointsByDay(db: Db, range: { from: Date; to: Date }) {
  return rowsOf<{ day: string; issued: string | number; redeemed: string | number; expired: string | number }>(
    await db.execute(sql`SELECT ${vietnamDate(sql`created_at`)} AS day,
        coalesce(sum(points) FILTER (WHERE points > 0), 0)::bigint AS issued,
        coalesce(-sum(points) FILTER (WHERE kind = 'redeem'), 0)::bigint AS redeemed,
        coalesce(-sum(points) FILTER (WHERE kind = 'expire'), 0)::bigint AS expired
      FROM points_ledger
      WHERE created_at >= ${range.from.toISOString()}::timestamptz AND created_at < ${range.to.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`),
  );
}

/** Every balance summed: what the points still owe. */
export async function outstandingPoints(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${pointsBalances.balance}), 0)` })
    .from(pointsBalances);
  return Number(row?.total ?? 0);
}
