import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identities, users } from '../../db/schema';

export async function findProfile(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const linked = await db
    .select({ provider: identities.provider, linkedAt: identities.linkedAt })
    .from(identities)
    .where(eq(identities.userId, userId));
  return { user, linked };
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

export async function insertAccount(db: Db, account: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(account).returning({ id: users.id, shortId: users.shortId });
  return row!;
}
