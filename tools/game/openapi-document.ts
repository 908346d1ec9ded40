/**
 * The OpenAPI 3.1 document of the game contract v1 (docs/game-api.openapi.json), generated from the
 * contract's zod schemas (packages/contracts/src/game-api.ts) with zod's own JSON Schema output, so the
 * document cannot drift from what the site validates. `npm run game:openapi` writes it; a test checks
 * the committed file equals this and lints it with redocly. The prose is docs/game-api.md.
 */
import { codes, errorEnvelopeSchema, envelope } from '@carabala/contracts';
import * as game from '@carabala/contracts/game-api';
import {
  GAME_NONCE_HEADER,
  GAME_REPLAY_WINDOW_SECONDS,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
} from '@carabala/contracts/game-signature';
import { z } from 'zod';
import { examples } from './examples';

/** Every schema the document names, by its name under #/components/schemas. */
const named = {
  GameCharacter: game.gameCharacterSchema,
  GameServer: game.gameServerSchema,
  GamePlayer: game.gamePlayerSchema,
  GameItem: game.gameItemSchema,
  AuthenticateBody: game.gameAuthenticateBodySchema,
  AuthenticateAnswer: game.gameAuthenticateAnswerSchema,
  LookupBody: game.gameLookupBodySchema,
  LookupAnswer: game.gameLookupAnswerSchema,
  ItemsBody: z.object({}).describe('An empty JSON object, `{}`.'),
  ItemsAnswer: game.gameItemsAnswerSchema,
  MailBody: game.gameMailBodySchema,
  MailAnswer: game.gameMailAnswerSchema,
  GameRefusedCall: z
    .object({
      error: z.string().describe('The reference server answers `signature`, `stale`, `replayed` or `body`.'),
    })
    .describe('What the game answers a call it refuses before reading it (401, 400). Any body is allowed.'),
  SignInLinkBody: game.gameSignInLinkBodySchema,
  SignInLinkAnswer: envelope(game.gameSignInLinkAnswerSchema),
  PlayerEvent: game.gamePlayerEventSchema,
  PlayerEventAnswer: envelope(game.gamePlayerEventAnswerSchema),
  SessionCheckBody: game.gameSessionCheckBodySchema,
  SessionCheckAnswer: envelope(game.gameSessionCheckAnswerSchema),
  SiteError: errorEnvelopeSchema,
} satisfies Record<string, z.ZodType>;
type Name = keyof typeof named;

function components() {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    // Bodies as the sender may write them (a default may be left out), answers as the receiver checks them.
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const schemas: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(out.schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
    schemas[id] = rest;
  }
  return schemas;
}

const ref = (name: Name) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: Name, example?: unknown) => ({
  content: { 'application/json': { schema: ref(name), ...(example === undefined ? {} : { example }) } },
});

const timestampHeader = {
  name: GAME_TIMESTAMP_HEADER,
  in: 'header',
  required: true,
  description: `Unix time in seconds when the call was signed; refused when more than ${GAME_REPLAY_WINDOW_SECONDS} s from the receiver's clock.`,
  schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
  example: '1767225600',
};

const nonceHeader = {
  name: GAME_NONCE_HEADER,
  in: 'header',
  required: true,
  description:
    'A random value new for every call, part of the signed string. The receiver refuses a nonce it has ' +
    `accepted within the ${GAME_REPLAY_WINDOW_SECONDS} s window (a replay), whatever the signature.`,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' },
  example: 'Zk3q9VtR2mXp7LwA4sYc1Q',
};

type Direction = 'toGame' | 'toSite';

