import { randomBytes } from 'node:crypto';
import type { GamePlayer, GameRefusal } from '@carabala/contracts/game-api';
import { asc, eq } from 'drizzle-orm';
import { embeddedGameItems } from './embedded-items';
import type { Db, Tx } from '../../lib/deps';
import { gameCharacters } from '../../db/schema';
import type { PasswordHasher } from '../auth';
import { findAccountByUsername, findPlayer, findPlayerByShortId, replacePasswordHash, type UserRow } from '../users';
import type { GameBackend } from './backend';
import type { GameReceiver } from './characters';

export type LocalAccount = NonNullable<Awaited<ReturnType<typeof findAccountByUsername>>>;
export type LocalPasswordCheck =
  | { result: 'ok'; account: LocalAccount }
  | { result: 'refused'; reason: Extract<GameRefusal, 'unknown_player' | 'wrong_password'> };

/**
 * The site's own password check (staff always; players too without GAME_API_URL). An unknown username
 * costs one hash like a wrong password does (decision record 040), an account without a password
 * (signed up through a social network) answers as an unknown one, and a hash of another cost than the
 * configured one is redone while the password is known.
 */
export function createLocalPasswordCheck(db: Db, passwords: PasswordHasher) {
  // Made once, with the configured cost, from a password nobody knows.
  const unknownUserHash = passwords.hash(randomBytes(32).toString('base64url'));
  return async (username: string, password: string): Promise<LocalPasswordCheck> => {
    const found = await findAccountByUsername(db, username);
    if (!found?.passwordHash) {
      await passwords.verify(await unknownUserHash, password);
      return { result: 'refused', reason: 'unknown_player' };
    }
    if (!(await passwords.verify(found.passwordHash, password))) return { result: 'refused', reason: 'wrong_password' };
    if (passwords.needsRehash(found.passwordHash)) {
      await replacePasswordHash(db, found.id, found.passwordHash, await passwords.hash(password));
    }
    return { result: 'ok', account: found };
  };
}

/**
 * The embedded account service (no GAME_API_URL): the site's own tables answer the game contract
 * in-process. A player's game id is their user id; their servers and characters are game_characters.
 */
export function createEmbeddedBackend({ db, passwords }: { db: Db; passwords: PasswordHasher }): GameBackend {
  const checkPassword = createLocalPasswordCheck(db, passwords);
  const playerOf = async (
    user: Pick<UserRow, 'id' | 'shortId' | 'displayName' | 'avatar' | 'email' | 'emailVerifiedAt'>,
  ): Promise<GamePlayer> => ({
    playerId: user.id,
    userId: user.shortId,
    displayName: user.displayName,
    avatar: user.avatar,
    email: user.emailVerifiedAt ? user.email : null,
    servers: await embeddedServersOf(db, user.id),
  });

  return {
    mode: 'embedded',
    async authenticate({ username, password }) {
      const checked = await checkPassword(username, password);
      if (checked.result === 'refused') return checked;
      const { account } = checked;
      // Staff are the site's own, not the game's players.
      if (account.role !== 'player') return { result: 'refused', reason: 'unknown_player' };
      if (!account.emailVerifiedAt) return { result: 'refused', reason: 'unverified' };
      if (account.bannedAt) return { result: 'refused', reason: 'banned' };
      return { result: 'ok', player: await playerOf(account) };
    },
    async lookUp(by) {
      const user =
        'userId' in by
          ? await findPlayerByShortId(db, by.userId)
          : /^[0-9a-f-]{36}$/i.test(by.playerId)
            ? await findPlayer(db, by.playerId)
            : undefined;
      if (!user || user.role !== 'player') return { result: 'refused', reason: 'unknown_player' };
      return { result: 'ok', player: await playerOf(user), banned: user.bannedAt !== null };
    },
    listItems: embeddedGameItems,
    // The embedded mailbox: the player's in-game mailbox is the site's own record of the mail.
    deliverMail: async () => ({ result: 'ok', duplicate: false }),
  };
}

/** The embedded game's servers and characters of a player, grouped by server, in id order. */
async function embeddedServersOf(db: Db | Tx, userId: string): Promise<GameReceiver['servers']> {
  const rows = await db
    .select()
    .from(gameCharacters)
    .where(eq(gameCharacters.userId, userId))
    .orderBy(asc(gameCharacters.serverId), asc(gameCharacters.characterId));
  const servers: GameReceiver['servers'] = [];
  for (const row of rows) {
    let server = servers.find((entry) => entry.id === row.serverId);
    if (!server) {
      server = { id: row.serverId, name: row.serverName, characters: [] };
      servers.push(server);
    }
    server.characters.push({ id: row.characterId, name: row.name, level: row.level });
  }
  return servers;
}
