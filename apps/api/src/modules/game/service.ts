import { createHash, randomBytes } from 'node:crypto';
import { productAuthCodes, type LoginResult } from '@carabala/contracts';
import {
  gameCallbackCodes,
  gameCodes,
  gameMessages,
  type GameLinkBody,
  type GameLinkResult,
  type GamePlayerEvent,
  type GameSessionCheckAnswer,
  type GameSessionCheckBody,
  type GameSignInLinkAnswer,
  type GameSignInLinkBody,
} from '@carabala/contracts/game-api';
import { GAME_REPLAY_WINDOW_SECONDS, GAME_SIGNATURE_HEADER, verifyGameCall } from '@carabala/contracts/game-signature';
import type { Config, Db, Logger, SessionCache, TokenIssuer, Tx } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import { findPlayer, findUserIdOfPlayer, renamePlayer, setPlayerBanned } from '../users';
import type { GamePlayers } from './players';
import { insertSignInLink, noteCallSeen, purgeCallsSeen, purgeSignInLinks, useSignInLink } from './repository';

/** How long a sign-in link the game asked for opens the site (issue 37: two minutes). */
export const SIGN_IN_LINK_SECONDS = 120;
/** How long a player event's id is remembered: the same event sent again within it is not applied twice. */
const EVENT_MEMORY_DAYS = 7;

const refusals = {
  signature: 'The call is not signed with GAME_CALLBACK_SECRET.',
  stale: "The call's timestamp is missing or outside the replay window.",
  replayed: "This call's nonce was already received.",
} as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type SignInClient = { userAgent: string | null; address: string };

export interface GameServiceDeps {
  db: Db;
  log: Logger;
  config: Pick<Config, 'GAME_CALLBACK_SECRET' | 'PUBLIC_WEB_URL' | 'PRODUCT_NAME'>;
  players: Pick<GamePlayers, 'findByPlayerId'>;
  mode: 'embedded' | 'connected';
  sessionCache: SessionCache;
  issueSession: (user: LoginResult['user'], deviceId: string | null, client: SignInClient) => Promise<LoginResult>;
  /** Ends every live session of a user (the auth module's), in the caller's transaction. */
  revokeSessionsOf: (tx: Tx, userId: string) => Promise<number>;
  /** Reads a session token the site issued (its signature and expiry). */
  tokens: Pick<TokenIssuer, 'read'>;
  /** A live session by id (the auth module's). */
  findLiveSession: (
    sessionId: string,
  ) => Promise<{ userId: string; deviceId: string | null; expiresAt: Date } | undefined>;
  /** The phone module's: the policy's refusal for `play`, and whether the phone is verified. */
  phone: {
    requireVerified: (userId: string, gate: 'play') => Promise<void>;
    isVerified: (userId: string) => Promise<boolean>;
  };
}

