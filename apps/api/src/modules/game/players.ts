import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../lib/deps';
import { gameCharacters } from '../../db/schema';
import { findPlayer, findUserByShortId } from '../users';
import type { GameReceiver } from './characters';

/** The embedded game's servers and characters of a player, grouped by server, in id order. */
export async function embeddedServersOf(db: Db | Tx, userId: string): Promise<GameReceiver['servers']> {
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

/**
 * Players as the store and the gift codes need them: who a User ID names, with their servers and
 * characters. The game connector (GAME_API_URL) answers through the game; this is the embedded mode.
 */
export interface GamePlayers {
  findReceiver(shortId: string): Promise<GameReceiver | null>;
  findPlayerById(userId: string): Promise<GameReceiver | null>;
}

export function createEmbeddedPlayers(db: Db): GamePlayers {
  return {
    async findReceiver(shortId) {
      const user = await findUserByShortId(db, shortId);
      if (!user) return null;
      return { ...user, servers: await embeddedServersOf(db, user.id) };
    },
    async findPlayerById(userId) {
      const user = await findPlayer(db, userId);
      if (!user || user.role !== 'player') return null;
      const { id, shortId, displayName, avatar } = user;
      return { id, shortId, displayName, avatar, servers: await embeddedServersOf(db, id) };
    },
  };
}
