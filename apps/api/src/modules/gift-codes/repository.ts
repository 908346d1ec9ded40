import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { GiftCodeRefusal, GiftCodeStatus } from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { readPage } from '../../db/paging';
import { foldedWordsMatch } from '../../db/search';
import { giftCodeBatches, giftCodeClaims, giftCodes, users, type MailCharacter, type MailItem } from '../../db/schema';
import { insertMailsSql, mailIdOf, mailStatusOf } from '../mailbox';
import { preparedOnce, updateStamped } from '../../db/rows';

export type GiftCodeRow = typeof giftCodes.$inferSelect;
export type NewGiftCode = typeof giftCodes.$inferInsert;

export type ClaimWrite =
  | { outcome: 'refused'; reason: Exclude<GiftCodeRefusal, 'notFound'> }
  | { outcome: 'none_remaining' }
  | { outcome: 'ok'; claimId: string; code: string; name: string; rewards: MailItem[] };

const USES_CHECK = 'gift_codes_uses_within_max';

function isUsesCheckViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23514' && (constraint === undefined || constraint === USES_CHECK)) return true;
  }
  return false;
}

type ClaimRow = {
  code: string;
  name: string;
  rewards: MailItem[];
  refusal: Exclude<GiftCodeRefusal, 'notFound'> | null;
  claim_id: string | null;
  mail_id: string | null;
};

/**
 * A whole claim in ONE statement, hence one round trip and one transaction:
 * - `code` reads the code the player typed (any case) and names the first rule that refuses it, in
 *   the fixed order: unauthorized (inactive, not started, not on the list), expired, claimed (this
 *   code or another of its batch), newPlayerOnly, noneRemaining (used up as this statement sees it);
 * - only when no rule refuses does the claim row go in, unless the player already holds one (the
 *   unique constraints decide, also against a concurrent claim by the same player);
 * - only then is a use taken; the CHECK (uses_count <= max_uses) refuses the one too many that a
 *   concurrent claim made stale, which aborts the whole statement, claim and mail included;
 * - the mail (the outbox row the mailbox worker delivers) is written for exactly that claim, to the
 *   claim's character (null: the account).
 * The rules in `code` only choose the message; the limits are the constraints'. The code's row stays
 * locked only while the database works: no round trip to this process sits between taking the use
 * and the commit, which is what limits the claims per second of one popular code.
 */
const claimStatement = sql`
  WITH code AS (
    SELECT g.id, g.code, g.name, g.rewards, g.batch_id,
      CASE
        WHEN NOT g.active OR g.starts_at > now()
          OR (cardinality(g.allowed_short_ids) > 0
              AND NOT (${sql.placeholder('shortId')}::varchar = ANY (g.allowed_short_ids)))
          THEN 'unauthorized'
        WHEN g.expires_at <= now() THEN 'expired'
        WHEN EXISTS (SELECT 1 FROM gift_code_claims c WHERE c.user_id = ${sql.placeholder('userId')}::uuid
                       AND (c.gift_code_id = g.id OR (g.batch_id IS NOT NULL AND c.batch_id = g.batch_id)))
          THEN 'claimed'
        WHEN g.new_player_only AND NOT EXISTS (
            SELECT 1 FROM users u WHERE u.id = ${sql.placeholder('userId')}::uuid
              AND u.created_at > now() - make_interval(days => ${sql.placeholder('newPlayerDays')}::int))
          THEN 'newPlayerOnly'
        WHEN g.uses_count >= g.max_uses THEN 'noneRemaining'
      END AS refusal
    FROM gift_codes g
    WHERE lower(g.code) = lower(${sql.placeholder('code')}::text)
    LIMIT 1
  ), claim AS (
    INSERT INTO gift_code_claims (gift_code_id, batch_id, user_id, ip, character)
    SELECT code.id, code.batch_id, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('ip')}::varchar,
      ${sql.placeholder('character')}::jsonb
    FROM code WHERE code.refusal IS NULL
    ON CONFLICT DO NOTHING
    RETURNING id, gift_code_id
  ), used AS (
    UPDATE gift_codes SET uses_count = gift_codes.uses_count + 1
    FROM claim WHERE gift_codes.id = claim.gift_code_id
    RETURNING gift_codes.id
  ), mail AS (
    ${insertMailsSql(sql`
      SELECT ${sql.placeholder('userId')}::uuid, ${sql.placeholder('shortId')}::varchar, 'Giftcode ' || code.code,
             code.rewards, 'gift_code', claim.id::text, ${sql.placeholder('character')}::jsonb
      FROM claim CROSS JOIN used CROSS JOIN code`)}
  )
  SELECT code.code, code.name, code.rewards, code.refusal,
         (SELECT id::text FROM claim) AS claim_id, (SELECT id::text FROM mail) AS mail_id
  FROM code`;

