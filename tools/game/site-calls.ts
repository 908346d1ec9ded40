/**
 * The game's calls to the site (docs/game-api.md, "Game to site"), as a game server makes them: signed
 * with GAME_CALLBACK_SECRET over the path the site receives (`/api/game/v1/...`). The site answers with
 * its JSON envelope `{ code, message?, data? }`; `data` is the contract's answer.
 */
import {
  gamePlayerEventAnswerSchema,
  gamePlayerEventSchema,
  gameSessionCheckAnswerSchema,
  gameSessionCheckBodySchema,
  gameSignInLinkAnswerSchema,
  gameSignInLinkBodySchema,
  type GamePlayerEvent,
  type GameSessionCheckAnswer,
  type GameSignInLinkAnswer,
} from '@carabala/contracts/game-api';
import { signGameCall } from '@carabala/contracts/game-signature';
import type { z } from 'zod';

export const SITE_GAME_BASE_PATH = '/api/game/v1';

/** The site refused the call or answered outside the contract: its status and envelope code. */
export class SiteCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'SiteCallError';
  }
}

async function callSite<S extends z.ZodType>(
  siteUrl: string,
  callbackSecret: string,
  call: string,
  body: unknown,
  answer: S,
  timeoutMs = 5_000,
): Promise<z.infer<S>> {
  const path = `${SITE_GAME_BASE_PATH}${call}`;
  const text = JSON.stringify(body);
  const response = await fetch(new URL(path, siteUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signGameCall(callbackSecret, { method: 'POST', path, body: text }),
    },
    body: text,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const envelope = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown; data?: unknown };
  const code = typeof envelope?.code === 'string' ? envelope.code : null;
  if (!response.ok) {
    const message = typeof envelope?.message === 'string' ? envelope.message : response.statusText;
    throw new SiteCallError(`${path}: ${response.status} ${code ?? ''} ${message}`.trim(), response.status, code);
  }
  const parsed = answer.safeParse(envelope?.data);
  if (!parsed.success) {
    throw new SiteCallError(`${path}: the answer does not match the contract`, response.status, code);
  }
  return parsed.data;
}

/** POST /api/game/v1/sign-in-links: a one-time link (two minutes) that opens `path` signed in as the player. */
export async function requestSignInLink(
  siteUrl: string,
  callbackSecret: string,
  request: { playerId: string; path?: string },
): Promise<GameSignInLinkAnswer> {
  const body = gameSignInLinkBodySchema.parse(request);
  return callSite(siteUrl, callbackSecret, '/sign-in-links', body, gameSignInLinkAnswerSchema);
}

/** POST /api/game/v1/player-events: a player was banned, unbanned or renamed. Idempotent by `eventId`. */
export async function sendPlayerEvent(
  siteUrl: string,
  callbackSecret: string,
  event: GamePlayerEvent,
): Promise<z.infer<typeof gamePlayerEventAnswerSchema>> {
  return callSite(
    siteUrl,
    callbackSecret,
    '/player-events',
    gamePlayerEventSchema.parse(event),
    gamePlayerEventAnswerSchema,
  );
}

/**
 * POST /api/game/v1/sessions/check: whose a session token the site issued is (the game client signed in
 * through the site's sign-in call with a `game:` deviceId). Refused: 404 `api.game.session_invalid`,
 * 403 banned, 403 `api.phone.verification_required`.
 */
export async function checkSiteSession(
  siteUrl: string,
  callbackSecret: string,
  token: string,
): Promise<GameSessionCheckAnswer> {
  const body = gameSessionCheckBodySchema.parse({ token });
  return callSite(siteUrl, callbackSecret, '/sessions/check', body, gameSessionCheckAnswerSchema);
}
