import { eq } from 'drizzle-orm';
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
