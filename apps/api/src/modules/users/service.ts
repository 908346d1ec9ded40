import { randomInt } from 'node:crypto';
import type { Profile } from '@carabala/contracts';
import type { Role } from '@carabala/contracts/permissions';
import type { Db } from '../../lib/deps';
import { notFound } from '../../plugins/errors';
import type { PasswordHasher } from '../auth';
import { findProfile, insertAccount, usernameTaken } from './repository';

async function getProfile(db: Db, userId: string): Promise<Profile> {
  const found = await findProfile(db, userId);
  if (!found) throw notFound();
  const { user, linked } = found;
  return {
    id: user.id,
    shortId: user.shortId,
    displayName: user.displayName,
    avatar: user.avatar,
    role: user.role,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    identities: linked.map((identity) => ({ provider: identity.provider, linkedAt: identity.linkedAt.toISOString() })),
  };
}

export interface NewAccount {
  username: string;
  password: string;
  displayName: string;
  role: Role;
  /** The User ID; a random 10-digit one when not given. */
  shortId?: string;
}

/**
 * An operator's account with a password (the first admin of a new installation, a staff member),
 * created from the command line (src/cli.ts): production never seeds demo accounts.
 */
async function createAccount(
  db: Db,
  passwords: PasswordHasher,
  account: NewAccount,
): Promise<{ id: string; shortId: string }> {
  if (!/^[a-zA-Z0-9._-]{6,199}$/.test(account.username)) throw new Error('username: 6-199 letters, digits, . _ -');
  if (account.password.length < 12) throw new Error('password: at least 12 characters');
  if (await usernameTaken(db, account.username)) throw new Error(`username ${account.username} is taken`);
  return insertAccount(db, {
    username: account.username,
    passwordHash: await passwords.hash(account.password),
    displayName: account.displayName,
    role: account.role,
    shortId: account.shortId ?? String(randomInt(1_000_000_000, 9_999_999_999)),
    emailVerifiedAt: new Date(),
  });
}

export interface UsersDeps {
  db: Db;
  passwords: PasswordHasher;
}

/** The accounts: a player's own profile, and the operator's account creation (src/cli.ts). */
export function createUsersService({ db, passwords }: UsersDeps) {
  return {
    profile: (userId: string) => getProfile(db, userId),
    createAccount: (account: NewAccount) => createAccount(db, passwords, account),
  };
}
