import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accountTokens } from '../../db/schema';

export type TokenPurpose = 'verify_email' | 'password_reset';

/**
 * Sign-ups take turns (a transaction-scoped lock): the check that a username, an address and a phone
 * are free and the insert are one step, so twenty sign-ups racing for one username make one account.
 */
export async function takeSignUpTurn(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('accounts.sign_up'))`);
}

/** Keeps a new link's hash; answers its id (the e-mail's dedupe key names it). */
export async function insertToken(
  tx: Tx,
  token: { userId: string; purpose: TokenPurpose; tokenHash: string; validSeconds: number },
): Promise<string> {
  const [row] = await tx
    .insert(accountTokens)
    .values({
      userId: token.userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      expiresAt: sql`now() + make_interval(secs => ${token.validSeconds})`,
    })
    .returning({ id: accountTokens.id });
  return row!.id;
}

/**
 * Spends a live link in one statement: of two concurrent uses, the second waits for the first's row
 * lock, sees `used_at` set and matches nothing. Answers the account, or undefined.
 */
export async function spendToken(tx: Tx, purpose: TokenPurpose, tokenHash: string) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** Spends the account's other live links of the purpose (a reset makes every older reset link void). */
export async function spendTokensOf(tx: Tx, userId: string, purpose: TokenPurpose): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
