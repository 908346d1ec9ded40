import type { AuditQuery } from '@carabala/contracts';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage } from '../../db/paging';
import { auditLog, users } from '../../db/schema';

export interface AuditEntry {
  /** Null for the operator's command line. */
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  detail?: unknown;
}

/** Records a staff action; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, targetId: entry.targetId ?? null, detail: entry.detail ?? null });
}

export async function findAuditEntries(db: Db, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  if (query.actorShortId) filters.push(eq(users.shortId, query.actorShortId));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.createdAt, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;

  return readPage(
    query,
    db
      .select({ entry: auditLog, actorName: users.displayName, actorShortId: users.shortId })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  );
}

/** The latest entries of one action about one target since a moment (the new-device notice). */
export function findRecentAudit(db: Db, action: string, targetId: string, since: Date, limit: number) {
  return db
    .select({ detail: auditLog.detail, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId), gte(auditLog.createdAt, since)))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}
