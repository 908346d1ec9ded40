/**
 * @carabala/contracts/game-api: the game contract, version 1 (docs/game-api.md, decision record 044).
 * The calls the site makes to the game's back end (GAME_API_URL) and the calls the game makes to the
 * site (/api/game/v1/*), as zod schemas: the API validates what the game answers with them, the
 * reference game server (tools/game) answers with them, and the conformance command checks a real
 * game server against them. Every call is signed (./game-signature).
 */
import { z } from 'zod';
import { loginResultSchema } from './auth';

export const GAME_API_VERSION = 'v1';

/** Bounds on what the game may answer, so a broken or hostile answer cannot fill the site's memory. */
export const gameLimits = {
  servers: 50,
  charactersPerServer: 20,
  items: 5_000,
  name: 100,
  id: 64,
} as const;

const gameId = z.string().min(1).max(gameLimits.id);
const gameName = z.string().min(1).max(gameLimits.name);

/** A player's User ID, the number players type to buy for a friend (1 to 10 digits). */
export const gameUserIdSchema = z.string().regex(/^[0-9]{1,10}$/);

export const gameCharacterSchema = z.object({
  id: gameId,
  name: gameName,
  level: z.number().int().min(0).max(100_000),
});
export type GameCharacter = z.infer<typeof gameCharacterSchema>;

export const gameServerSchema = z.object({
  id: gameId,
  name: gameName,
  characters: z.array(gameCharacterSchema).max(gameLimits.charactersPerServer),
});
export type GameServer = z.infer<typeof gameServerSchema>;

/** A player as the game knows them. `servers` is empty for a game with one character per account. */
export const gamePlayerSchema = z.object({
  /** The game's own, stable id of the account; the site keys its shadow of the player by it. */
  playerId: gameId,
  userId: gameUserIdSchema,
  displayName: gameName,
  avatar: z.string().url().max(500).nullable(),
  /** An e-mail the player has verified with the game, if any (the site may send receipts to it). */
  email: z.string().email().max(320).nullable(),
  servers: z.array(gameServerSchema).max(gameLimits.servers),
});
export type GamePlayer = z.infer<typeof gamePlayerSchema>;

/** Why the game refuses a player: they map onto the description's sign-in and User ID refusals. */
export const gameRefusals = ['unknown_player', 'wrong_password', 'unverified', 'banned'] as const;
export type GameRefusal = (typeof gameRefusals)[number];

const refusedSchema = <R extends readonly [string, ...string[]]>(reasons: R) =>
  z.object({ result: z.literal('refused'), reason: z.enum(reasons) });

// Site -> game ------------------------------------------------------------------------------------

/** POST {GAME_API_URL}/players/authenticate: a username and password typed on the site. Not idempotent (a read). */
export const gameAuthenticateBodySchema = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
  /** The site's device id, 'carabala.web.…' (the description's `deviceId`). */
  deviceId: z.string().min(1).max(200),
});
export type GameAuthenticateBody = z.infer<typeof gameAuthenticateBodySchema>;
export const gameAuthenticateAnswerSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('ok'), player: gamePlayerSchema }),
  refusedSchema(gameRefusals),
]);
export type GameAuthenticateAnswer = z.infer<typeof gameAuthenticateAnswerSchema>;

/** POST {GAME_API_URL}/players/lookup: a player by User ID or by the game's player id. A read. */
export const gameLookupBodySchema = z.union([z.object({ userId: gameUserIdSchema }), z.object({ playerId: gameId })]);
export type GameLookupBody = z.infer<typeof gameLookupBodySchema>;
export const gameLookupAnswerSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('ok'), player: gamePlayerSchema, banned: z.boolean() }),
  refusedSchema(['unknown_player'] as const),
]);
export type GameLookupAnswer = z.infer<typeof gameLookupAnswerSchema>;

export const gameItemKinds = ['currency', 'consumable', 'equipment', 'cosmetic', 'card', 'other'] as const;
export const gameItemSchema = z.object({
  id: z.string().regex(/^[a-z0-9_.-]{1,64}$/),
  /** The Vietnamese name players and staff read. */
  name: gameName,
  kind: z.enum(gameItemKinds),
  icon: z.string().url().max(500).nullable(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

/** POST {GAME_API_URL}/items/list (empty JSON body `{}`): every item the site may send. A read. */
export const gameItemsAnswerSchema = z.object({ items: z.array(gameItemSchema).max(gameLimits.items) });
export type GameItemsAnswer = z.infer<typeof gameItemsAnswerSchema>;

/**
 * POST {GAME_API_URL}/mails: puts items in a player's in-game mailbox. Idempotent by `id` (also sent as
 * the Idempotency-Key header): a repeat is acknowledged and not applied again.
 */
export const gameMailBodySchema = z.object({
  id: z.string().uuid(),
  playerId: gameId.nullable(),
  userId: gameUserIdSchema,
  /** The server and character that receive it; null for a game with one character per account. */
  serverId: gameId.nullable(),
  characterId: gameId.nullable(),
  title: z.string().min(1).max(200),
  items: z
    .array(z.object({ itemId: z.string().min(1).max(64), quantity: z.number().int().positive() }))
    .min(1)
    .max(100),
  /** What earned it: `order`, `gift_code`, `grant`; with its id on the site. */
  source: z.string().min(1).max(30),
  sourceId: z.string().min(1).max(200),
});
export type GameMailBody = z.infer<typeof gameMailBodySchema>;
export const gameMailAnswerSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('ok'), duplicate: z.boolean() }),
  refusedSchema(['unknown_player', 'unknown_character', 'unknown_item'] as const),
]);
export type GameMailAnswer = z.infer<typeof gameMailAnswerSchema>;

