import {
  gameLinkBodySchema,
  gameLinkResultSchema,
  gamePlayerEventAnswerSchema,
  gamePlayerEventSchema,
  gameSessionCheckAnswerSchema,
  gameSessionCheckBodySchema,
  gameSignInLinkAnswerSchema,
  gameSignInLinkBodySchema,
} from '@carabala/contracts/game-api';
import type { FastifyRequest } from 'fastify';
import { jsonRoutes } from '../../lib/routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body text of a game call: its signature covers these bytes. */
    gameCallBody?: string;
  }
}

const signedCall =
  'Signed by the game with GAME_CALLBACK_SECRET (x-game-timestamp, x-game-nonce, x-game-signature: v1=HMAC-SHA256 ' +
  'of `{timestamp}.{nonce}.POST {path}.{body}`, docs/game-api.md). Unsigned or wrongly signed: 401 ' +
  '`api.game.signature`; a timestamp outside 300 s: 401 `api.game.stale`; a nonce already received: 401 `api.game.replayed`.';

/**
 * The game's calls to the site (/api/game/v1/*, only with GAME_CALLBACK_SECRET: 404 otherwise) and the
 * one-time sign-in link's use by the web page /dang-nhap-nhanh.
 */
export const gameRoutes = jsonRoutes(['game'], (route, { gameCallbacks: service }, { app }) => {
  route('POST /auth/game-link', 'public', {
    tags: ['auth'],
    operationId: 'signInWithGameLink',
    summary: 'Sign in with a one-time link the game asked for (the token from the URL fragment of /dang-nhap-nhanh)',
    description:
      'Works once, within two minutes of the link being made: the answer is a session like a password sign-in ' +
      "and the site's path to land on. Otherwise 400 `api.game.link.invalid`.",
    body: gameLinkBodySchema,
    data: gameLinkResultSchema,
    handle: (request) =>
      service.useSignInLink(request.body, {
        userAgent: request.raw.headers['user-agent']?.slice(0, 500) || null,
        address: request.ip,
      }),
  });

  if (!service.callbacksOpen) return;

  // The signature covers the exact bytes received: they are kept before the JSON is parsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.gameCallBody = body as string;
    parseJson(request, body as string, done);
  });
  // Checked before the body's schema: an unsigned call is refused as unsigned, whatever it holds.
  const verified = (request: FastifyRequest) =>
    service.verifyCall(request.headers, request.url.split('?')[0]!, request.gameCallBody ?? '');
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api/game/')) await verified(request);
  });

  route('POST /game/v1/sign-in-links', 'public', {
    summary: 'The game asks for a one-time sign-in link for a player, to one of the site paths',
    description: `${signedCall} The player must exist in the game (404 \`api.game.unknown_player\`).`,
    body: gameSignInLinkBodySchema,
    data: gameSignInLinkAnswerSchema,
    handle: (request) => service.createSignInLink(request.body),
  });

  route('POST /game/v1/player-events', 'public', {
    summary: 'The game tells the site a player was banned (their sessions end), unbanned or renamed',
    description: `${signedCall} Idempotent by \`eventId\`: an event received again answers \`applied: false\`.`,
    body: gamePlayerEventSchema,
    data: gamePlayerEventAnswerSchema,
    handle: (request) => service.applyPlayerEvent(request.body),
  });

  route('POST /game/v1/sessions/check', 'public', {
    summary:
      'The game server asks whose a session token the site issued is (the game client signed in through the site)',
    description:
      `${signedCall} Answers the player (id, User ID, name, whether the phone is verified, the session's device). ` +
      'Refusals: 404 `api.game.session_invalid` (not a token the site issued, or its session expired or was ' +
      'revoked), 403 `api.auth.<product>.banned`, 403 `api.phone.verification_required` when ' +
      'PHONE_VERIFICATION_REQUIRED includes `play` and the phone is not verified.',
    body: gameSessionCheckBodySchema,
    data: gameSessionCheckAnswerSchema,
    handle: (request) => service.checkSession(request.body),
  });
});
