import type { Profile } from '@carabala/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { findProfile } from './repository';

export async function getProfile(db: Db, userId: string): Promise<Profile> {
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
