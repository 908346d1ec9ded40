import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  detail?: unknown;
}

/** Records a staff action; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, targetId: entry.targetId ?? null, detail: entry.detail ?? null });
}