/** The game's calls to the site (docs/game-api.md, "Game to site") and the sign-in link's use. */
export function createGameService(deps: GameServiceDeps) {
  const { db, log, config, players, sessionCache } = deps;
  const banned = () =>
    new AppError(403, productAuthCodes(config.PRODUCT_NAME).banned, gameMessages.banned, {
      playerId: [gameMessages.banned],
    });
  const linkInvalid = () =>
    new AppError(400, gameCodes.linkInvalid, gameMessages.linkInvalid, { token: [gameMessages.linkInvalid] });

  return {
    /** Whether the game may call the site at all (GAME_CALLBACK_SECRET set); without it the routes do not exist. */
    callbacksOpen: Boolean(config.GAME_CALLBACK_SECRET),

    /**
     * Checks a game call's signature over its exact body, then refuses a nonce already received
     * within the window (a replay). Every refusal is 401 and logged.
     */
    async verifyCall(headers: Record<string, string | string[] | undefined>, path: string, body: string) {
      const secret = config.GAME_CALLBACK_SECRET;
      const check =
        secret && headers[GAME_SIGNATURE_HEADER]
          ? verifyGameCall(secret, headers, { method: 'POST', path, body })
          : ({ ok: false, reason: 'signature' } as const);
      const refuse = (reason: keyof typeof refusals) => {
        log.warn({ path, reason }, 'game call refused');
        return new AppError(401, gameCallbackCodes[reason], refusals[reason]);
      };
      if (!check.ok) throw refuse(check.reason);
      if (!(await noteCallSeen(db, `nonce:${check.nonce}`))) throw refuse('replayed');
      await purgeCallsSeen(db, GAME_REPLAY_WINDOW_SECONDS, EVENT_MEMORY_DAYS);
    },

    /** A one-time link that opens the site signed in as a player of the game, on one of its own paths. */
    async createSignInLink(body: GameSignInLinkBody): Promise<GameSignInLinkAnswer> {
      const found = await players.findByPlayerId(body.playerId);
      if (!found) {
        throw new AppError(404, gameCallbackCodes.unknownPlayer, 'The game did not find this player.', {
          playerId: ['The game did not find this player.'],
        });
      }
      if (found.banned) throw banned();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SIGN_IN_LINK_SECONDS * 1000);
      await insertSignInLink(db, { tokenHash: hashOf(token), userId: found.receiver.id, path: body.path, expiresAt });
      await purgeSignInLinks(db);
      const base = config.PUBLIC_WEB_URL.replace(/\/+$/, '');
      return { url: `${base}/dang-nhap-nhanh#${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** A ban (every session of the player ends), an unban or a new name; each event applied once. */
    async applyPlayerEvent(event: GamePlayerEvent): Promise<{ applied: boolean }> {
      const userId = await findUserIdOfPlayer(db, event.playerId, deps.mode === 'embedded');
      const applied = await db.transaction(async (tx) => {
        if (!(await noteCallSeen(tx, `event:${event.eventId}`))) return false;
        // A player the site never saw has nothing here to change: their shadow is made from the game later.
        if (!userId) return true;
        if (event.kind === 'renamed') await renamePlayer(tx, userId, event.displayName);
        else await setPlayerBanned(tx, userId, event.kind === 'banned');
        if (event.kind === 'banned') await deps.revokeSessionsOf(tx, userId);
        return true;
      });
      if (applied && userId) {
        await sessionCache.evictUser(userId);
        log.info({ playerId: event.playerId, kind: event.kind }, 'game player event applied');
      }
      return { applied };
    },

    /**
     * Whose a session token is, for the game server (the game client signed in through the site):
     * the player, or a refusal: an unknown, expired or revoked session (404), a banned player (403), a
     * phone not verified when the policy's `play` requires it (403 `api.phone.verification_required`).
     */
    async checkSession(body: GameSessionCheckBody): Promise<GameSessionCheckAnswer> {
      const invalid = () =>
        new AppError(404, gameCallbackCodes.sessionInvalid, 'The session is unknown, expired or revoked.', {
          token: ['The session is unknown, expired or revoked.'],
        });
      const token = await deps.tokens.read(body.token);
      const session = token && (await deps.findLiveSession(token.sessionId));
      if (!token || !session || session.userId !== token.userId) throw invalid();
      const user = await findPlayer(db, session.userId);
      if (!user || user.role !== 'player') throw invalid();
      if (user.bannedAt) throw banned();
      await deps.phone.requireVerified(user.id, 'play');
      return {
        playerId: user.gamePlayerId ?? user.id,
        userId: user.shortId,
        displayName: user.displayName,
        phoneVerified: await deps.phone.isVerified(user.id),
        deviceId: session.deviceId,
        expiresAt: session.expiresAt.toISOString(),
      };
    },

    /** Uses a sign-in link once, within its two minutes: a session, and the path to land on. */
    async useSignInLink(body: GameLinkBody, client: SignInClient): Promise<GameLinkResult> {
      const link = await useSignInLink(db, hashOf(body.token));
      if (!link) throw linkInvalid();
      const user = await findPlayer(db, link.userId);
      if (!user || user.role !== 'player') throw linkInvalid();
      if (user.bannedAt) throw banned();
      const { id, shortId, displayName, avatar, role } = user;
      const session = await deps.issueSession({ id, shortId, displayName, avatar, role }, body.deviceId, client);
      return { ...session, path: link.path };
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
