import { gameCodes, gameMessages, type GameLookupBody, type GamePlayer } from '@carabala/contracts/game-api';
import type { Db, Logger } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import { findShadow, upsertShadowPlayer, type ShadowRow } from '../users';
import { GameUnavailableError, type GameBackend } from './backend';
import type { GameReceiver } from './characters';
import type { CachedLookup, LookupCache } from './lookup-cache';

/** 424 `api.game.unavailable`: the game did not answer; the player did nothing wrong and stays signed in. */
export const gameUnavailable = () => new AppError(424, gameCodes.unavailable, gameMessages.unavailable);

/** The session user of a player the game vouched for (the local row, or the shadow). */
export interface PlayerAccount {
  id: string;
  shortId: string;
  displayName: string;
  avatar: string | null;
  role: 'player';
}

/**
 * Players as the store and the gift codes need them: who a User ID names, with their servers and
 * characters, asked of the game (either mode, one path). A banned player is no receiver: their User ID
 * answers as unknown. `accountOf` gives the local account of a player the game vouched for (a sign-in, a
 * sign-in link): with GAME_API_URL the shadow row, created or refreshed.
 */
export interface GamePlayers {
  findReceiver(shortId: string): Promise<GameReceiver | null>;
  findPlayerById(userId: string): Promise<GameReceiver | null>;
  /** The game's look-up by its player id, with the local account; null for an unknown player. */
  findByPlayerId(playerId: string): Promise<CachedLookup | null>;
  accountOf(player: GamePlayer, banned: boolean): Promise<PlayerAccount>;
}

/**
 * Whether the local shadow already says what the game answered, so the look-up writes nothing: a claim
 * or a purchase then costs no write and no commit for its player (upsertShadowPlayer's rules).
 */
const shadowAgrees = (row: ShadowRow, player: GamePlayer, banned: boolean) =>
  row.gamePlayerId === player.playerId &&
  row.shortId === player.userId &&
  row.displayName === player.displayName &&
  row.avatar === player.avatar &&
  row.email === player.email &&
  row.emailVerified === (player.email !== null) &&
  row.banned === banned;

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
};

export function createGamePlayers({
  db,
  backend,
  cache,
  log,
}: {
  db: Db;
  backend: GameBackend;
  /** Connected mode's cache of look-ups; null in embedded mode (the site's tables are the game's). */
  cache: LookupCache | null;
  log: Logger;
}): GamePlayers {
  async function accountOf(player: GamePlayer, banned: boolean): Promise<PlayerAccount> {
    if (backend.mode === 'embedded') {
      return {
        id: player.playerId,
        shortId: player.userId,
        displayName: player.displayName,
        avatar: player.avatar,
        role: 'player',
      };
    }
    try {
      const row = await upsertShadowPlayer(db, {
        gamePlayerId: player.playerId,
        userId: player.userId,
        displayName: player.displayName,
        avatar: player.avatar,
        email: player.email,
        banned,
      });
      return { ...row, role: 'player' };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another local row holds this User ID (a player of the embedded days, or an older shadow).
      log.error(
        { playerId: player.playerId, userId: player.userId },
        "the game's User ID is taken by another local account",
      );
      throw gameUnavailable();
    }
  }

  /**
   * A look-up through the cache: fresh answers without the game; a stale one only while it is away.
   * `local`: the player's row when the caller has read it (the shadow is then written only if it differs).
   */
  async function lookUp(by: GameLookupBody, key: string, local?: ShadowRow): Promise<CachedLookup | null> {
    const cached = await cache?.read(key);
    if (cached?.fresh) return cached.value;
    let answer;
    try {
      answer = await backend.lookUp(by);
    } catch (error) {
      if (!(error instanceof GameUnavailableError)) throw error;
      if (cached) return cached.value;
      throw gameUnavailable();
    }
    if (answer.result === 'refused') return null;
    const { player, banned } = answer;
    const account =
      local && shadowAgrees(local, player, banned)
        ? { id: local.id, shortId: local.shortId, displayName: local.displayName, avatar: local.avatar }
        : await accountOf(player, banned);
    const found: CachedLookup = {
      receiver: {
        id: account.id,
        shortId: account.shortId,
        displayName: account.displayName,
        avatar: account.avatar,
        servers: player.servers,
      },
      banned,
    };
    await cache?.write([`user:${player.userId}`, `player:${player.playerId}`], found);
    return found;
  }

  const receiverOf = (found: CachedLookup | null) => (found && !found.banned ? found.receiver : null);

  return {
    accountOf,
    findByPlayerId: (playerId) => lookUp({ playerId }, `player:${playerId}`),
    async findReceiver(shortId) {
      return receiverOf(await lookUp({ userId: shortId }, `user:${shortId}`));
    },
    async findPlayerById(userId) {
      const user = await findShadow(db, userId);
      if (!user || user.role !== 'player') return null;
      const playerId = backend.mode === 'embedded' ? user.id : user.gamePlayerId;
      // A local player of the embedded days, without a game id, is no game player once connected.
      if (!playerId) return null;
      // The embedded game's player has no game id: its shadow never agrees, and accountOf writes nothing there.
      return receiverOf(await lookUp({ playerId }, `player:${playerId}`, user));
    },
  };
}
