import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';

// The users table's writes for sign-up, e-mail verification and password reset (modules/accounts),
// each run inside the accounts module's transaction.

/** What sign-up collects (Decree 147/2024 Art. 39); `phone` and `guardianPhone` normalised (+84…). */
export interface SignedUpPlayer {
  username: string;
  passwordHash: string;
  email: string;
  fullName: string;
  birthDate: string;
  phone: string;
  guardianName: string | null;
  guardianPhone: string | null;
}

/** The accounts holding a username, an e-mail address or a phone (case-insensitive), and which. */
export async function findSignUpConflicts(tx: Tx, wanted: { username: string; email: string; phone: string }) {
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      displayName: users.displayName,
      role: users.role,
    })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${wanted.username})`,
        sql`lower(${users.email}) = ${wanted.email}`,
        eq(users.phone, wanted.phone),
      ),
    );
  return {
    usernameTaken: rows.some((row) => row.username?.toLowerCase() === wanted.username.toLowerCase()),
    /** The account to tell (by e-mail) that someone signed up with its address or phone. */
    holder:
      rows.find((row) => row.email?.toLowerCase() === wanted.email) ?? rows.find((row) => row.phone === wanted.phone),
  };
}

/** Creates an unverified player with a free random 10-digit User ID; answers its id and User ID. */
export async function insertSignedUpPlayer(tx: Tx, player: SignedUpPlayer) {
  for (;;) {
    const shortId = String(randomInt(1_000_000_000, 9_999_999_999));
    const [row] = await tx
      .insert(users)
      .values({ ...player, shortId, displayName: player.username.slice(0, 100), role: 'player' })
      .onConflictDoNothing({ target: users.shortId })
      .returning({ id: users.id, shortId: users.shortId });
    if (row) return row;
  }
}

/** Marks the account's e-mail verified (the link sent to it was followed); a verified one stays as it was. */
export async function markEmailVerified(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/** Sets a new password hash (a reset). */
export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** What the accounts module needs of an account: its name, address and standing. */
const accountColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  role: users.role,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
};

export type AccountOfLogin = NonNullable<Awaited<ReturnType<typeof findAccountByLogin>>>;

/**
 * The account a username or an e-mail address names (case-insensitive), with an address to write to:
 * the username first; an address shared by several old accounts answers the latest.
 */
export async function findAccountByLogin(db: Db | Tx, login: string) {
  const [byUsername] = await db
    .select(accountColumns)
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${login})`, isNotNull(users.email)))
    .limit(1);
  if (byUsername || !login.includes('@')) return byUsername;
  const [byEmail] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${login})`)
    .orderBy(sql`${users.createdAt} desc`)
    .limit(1);
  return byEmail;
}

/** The account of a user id, as `findAccountByLogin` answers it. */
export async function findAccountById(db: Db | Tx, userId: string) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