function refusals(direction: Direction) {
  if (direction === 'toGame') {
    return {
      '400': { description: 'The body is not JSON or does not match the contract.', ...json('GameRefusedCall') },
      '401': {
        description: 'Unsigned, badly signed, stale (outside the window) or replayed (a nonce already accepted).',
        ...json('GameRefusedCall'),
      },
    };
  }
  return {
    '400': {
      description: `The body does not match the contract (\`${codes.validation}\`).`,
      ...json('SiteError'),
    },
    '401': {
      description: `Refused before reading: \`${game.gameCallbackCodes.signature}\`, \`${game.gameCallbackCodes.stale}\` or \`${game.gameCallbackCodes.replayed}\`.`,
      ...json('SiteError'),
    },
    '503': {
      description: `The site is briefly unable to answer (\`${codes.unavailable}\`): try again later.`,
      ...json('SiteError'),
    },
  };
}

function operation(
  direction: Direction,
  spec: {
    operationId: string;
    summary: string;
    description: string;
    body: Name;
    answer: Name;
    answerDescription: string;
    example: { body: unknown; answer: unknown };
    extra?: Record<string, unknown>;
  },
) {
  const idempotent = spec.operationId === 'deliverMail';
  return {
    post: {
      operationId: spec.operationId,
      tags: [direction === 'toGame' ? 'Site to game' : 'Game to site'],
      summary: spec.summary,
      description: spec.description,
      security: [{ [direction === 'toGame' ? 'gameApiSignature' : 'gameCallbackSignature']: [] }],
      parameters: [
        timestampHeader,
        nonceHeader,
        ...(idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description: "The mail's `id` again; when sent it must equal it.",
                schema: { type: 'string', format: 'uuid' },
              },
            ]
          : []),
      ],
      requestBody: { required: true, ...json(spec.body, spec.example.body) },
      responses: {
        '200': { description: spec.answerDescription, ...json(spec.answer, spec.example.answer) },
        ...refusals(direction),
        ...spec.extra,
      },
    },
  };
}

