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
import { giftCodeBatches, giftCodeClaims, giftCodes, users, type MailItem } from '../../db/schema';
import { insertMailsSql } from '../mailbox/repository';

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

export type ClaimWrite = { outcome: 'claimed' } | { outcome: 'none_remaining' } | { outcome: 'ok'; claimId: string };

const USES_CHECK = 'gift_codes_uses_within_max';

function isUsesCheckViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23514' && (constraint === undefined || constraint === USES_CHECK)) return true;
  }
  return false;
}

/**
 * The claim, the use and the reward mail in ONE statement, hence one transaction:
 * - the claim row goes in unless the player already holds one (the unique constraints decide);
 * - only then is a use taken; the CHECK (uses_count <= max_uses) refuses the one too many, which
 *   aborts the whole statement, claim and mail included;
 * - the mail (the outbox row the mailbox worker delivers) is written for exactly that claim.
 * One statement, rather than several in a transaction, keeps the code's row locked only while the
 * database works: no round trip to this process sits between taking the use and the commit, which
 * is what limits the claims per second of one popular code.
 */
export async function writeClaim(
  db: Db,
  claim: {
    giftCodeId: string;
    batchId: string | null;
    userId: string;
    shortId: string;
    ip: string;
    title: string;
    items: MailItem[];
  },
): Promise<ClaimWrite> {
  try {
    const result = (await db.execute(sql`
      WITH claim AS (
        INSERT INTO gift_code_claims (gift_code_id, batch_id, user_id, ip)
        VALUES (${claim.giftCodeId}, ${claim.batchId}, ${claim.userId}, ${claim.ip})
        ON CONFLICT DO NOTHING
        RETURNING id, gift_code_id
      ), used AS (
        UPDATE gift_codes SET uses_count = gift_codes.uses_count + 1
        FROM claim WHERE gift_codes.id = claim.gift_code_id
        RETURNING gift_codes.id
      ), mail AS (
        ${insertMailsSql(sql`
          SELECT ${claim.userId}::uuid, ${claim.shortId}, ${claim.title}, ${JSON.stringify(claim.items)}::jsonb,
                 'gift_code', claim.id::text
          FROM claim CROSS JOIN used`)}
      )
      SELECT (SELECT id::text FROM claim) AS claim_id, (SELECT id::text FROM mail) AS mail_id`)) as unknown as {
      // Both drivers (node-postgres and PGlite) answer with `rows`.
      rows: { claim_id: string | null; mail_id: string | null }[];
    };
    const row = result.rows[0];
    if (!row?.claim_id) return { outcome: 'claimed' };
    if (!row.mail_id) throw new Error('gift-code claim written without its mail');
    return { outcome: 'ok', claimId: row.claim_id };
  } catch (error) {
    if (isUsesCheckViolation(error)) return { outcome: 'none_remaining' };
    throw error;
  }
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
