import type { PlayerQuery, Role } from '@carabala/contracts';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';

export async function findPlayers(db: Db, query: PlayerQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        eq(users.shortId, query.q),
        sql`lower(${users.username}) = lower(${query.q})`,
        ilike(users.displayName, like),
      )!,
    );
  }
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.shortId)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where)) as [{ total: number }];
  return { rows, total };
}

export function findPlayer(db: Db | Tx, id: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function updateRole(tx: Tx, id: string, role: Role) {
  await tx.update(users).set({ role }).where(eq(users.id, id));
}