export function buildGameOpenApi() {
  const signatureScheme = (secret: string, direction: string) => ({
    type: 'apiKey',
    in: 'header',
    name: GAME_SIGNATURE_HEADER,
    description:
      `Calls ${direction} are signed with ${secret}: \`v1=\` and the hex HMAC-SHA256 of ` +
      `\`{timestamp}.{nonce}.{METHOD} {path}.{body}\` (timestamp: the \`${GAME_TIMESTAMP_HEADER}\` header; nonce: ` +
      `the \`${GAME_NONCE_HEADER}\` header; path: the URL path as received, without the query; body: the raw ` +
      `bytes). The receiver accepts a nonce once within the ${GAME_REPLAY_WINDOW_SECONDS} s window. See ` +
      'docs/game-api.md, "Signing".',
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Carabala game contract',
      version: `1.0.0 (${game.GAME_API_VERSION})`,
      summary: 'The signed server-to-server calls between the web shop and the game.',
      description:
        "The calls the site makes to the game's back end (GAME_API_URL, signed with GAME_API_SECRET) and the " +
        'calls the game makes to the site (/api/game/v1, signed with GAME_CALLBACK_SECRET). Generated from the ' +
        'zod schemas in packages/contracts/src/game-api.ts by `npm run game:openapi`; the prose, the worked ' +
        'signature and what the site does when the game is slow or away are in docs/game-api.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: '{gameApiUrl}',
        description: "The game's back end: the site's GAME_API_URL.",
        variables: { gameApiUrl: { default: 'http://127.0.0.1:4700/v1', description: 'GAME_API_URL' } },
      },
    ],
    tags: [
      { name: 'Site to game', description: 'Calls the game implements; the site makes them.' },
      { name: 'Game to site', description: 'Calls the site implements; the game server makes them.' },
    ],
    paths: {
      '/players/authenticate': operation('toGame', {
        operationId: 'authenticatePlayer',
        summary: 'Check a username and password typed on the site',
        description:
          'A read: no state changes, safe to retry with a new signature. The site waits 5 s at most and never ' +
          'stores the password.',
        body: 'AuthenticateBody',
        answer: 'AuthenticateAnswer',
        answerDescription: 'The player, or a refusal: `unknown_player`, `wrong_password`, `unverified`, `banned`.',
        example: examples.authenticate,
      }),
      '/players/lookup': operation('toGame', {
        operationId: 'lookUpPlayer',
        summary: "A player by User ID or by the game's player id",
        description:
          'A read. Serves the receiver shown before an order (display name, servers, characters) and refreshes ' +
          "the site's shadow of a player. The site caches answers briefly.",
        body: 'LookupBody',
        answer: 'LookupAnswer',
        answerDescription: 'The player and whether they are banned, or `unknown_player`.',
        example: examples.lookup,
      }),
      '/items/list': operation('toGame', {
        operationId: 'listItems',
        summary: 'Every item the site may send',
        description: "A read. The site's worker copies the list into its database; an outage keeps the last copy.",
        body: 'ItemsBody',
        answer: 'ItemsAnswer',
        answerDescription: 'The items, at most 5000.',
        example: examples.items,
      }),
      '/mails': operation('toGame', {
        operationId: 'deliverMail',
        summary: "Put items in a player's in-game mailbox",
        description:
          'Idempotent by `id`: the game applies a mail id once and answers a repeat `{"result":"ok","duplicate":true}`. ' +
          'The site retries from its outbox until it has an answer, each time signed anew.',
        body: 'MailBody',
        answer: 'MailAnswer',
        answerDescription: 'Applied (or already applied), or a refusal the site does not retry.',
        example: examples.mail,
      }),
      '/api/game/v1/sign-in-links': {
        servers: [{ url: '{siteUrl}', variables: { siteUrl: { default: 'https://carabala.vn' } } }],
        ...operation('toSite', {
          operationId: 'createSignInLink',
          summary: 'A one-time link that opens the site signed in as a player',
          description:
            'Not idempotent: each call makes a new link. The link works once, within two minutes, only for ' +
            "that player and only to the site's own paths.",
          body: 'SignInLinkBody',
          answer: 'SignInLinkAnswer',
          answerDescription: 'The link, in the envelope `{code, data}`.',
          example: examples.signInLink,
          extra: {
            '404': {
              description: `The site cannot find the player in the game (\`${game.gameCallbackCodes.unknownPlayer}\`).`,
              ...json('SiteError'),
            },
          },
        }),
      },
      '/api/game/v1/player-events': {
        servers: [{ url: '{siteUrl}', variables: { siteUrl: { default: 'https://carabala.vn' } } }],
        ...operation('toSite', {
          operationId: 'sendPlayerEvent',
          summary: 'Tell the site a player was banned, unbanned or renamed',
          description: "Idempotent by `eventId`: a repeat answers `applied: false`. A ban ends the player's sessions.",
          body: 'PlayerEvent',
          answer: 'PlayerEventAnswer',
          answerDescription: 'Whether this call changed anything (false for a repeated event id).',
          example: examples.playerEvent,
        }),
      },
      '/api/game/v1/sessions/check': {
        servers: [{ url: '{siteUrl}', variables: { siteUrl: { default: 'https://carabala.vn' } } }],
        ...operation('toSite', {
          operationId: 'checkSiteSession',
          summary: 'Whose a session token the site issued is (the game client signed in through the site)',
          description:
            "Answers the player and whether their phone is verified. Refused while the player's phone is not " +
            'verified and the site requires it to play (`api.phone.verification_required`, 403).',
          body: 'SessionCheckBody',
          answer: 'SessionCheckAnswer',
          answerDescription: "The player, the session's device and when it ends.",
          example: examples.sessionCheck,
          extra: {
            '403': {
              description:
                'The player is banned, or must verify their phone first (`api.phone.verification_required`).',
              ...json('SiteError'),
            },
            '404': {
              description: `Not a token the site issued, or its session ended (\`${game.gameCallbackCodes.sessionInvalid}\`).`,
              ...json('SiteError'),
            },
          },
        }),
      },
    },
    components: {
      schemas: components(),
      securitySchemes: {
        gameApiSignature: signatureScheme('GAME_API_SECRET', 'from the site to the game'),
        gameCallbackSignature: signatureScheme('GAME_CALLBACK_SECRET', 'from the game to the site'),
      },
    },
  };
}
