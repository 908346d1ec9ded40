import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { GiftCodeStatus } from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { giftCodeBatches, giftCodeClaims, giftCodes, users } from '../../db/schema';

export type GiftCodeRow = typeof giftCodes.$inferSelect;
export type NewGiftCode = typeof giftCodes.$inferInsert;

/**
 * The code a player typed, with what the claim rules need to know about that player: whether the
 * account is young enough and whether they already hold a claim on it (or on its batch). A read for
 * choosing the message only; the database enforces the limits at write time.
 */
export async function findCodeForClaim(db: Db, code: string, userId: string, newPlayerDays: number) {
  const [row] = await db
    .select({
      ...getTableColumns(giftCodes),
      // Written out with aliases: in a one-table select drizzle leaves columns unqualified, which
      // inside these subqueries would bind to the subquery's own table.
      isNewPlayer: sql<boolean>`exists (select 1 from users u where u.id = ${userId} and u.created_at > now() - make_interval(days => ${newPlayerDays}))`,
      alreadyClaimed: sql<boolean>`exists (select 1 from gift_code_claims c where c.user_id = ${userId} and (c.gift_code_id = gift_codes.id or (gift_codes.batch_id is not null and c.batch_id = gift_codes.batch_id)))`,
    })
    .from(giftCodes)
    .where(sql`lower(${giftCodes.code}) = lower(${code})`)
    .limit(1);
  return row;
}

/** Inserts the claim; null when the player already holds one (the unique constraints decide). */
export async function insertClaim(
  tx: Tx,
  claim: { giftCodeId: string; batchId: string | null; userId: string; ip: string },
): Promise<string | null> {
  const [row] = await tx
    .insert(giftCodeClaims)
    .values(claim)
    .onConflictDoNothing()
    .returning({ id: giftCodeClaims.id });
  return row?.id ?? null;
}

/** Takes one use if one is left, in one statement: true when taken. */
export async function takeUse(tx: Tx, giftCodeId: string): Promise<boolean> {
  const rows = await tx
    .update(giftCodes)
    .set({ usesCount: sql`${giftCodes.usesCount} + 1` })
    .where(
      and(
        eq(giftCodes.id, giftCodeId),
        or(isNull(giftCodes.maxUses), sql`${giftCodes.usesCount} < ${giftCodes.maxUses}`),
      ),
    )
    .returning({ id: giftCodes.id });
  return rows.length === 1;
}

export async function hasClaim(db: Db, giftCodeId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: giftCodeClaims.id })
    .from(giftCodeClaims)
    .where(and(eq(giftCodeClaims.giftCodeId, giftCodeId), eq(giftCodeClaims.userId, userId)))
    .limit(1);
  return Boolean(row);
}

function statusCondition(status: GiftCodeStatus): SQL {
  const now = sql`now()`;
  const notExpired = or(isNull(giftCodes.expiresAt), gt(giftCodes.expiresAt, now))!;
  const hasUses = or(isNull(giftCodes.maxUses), sql`${giftCodes.usesCount} < ${giftCodes.maxUses}`)!;
  switch (status) {
    case 'inactive':
      return eq(giftCodes.active, false);
    case 'expired':
      return and(eq(giftCodes.active, true), isNotNull(giftCodes.expiresAt), lte(giftCodes.expiresAt, now))!;
    case 'used_up':
      return and(eq(giftCodes.active, true), notExpired, sql`${giftCodes.usesCount} >= ${giftCodes.maxUses}`)!;
    case 'scheduled':
      return and(eq(giftCodes.active, true), notExpired, hasUses, gt(giftCodes.startsAt, now))!;
    case 'active':
      return and(
        eq(giftCodes.active, true),
        notExpired,
        hasUses,
        or(isNull(giftCodes.startsAt), lte(giftCodes.startsAt, now)),
      )!;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function findManyCodes(
  db: Db,
  filter: { search?: string; status?: GiftCodeStatus; batchId?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(giftCodes.code, pattern), ilike(giftCodes.name, pattern))!);
  }
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.batchId) conditions.push(eq(giftCodes.batchId, filter.batchId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(giftCodes)
      .where(where)
      .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(giftCodes).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

export async function findCodeById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.id, id)).limit(1);
  return row;
}

/** The most recent claims of a code, with who claimed and the mail that carried the reward. */
export async function findClaims(db: Db, giftCodeId: string, limit: number) {
  return db
    .select({
      id: giftCodeClaims.id,
      userId: giftCodeClaims.userId,
      shortId: users.shortId,
      displayName: users.displayName,
      mailId: sql<
        string | null
      >`(select m.id::text from mails m where m.source = 'gift_code' and m.source_id = ${giftCodeClaims.id}::text)`,
      claimedAt: giftCodeClaims.claimedAt,
    })
    .from(giftCodeClaims)
    .innerJoin(users, eq(users.id, giftCodeClaims.userId))
    .where(eq(giftCodeClaims.giftCodeId, giftCodeId))
    .orderBy(desc(giftCodeClaims.claimedAt))
    .limit(limit);
}

/** Null when the code (any case) is taken. */
export async function insertCode(tx: Tx, code: NewGiftCode): Promise<GiftCodeRow | null> {
  const [row] = await tx.insert(giftCodes).values(code).onConflictDoNothing().returning();
  return row ?? null;
}

/** Inserts what it can; returns the codes that went in (a taken code is skipped, not an error). */
export async function insertCodes(tx: Tx, codes: NewGiftCode[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await tx.insert(giftCodes).values(codes).onConflictDoNothing().returning({ code: giftCodes.code });
  return rows.map((row) => row.code);
}

export async function codeTakenByOther(tx: Tx, code: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: giftCodes.id })
    .from(giftCodes)
    .where(and(sql`lower(${giftCodes.code}) = lower(${code})`, sql`${giftCodes.id} <> ${id}`))
    .limit(1);
  return Boolean(row);
}

/** Locks the row so that the uses count read for validation cannot move before the update. */
export async function lockCode(tx: Tx, id: string) {
  const [row] = await tx.select().from(giftCodes).where(eq(giftCodes.id, id)).for('update').limit(1);
  return row;
}

export async function updateCode(tx: Tx, id: string, changes: Partial<NewGiftCode>): Promise<GiftCodeRow> {
  const [row] = await tx
    .update(giftCodes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(giftCodes.id, id))
    .returning();
  return row!;
}

export async function insertBatch(tx: Tx, batch: typeof giftCodeBatches.$inferInsert) {
  const [row] = await tx.insert(giftCodeBatches).values(batch).returning();
  return row!;
}

export async function findBatch(db: Db, id: string) {
  const [row] = await db.select().from(giftCodeBatches).where(eq(giftCodeBatches.id, id)).limit(1);
  return row;
}

export async function findBatchCodes(db: Db, batchId: string) {
  return db.select().from(giftCodes).where(eq(giftCodes.batchId, batchId)).orderBy(giftCodes.code);
}
