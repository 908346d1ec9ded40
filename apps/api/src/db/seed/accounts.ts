import { minimumPasswordHasher } from '../../modules/auth';
import { sealSecret } from '../../modules/second-factor';
import type { Tx } from '../client';
import { gameCharacters, secondFactors, users } from '../schema';
import { demoAccounts } from './demo-accounts';

/** `secondFactorKey`: the key that seals the demo staff accounts' TOTP secrets. */
export async function seedAccounts(tx: Tx, secondFactorKey: Buffer) {
  const passwords = minimumPasswordHasher();
  for (const account of demoAccounts) {
    const [created] = await tx
      .insert(users)
      .values({
        username: account.username,
        passwordHash: await passwords.hash(account.password),
        shortId: account.shortId,
        displayName: account.displayName,
        avatar: account.avatar,
        email: `${account.username}@example.com`,
        emailVerifiedAt: account.verified ? new Date() : null,
        role: account.role,
      })
      .returning({ id: users.id });
    if (account.totp) {
      await tx
        .insert(secondFactors)
        .values({ userId: created!.id, secret: sealSecret(secondFactorKey, account.totp), enabledAt: new Date() });
    }
    // The embedded game's characters (no GAME_API_URL: the site is the game's account service).
    if (account.characters?.length) {
      await tx
        .insert(gameCharacters)
        .values(account.characters.map((character) => ({ ...character, userId: created!.id })));
    }
  }
}
