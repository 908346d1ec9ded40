import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The throttle's windows, from the codes sent in the last hour. */
export interface RecentSends {
  /** The last code to this number, by anyone. */
  lastToPhone: Date | null;
  toPhone: number;
  firstToPhone: Date | null;
  byUser: number;
  firstByUser: Date | null;
  byAddress: number;
  firstByAddress: Date | null;
}

const asDate = (value: unknown) => (value == null ? null : new Date(value as string));

/**
 * Serialises the sends of one account and of one number (transaction-scoped advisory locks, in a fixed
 * order), so two concurrent asks cannot both pass the throttle.
 */
export async function lockSends(tx: Tx, userId: string, phone: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone-code:user:${userId}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone-code:phone:${phone}`}))`);
}

export async function recentSends(
  db: Db | Tx,
  keys: { userId: string; phone: string; address: string },
  windowSeconds: number,
): Promise<RecentSends> {
  const result = await db.execute(sql`SELECT
      max(created_at) FILTER (WHERE phone = ${keys.phone}) AS last_to_phone,
      count(*) FILTER (WHERE phone = ${keys.phone})::int AS to_phone,
      min(created_at) FILTER (WHERE phone = ${keys.phone}) AS first_to_phone,
      count(*) FILTER (WHERE user_id = ${keys.userId})::int AS by_user,
      min(created_at) FILTER (WHERE user_id = ${keys.userId}) AS first_by_user,
      count(*) FILTER (WHERE address = ${keys.address})::int AS by_address,
      min(created_at) FILTER (WHERE address = ${keys.address}) AS first_by_address
    FROM phone_codes
    WHERE created_at > now() - make_interval(secs => ${windowSeconds})
      AND (phone = ${keys.phone} OR user_id = ${keys.userId} OR address = ${keys.address})`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    lastToPhone: asDate(row.last_to_phone),
    toPhone: Number(row.to_phone ?? 0),
    firstToPhone: asDate(row.first_to_phone),
    byUser: Number(row.by_user ?? 0),
    firstByUser: asDate(row.first_by_user),
    byAddress: Number(row.by_address ?? 0),
    firstByAddress: asDate(row.first_by_address),
  };
}

export interface NewCode {
  userId: string;
  target: 'phone' | 'guardian';
  phone: string;
  codeHash: string;
  address: string;
  expiresAt: Date;
}

export async function insertCode(tx: Tx, code: NewCode): Promise<{ id: string; createdAt: Date }> {
  const result = await tx.execute(sql`INSERT INTO phone_codes (user_id, target, phone, code_hash, address, expires_at)
    VALUES (${code.userId}, ${code.target}, ${code.phone}, ${code.codeHash}, ${code.address}, ${code.expiresAt.toISOString()})
    RETURNING id, created_at`);
  const row = rowsOf<{ id: string; created_at: string }>(result)[0]!;
  return { id: row.id, createdAt: new Date(row.created_at) };
}

/** A code whose SMS was never sent: it neither works nor counts. */
export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM phone_codes WHERE id = ${id}`);
}

export type CodeUse =
  { kind: 'matched'; phone: string } | { kind: 'wrong'; triesLeft: number } | { kind: 'expired' } | { kind: 'locked' };

/**
 * One try of the account's latest code for `target`, in one statement: it counts the try and, when the
 * hash matches, marks the code used. The row's lock makes concurrent tries of one code take turns, and
 * each re-reads `used_at`, so a code is matched once. An older code, another account's code and a code
 * past its minutes or its tries never match.
 */
export async function tryCode(
  tx: Tx,
  attempt: { userId: string; target: string; codeHash: string; maxTries: number },
): Promise<CodeUse> {
  const result = await tx.execute(sql`WITH latest AS (
      SELECT id FROM phone_codes WHERE user_id = ${attempt.userId} AND target = ${attempt.target}
      ORDER BY created_at DESC, id DESC LIMIT 1
    )
    UPDATE phone_codes AS c
    SET attempts = c.attempts + 1, used_at = CASE WHEN c.code_hash = ${attempt.codeHash} THEN now() END
    FROM latest
    WHERE c.id = latest.id AND c.used_at IS NULL AND c.expires_at > now() AND c.attempts < ${attempt.maxTries}
    RETURNING c.phone, c.attempts, c.used_at IS NOT NULL AS matched`);
  const row = rowsOf<{ phone: string; attempts: number; matched: boolean }>(result)[0];
  if (row) {
    return row.matched
      ? { kind: 'matched', phone: row.phone }
      : { kind: 'wrong', triesLeft: attempt.maxTries - row.attempts };
  }
  const latest = await tx.execute(sql`SELECT attempts, used_at, expires_at > now() AS live FROM phone_codes
    WHERE user_id = ${attempt.userId} AND target = ${attempt.target} ORDER BY created_at DESC, id DESC LIMIT 1`);
  const code = rowsOf<{ attempts: number; used_at: string | null; live: boolean }>(latest)[0];
  return code && !code.used_at && code.live && code.attempts >= attempt.maxTries
    ? { kind: 'locked' }
    : { kind: 'expired' };
}

/** Codes past their day are of no use, even to the throttle. */
export async function purgeOldCodes(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM phone_codes WHERE created_at < now() - interval '1 day'`);
}