/**
 * The claim as a named prepared statement, made once per database: node-postgres parses it once per
 * connection and then only binds the values, so the server does not parse and plan the statement
 * again on every claim (PGlite runs it as it is). Its text never changes, only its values.
 */
const preparedClaim = preparedOnce((db: Db) =>
  db._.session.prepareQuery<{ execute: { rows: ClaimRow[] } } & PreparedQueryConfig>(
    new PgDialect().sqlToQuery(claimStatement),
    undefined,
    'gift_code_claim',
    false,
  ),
);

export async function claimCode(
  db: Db,
  claim: {
    code: string;
    userId: string;
    shortId: string;
    ip: string;
    newPlayerDays: number;
    character: MailCharacter | null;
  },
): Promise<ClaimWrite | undefined> {
  const statement = preparedClaim(db);
  try {
    // Both drivers (node-postgres and PGlite) answer with `rows`.
    const character = claim.character ? JSON.stringify(claim.character) : null;
    const row = (await statement.execute({ ...claim, character })).rows[0];
    if (!row) return undefined;
    if (row.refusal) return { outcome: 'refused', reason: row.refusal };
    // Every rule allowed it, yet no row went in: a concurrent claim by the same player won.
    if (!row.claim_id) return { outcome: 'refused', reason: 'claimed' };
    if (!row.mail_id) throw new Error('gift-code claim written without its mail');
    return { outcome: 'ok', claimId: row.claim_id, code: row.code, name: row.name, rewards: row.rewards };
  } catch (error) {
    if (isUsesCheckViolation(error)) return { outcome: 'none_remaining' };
    throw error;
  }
}

/** Whether the player holds a claim on the code (any case); asked only after a lost race. */
export async function hasClaimOn(db: Db, code: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: giftCodeClaims.id })
    .from(giftCodeClaims)
    .innerJoin(giftCodes, eq(giftCodes.id, giftCodeClaims.giftCodeId))
    .where(and(sql`lower(${giftCodes.code}) = lower(${code})`, eq(giftCodeClaims.userId, userId)))
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

export async function findManyCodes(
  db: Db,
  filter: { search?: string; status?: GiftCodeStatus; batchId?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  const search = filter.search ? foldedWordsMatch(filter.search, giftCodes.code, giftCodes.name) : undefined;
  if (search) conditions.push(search);
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.batchId) conditions.push(eq(giftCodes.batchId, filter.batchId));
  const where = conditions.length ? and(...conditions) : undefined;
  return readPage(
    filter,
    db.select().from(giftCodes).where(where).orderBy(desc(giftCodes.createdAt), desc(giftCodes.id)),
    db.select({ total: count() }).from(giftCodes).where(where),
  );
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
      mailId: mailIdOf('gift_code', sql`${giftCodeClaims.id}`),
      character: giftCodeClaims.character,
      claimedAt: giftCodeClaims.claimedAt,
    })
    .from(giftCodeClaims)
    .innerJoin(users, eq(users.id, giftCodeClaims.userId))
    .where(eq(giftCodeClaims.giftCodeId, giftCodeId))
    .orderBy(desc(giftCodeClaims.claimedAt))
    .limit(limit);
}

/** A player's claims, newest first, with the code and the delivery of its mail (the staff's player page). */
export function claimsOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      claimId: giftCodeClaims.id,
      giftCodeId: giftCodes.id,
      code: giftCodes.code,
      name: giftCodes.name,
      rewards: giftCodes.rewards,
      delivery: mailStatusOf('gift_code', sql`${giftCodeClaims.id}`),
      character: giftCodeClaims.character,
      claimedAt: giftCodeClaims.claimedAt,
    })
    .from(giftCodeClaims)
    .innerJoin(giftCodes, eq(giftCodes.id, giftCodeClaims.giftCodeId))
    .where(eq(giftCodeClaims.userId, userId))
    .orderBy(desc(giftCodeClaims.claimedAt), desc(giftCodeClaims.id))
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
  return updateStamped(tx, giftCodes, id, changes);
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

/** The gift-code claims made in [from, to), as a relation other statements compose (the analytics): `claimed_at`, `user_id`. */
export function claimLines({ from, to }: { from: Date; to: Date }): SQL {
  return sql`SELECT ${giftCodeClaims.claimedAt} AS claimed_at, ${giftCodeClaims.userId} AS user_id
    FROM ${giftCodeClaims}
    WHERE ${giftCodeClaims.claimedAt} >= ${from.toISOString()}::timestamptz
      AND ${giftCodeClaims.claimedAt} < ${to.toISOString()}::timestamptz`;
}
