/**
 * The reference game server: the game's side of the contract (docs/game-api.md, v1) on 127.0.0.1, over
 * node:http, with the data of ./players.ts. It checks every call's signature (GAME_API_SECRET), refuses
 * stale calls and replayed ones (a nonce it accepted within the window), validates bodies with the
 * contract's zod schemas and answers with them. It keeps the mails it applied (each id once). Tests
 * start it in-process (`startGameStandIn`), the CLI (`npm run game:stand-in`, ./stand-in.ts) on
 * GAME_STAND_IN_PORT.
 *
 * Unsigned, and only because it is a stand-in: GET /_stand-in/health, GET /_stand-in/mails, and
 * POST /_stand-in/fault (the production smoke's way to make the game slow or away).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  gameAuthenticateBodySchema,
  gameLookupBodySchema,
  gameMailBodySchema,
  type GameAuthenticateAnswer,
  type GameItem,
  type GameItemsAnswer,
  type GameLookupAnswer,
  type GameMailAnswer,
  type GameMailBody,
} from '@carabala/contracts/game-api';
import {
  GAME_REPLAY_WINDOW_SECONDS,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  verifyGameCall,
} from '@carabala/contracts/game-signature';
import type { z } from 'zod';
import { publicPlayer, standInItems, standInPlayers, type StandInPlayer } from './players';

export const STAND_IN_BASE_PATH = '/v1';
const MAX_BODY_BYTES = 1_000_000;

/** A fault for tests: answer late, not at all (connection reset), or outside the contract. */
export type GameStandInFault = { slow: number } | 'down' | 'malformed' | null;

export interface ReceivedMail extends GameMailBody {
  receivedAt: string;
}

export interface GameStandInOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** GAME_API_SECRET: the key the site signs its calls with. */
  apiSecret: string;
  players?: StandInPlayer[];
  items?: GameItem[];
  /** The server's clock, in milliseconds (tests move it to make a call stale). */
  now?: () => number;
  /**
   * Breaks the contract on purpose, so a test can show the conformance check catches it. Never set
   * by the CLI.
   */
  broken?: {
    acceptReplays?: boolean;
    skipSignatures?: boolean;
    /** Remembers signatures instead of nonces: a repeated nonce under a new signature gets through. */
    replaysBySignature?: boolean;
  };
}

export interface GameStandIn {
  /** The base URL the site's GAME_API_URL points at, e.g. http://127.0.0.1:4700/v1. */
  url: string;
  port: number;
  /** The mails applied, in order (a repeated id is not added again). */
  mails: ReceivedMail[];
  setFault(fault: GameStandInFault): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };
type Handler = (body: unknown) => Answer;

function samePassword(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type PlayerKey = 'userId' | 'playerId' | 'username';

/**
 * The players by User ID, player id and username (lower case), kept up with the list as the suites add
 * players to it (it only grows): a look-up stays one map read with tens of thousands of players, as the
 * launch-day bench makes, where a scan of the list cost more than the site's own work per claim.
 */
function indexPlayers(players: StandInPlayer[]) {
  const maps: Record<PlayerKey, Map<string, StandInPlayer>> = {
    userId: new Map(),
    playerId: new Map(),
    username: new Map(),
  };
  let indexed = 0;
  return (key: PlayerKey, value: string): StandInPlayer | undefined => {
    for (; indexed < players.length; indexed += 1) {
      const player = players[indexed]!;
      const keys: Record<PlayerKey, string> = {
        userId: player.userId,
        playerId: player.playerId,
        username: player.username.toLowerCase(),
      };
      // The first of two players with one key answers, as a scan of the list would.
      for (const name of Object.keys(maps) as PlayerKey[]) {
        if (!maps[name].has(keys[name])) maps[name].set(keys[name], player);
      }
    }
    return maps[key].get(value);
  };
}

/** The contract's answers of the four calls, over the given data. */
function createHandlers(players: StandInPlayer[], items: GameItem[], mails: ReceivedMail[], now: () => number) {
  const appliedMailIds = new Set<string>();
  const findPlayer = indexPlayers(players);
  const invalid = (error: z.ZodError): Answer => ({
    status: 400,
    body: { error: 'body', issues: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) },
  });
  const parse = <S extends z.ZodType>(schema: S, body: unknown, then: (value: z.infer<S>) => Answer): Answer => {
    const parsed = schema.safeParse(body);
    return parsed.success ? then(parsed.data) : invalid(parsed.error);
  };

  const authenticate: Handler = (body) =>
    parse(gameAuthenticateBodySchema, body, ({ username, password }) => {
      const player = findPlayer('username', username.trim().toLowerCase());
      let answer: GameAuthenticateAnswer;
      if (!player) answer = { result: 'refused', reason: 'unknown_player' };
      else if (!samePassword(password, player.password)) answer = { result: 'refused', reason: 'wrong_password' };
      else if (player.banned) answer = { result: 'refused', reason: 'banned' };
      else if (!player.emailVerified) answer = { result: 'refused', reason: 'unverified' };
      else answer = { result: 'ok', player: publicPlayer(player) };
      return { status: 200, body: answer };
    });

  const lookup: Handler = (body) =>
    parse(gameLookupBodySchema, body, (by) => {
      const player = 'userId' in by ? findPlayer('userId', by.userId) : findPlayer('playerId', by.playerId);
      const answer: GameLookupAnswer = player
        ? { result: 'ok', player: publicPlayer(player), banned: player.banned }
        : { result: 'refused', reason: 'unknown_player' };
      return { status: 200, body: answer };
    });

  const listItems: Handler = () => ({ status: 200, body: { items } satisfies GameItemsAnswer });

  const mail: Handler = (body) =>
    parse(gameMailBodySchema, body, (mailBody) => {
      const refuse = (reason: 'unknown_player' | 'unknown_character' | 'unknown_item'): Answer => ({
        status: 200,
        body: { result: 'refused', reason } satisfies GameMailAnswer,
      });
      if (appliedMailIds.has(mailBody.id)) {
        return { status: 200, body: { result: 'ok', duplicate: true } satisfies GameMailAnswer };
      }
      const player = mailBody.playerId
        ? findPlayer('playerId', mailBody.playerId)
        : findPlayer('userId', mailBody.userId);
      if (!player || player.userId !== mailBody.userId) return refuse('unknown_player');
      if (mailBody.serverId !== null || mailBody.characterId !== null) {
        const server = player.servers.find((entry) => entry.id === mailBody.serverId);
        if (!server?.characters.some((character) => character.id === mailBody.characterId)) {
          return refuse('unknown_character');
        }
      }
      if (mailBody.items.some((line) => !items.some((item) => item.id === line.itemId))) return refuse('unknown_item');
      appliedMailIds.add(mailBody.id);
      mails.push({ ...mailBody, receivedAt: new Date(now()).toISOString() });
      return { status: 200, body: { result: 'ok', duplicate: false } satisfies GameMailAnswer };
    });

  return {
    '/players/authenticate': authenticate,
    '/players/lookup': lookup,
    '/items/list': listItems,
    '/mails': mail,
  } as Record<string, Handler>;
}

