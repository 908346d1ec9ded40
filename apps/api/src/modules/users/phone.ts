import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';

/** An account's phone numbers and whether each is verified (the phone module reads them here). */
export async function phoneStateOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      role: users.role,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      guardianName: users.guardianName,
      guardianPhone: users.guardianPhone,
      guardianPhoneVerifiedAt: users.guardianPhoneVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type PhoneState = NonNullable<Awaited<ReturnType<typeof phoneStateOf>>>;

/** Whether an account other than `userId` holds the number. */
export async function phoneHeldByOther(db: Db | Tx, phone: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The account's number is `phone`, verified now (a change of number included). The column is unique:
 * if another account took the number meanwhile, the statement fails and the caller's transaction with it.
 */
export async function markPhoneVerified(tx: Tx, userId: string, phone: string): Promise<void> {
  await tx.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** The guardian's number is verified now, if it is still `phone`; false when it changed meanwhile. */
export async function markGuardianPhoneVerified(tx: Tx, userId: string, phone: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ guardianPhoneVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.guardianPhone, phone)))
    .returning({ id: users.id });
  return rows.length > 0;
}
