import { eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { secondFactors, users } from '../schema';
import { minimumPasswordHasher } from '../../modules/auth';
import { openSecret, secondFactorKey } from '../../modules/second-factor';
import { demoAccounts } from './demo-accounts';

/**
 * Why an API outside demo mode must not start on `db`, or null: the accounts that still carry a demo
 * password (a demo username whose hash matches the README's password) or a demo TOTP secret (any
 * enrolled account, whatever its name), named with what to do. One query; a hash is checked only for
 * a demo username and a secret opened only for an enrolled factor, so a real database costs next to
 * nothing.
 */
export async function demoCredentialsRefusal(
  db: Db,
  jwtSecret: string,
): Promise<{ accounts: string[]; message: string } | null> {
  const demoPasswords = new Map(demoAccounts.map((account) => [account.username, account.password]));
  const demoSecrets = new Set(demoAccounts.flatMap((account) => account.totp ?? []));
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash, secret: secondFactors.secret })
    .from(users)
    .leftJoin(secondFactors, eq(secondFactors.userId, users.id))
    .where(or(inArray(sql`lower(${users.username})`, [...demoPasswords.keys()]), isNotNull(secondFactors.secret)));
  const key = secondFactorKey(jwtSecret);
  const hasher = minimumPasswordHasher();
  const accounts: string[] = [];
  const named: string[] = [];
  for (const row of rows) {
    const password = demoPasswords.get(row.username?.toLowerCase() ?? '');
    const demoPassword =
      password !== undefined &&
      row.passwordHash !== null &&
      (await hasher.verify(row.passwordHash, password).catch(() => false));
    // A secret sealed under another JWT secret opens to null: no code can be checked against it either.
    const demoSecret = row.secret !== null && demoSecrets.has(openSecret(key, row.secret) ?? '');
    if (!demoPassword && !demoSecret) continue;
    const username = row.username ?? '(no username)';
    accounts.push(username);
    named.push(
      `${username} (${[demoPassword && 'demo password', demoSecret && 'demo TOTP secret'].filter(Boolean).join(', ')})`,
    );
  }
  if (accounts.length === 0) return null;
  return {
    accounts,
    message:
      `Refusing to start: DEMO_MODE is off and these accounts still use the README's demo credentials: ${named.join('; ')}. ` +
      'This database holds the demo data: start on an empty database, or with DEMO_MODE=true for a demo. ' +
      'To keep it, delete these accounts, or give each a new password and reset its second factor ' +
      '(cli reset-second-factor --username <name>), first.',
  };
}