/** An answer that breaks the contract (a missing field, a wrong type), per call. */
function malformedAnswer(call: string): unknown {
  if (call === '/items/list') return { items: [{ id: 'Not An Id', name: 42 }] };
  if (call === '/mails') return { result: 'ok' };
  return { result: 'ok', player: { playerId: 1001, displayName: null } };
}

export async function startGameStandIn(options: GameStandInOptions): Promise<GameStandIn> {
  const now = options.now ?? Date.now;
  const players = options.players ?? standInPlayers;
  const items = options.items ?? standInItems;
  const mails: ReceivedMail[] = [];
  const handlers = createHandlers(players, items, mails, now);
  /** Nonces accepted, each with the end of its call's window (ms): a repeat before then is a replay. */
  const seen = new Map<string, number>();
  let fault: GameStandInFault = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const standInRoute = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'GET' && path === '/_stand-in/health') {
      return send(res, 200, { status: 'ok', players: players.length, items: items.length, mails: mails.length });
    }
    if (req.method === 'GET' && path === '/_stand-in/mails') return send(res, 200, mails);
    if (req.method === 'POST' && path === '/_stand-in/fault') {
      try {
        const body = JSON.parse((await readBody(req)) ?? 'null') as { fault?: unknown };
        const next = body?.fault ?? null;
        const valid =
          next === null ||
          next === 'down' ||
          next === 'malformed' ||
          (typeof next === 'object' && typeof (next as { slow?: unknown }).slow === 'number');
        if (!valid) return send(res, 400, { error: 'fault' });
        fault = next as GameStandInFault;
        return send(res, 200, { fault });
      } catch {
        return send(res, 400, { error: 'fault' });
      }
    }
    return send(res, 404, { error: 'not_found' });
  };

  const gameCall = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const call = path.slice(STAND_IN_BASE_PATH.length);
    const handler = handlers[call];
    if (!path.startsWith(`${STAND_IN_BASE_PATH}/`) || !handler) return send(res, 404, { error: 'not_found' });
    if (req.method !== 'POST') return send(res, 405, { error: 'method' });
    const current = fault;
    if (current === 'down') {
      req.socket.destroy();
      return;
    }
    if (current && typeof current === 'object') await new Promise((resolve) => setTimeout(resolve, current.slow));
    const raw = await readBody(req);
    if (raw === null) return send(res, 413, { error: 'too_large' });
    if (!options.broken?.skipSignatures) {
      const headers = req.headers;
      const check = headers[GAME_SIGNATURE_HEADER]
        ? verifyGameCall(options.apiSecret, headers, { method: 'POST', path, body: raw }, now())
        : ({ ok: false, reason: 'signature' } as const);
      if (!check.ok) return send(res, 401, { error: check.reason });
      // Forgotten oldest first, up to the first still in its window: calls arrive in about the order of
      // their timestamps, so this reads a few entries per call, not every nonce of the window.
      const at = now();
      for (const [remembered, forgetAt] of seen) {
        if (forgetAt >= at) break;
        seen.delete(remembered);
      }
      const key = options.broken?.replaysBySignature ? check.signature : check.nonce;
      if (seen.has(key) && !options.broken?.acceptReplays) return send(res, 401, { error: 'replayed' });
      // Until the call's timestamp leaves the window: after that the call is refused as stale anyway.
      seen.set(key, (Number(headers[GAME_TIMESTAMP_HEADER]) + GAME_REPLAY_WINDOW_SECONDS) * 1000);
    }
    if (current === 'malformed') return send(res, 200, malformedAnswer(call));
    let body: unknown;
    try {
      body = raw === '' ? {} : JSON.parse(raw);
    } catch {
      return send(res, 400, { error: 'json' });
    }
    const idempotencyKey = req.headers['idempotency-key'];
    if (call === '/mails' && idempotencyKey && idempotencyKey !== (body as { id?: unknown })?.id) {
      return send(res, 400, { error: 'idempotency_key' });
    }
    const answer = handler(body);
    send(res, answer.status, answer.body);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = path.startsWith('/_stand-in/') ? standInRoute : gameCall;
    route(req, res, path).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'internal' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}${STAND_IN_BASE_PATH}`,
    port,
    mails,
    setFault(next) {
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