// Game -> site ------------------------------------------------------------------------------------

/** Only the site's own paths: one leading slash, no scheme, no `//`, no backslash. */
export const sitePathSchema = z
  .string()
  .max(200)
  .regex(/^\/(?![/\\])[^\\\s]*$/);

/** POST /api/game/v1/sign-in-links: a one-time link that opens the site signed in as the player. Not idempotent. */
export const gameSignInLinkBodySchema = z.object({
  playerId: gameId,
  /** Where the player lands, e.g. `/store`. */
  path: sitePathSchema.default('/store'),
});
export type GameSignInLinkBody = z.infer<typeof gameSignInLinkBodySchema>;
export const gameSignInLinkAnswerSchema = z.object({
  url: z.string().url(),
  expiresAt: z.string(),
});
export type GameSignInLinkAnswer = z.infer<typeof gameSignInLinkAnswerSchema>;

/** POST /api/game/v1/player-events: the game tells the site a player changed. Idempotent by `eventId`. */
export const gamePlayerEventSchema = z.discriminatedUnion('kind', [
  z.object({ eventId: gameId, kind: z.literal('banned'), playerId: gameId }),
  z.object({ eventId: gameId, kind: z.literal('unbanned'), playerId: gameId }),
  z.object({ eventId: gameId, kind: z.literal('renamed'), playerId: gameId, displayName: gameName }),
]);
export type GamePlayerEvent = z.infer<typeof gamePlayerEventSchema>;
export const gamePlayerEventAnswerSchema = z.object({ applied: z.boolean() });

/**
 * The `deviceId` prefix of the game client's sign-in through the site's own sign-in call (embedded mode):
 * its sessions are the game's device, and the phone policy's `play` applies to it (decision record 057).
 */
export const GAME_DEVICE_PREFIX = 'game:';

/** POST /api/game/v1/sessions/check: the game server asks whose a session token the site issued is. */
export const gameSessionCheckBodySchema = z.object({
  /** The `accessToken` the site's sign-in answered the game client. */
  token: z.string().min(1).max(2000),
});
export type GameSessionCheckBody = z.infer<typeof gameSessionCheckBodySchema>;
export const gameSessionCheckAnswerSchema = z.object({
  /** The player's id in the game contract (the site's account id in embedded mode). */
  playerId: gameId,
  userId: gameUserIdSchema,
  displayName: gameName,
  /** Whether the account's phone (and its guardian's, if it has one) is verified. */
  phoneVerified: z.boolean(),
  /** The session's device, as the sign-in named it (`game:…` for the game client's). */
  deviceId: z.string().nullable(),
  expiresAt: z.string(),
});
export type GameSessionCheckAnswer = z.infer<typeof gameSessionCheckAnswerSchema>;

/** The refusal codes of the calls the game makes to the site (`code` of the site's JSON envelope). */
export const gameCallbackCodes = {
  signature: 'api.game.signature',
  stale: 'api.game.stale',
  replayed: 'api.game.replayed',
  unknownPlayer: 'api.game.unknown_player',
  /** 404: the token is not one the site issued, or its session expired or was revoked (signed out, banned). */
  sessionInvalid: 'api.game.session_invalid',
} as const;

/** The site's own refusals about the game (its players' sign-in and look-ups, the sign-in links). */
export const gameCodes = {
  /** 424: the game did not answer (slow, away, off-contract or its circuit open); nothing is signed out. */
  unavailable: 'api.game.unavailable',
  /** A sign-in link unknown, used, or past its two minutes. */
  linkInvalid: 'api.game.link.invalid',
} as const;

export const gameMessages = {
  unavailable: 'api.game.unavailable',
  linkInvalid: 'api.game.link.invalid',
  banned: 'api.auth.product.banned',
} as const;

/** POST /api/auth/game-link: the page /dang-nhap-nhanh posts the link's token (from the URL's fragment). */
export const gameLinkBodySchema = z.object({
  token: z.string().min(20).max(100),
  deviceId: z.string().trim().min(1).max(200),
});
export type GameLinkBody = z.infer<typeof gameLinkBodySchema>;
/** A session like a password sign-in's, and the site's path the game asked to land on. */
export const gameLinkResultSchema = loginResultSchema.extend({ path: sitePathSchema });
export type GameLinkResult = z.infer<typeof gameLinkResultSchema>;
