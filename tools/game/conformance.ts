/**
 * The conformance cases of the game contract (docs/game-api.md): what `npm run game:check` runs against
 * a game server's GAME_API_URL, signed with its GAME_API_SECRET. Each case is a pass or a fail with why.
 * The defaults name the reference server's test account (tools/game/players.ts); a game team passes its
 * own (`--player`, `--user-id`). One case sends a real mail (one unit of an item) to that account.
 */
import { randomUUID } from 'node:crypto';
import {
  gameAuthenticateAnswerSchema,
  gameItemsAnswerSchema,
  gameLookupAnswerSchema,
  gameMailAnswerSchema,
  type GameMailBody,
  type GamePlayer,
} from '@carabala/contracts/game-api';
import { gameSignature, GAME_SIGNATURE_HEADER, GAME_TIMESTAMP_HEADER } from '@carabala/contracts/game-signature';
import type { z } from 'zod';
import { createUniqueSigner } from './signer';

export interface CheckOptions {
  /** The game's GAME_API_URL, e.g. http://127.0.0.1:4700/v1. */
  url: string;
  /** GAME_API_SECRET. */
  secret: string;
  /** A test account that can sign in. */
  username: string;
  password: string;
  /** That account's User ID. */
  userId: string;
  /** A User ID no player has. */
  unknownUserId: string;
  /** Milliseconds each call has to answer. */
  timeoutMs: number;
}

export const checkDefaults = {
  username: 'tuananh',
  password: 'rong-lua-2024',
  userId: '20481001',
  unknownUserId: '0',
  timeoutMs: 5_000,
} as const;

export interface CaseResult {
  name: string;
  ok: boolean;
  why?: string;
}

interface Reply {
  status: number;
  body: unknown;
  ms: number;
}

type Headers = Record<string, string>;

/** A case fails by throwing this (or anything else: its message is the why). */
class Failure extends Error {}
const fail = (why: string): never => {
  throw new Failure(why);
};

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text && text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

export async function runGameCheck(options: CheckOptions): Promise<CaseResult[]> {
  const base = options.url.replace(/\/+$/, '');
  const sign = createUniqueSigner(options.secret);
  const results: CaseResult[] = [];
  const slow: { call: string; ms: number }[] = [];
  let slowest = 0;

  /** POSTs `body` to `call` (e.g. `/players/lookup`), signed over the URL's path unless `headers` are given. */
  async function post(call: string, body: unknown, headers?: Headers): Promise<Reply> {
    const url = `${base}${call}`;
    const text = JSON.stringify(body);
    const signed = headers ?? sign({ method: 'POST', path: new URL(url).pathname, body: text });
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // A mail names its id twice, as the site sends it: in the body and as the Idempotency-Key.
          ...(call === '/mails' ? { 'idempotency-key': (body as { id: string }).id } : {}),
          ...signed,
        },
        body: text,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const ms = performance.now() - started;
      const cause = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : `${error}`;
      slow.push({ call, ms });
      return fail(`POST ${call}: ${cause}`);
    }
    const answerText = await response.text();
    const ms = performance.now() - started;
    slowest = Math.max(slowest, ms);
    if (ms > options.timeoutMs) slow.push({ call, ms });
    let parsed: unknown = answerText;
    try {
      parsed = JSON.parse(answerText);
    } catch {
      // kept as text: a case that needs JSON says so
    }
    return { status: response.status, body: parsed, ms };
  }

  const signedHeaders = (call: string, body: unknown, secret = options.secret, at = Date.now()) => {
    const timestamp = Math.floor(at / 1000);
    const path = new URL(`${base}${call}`).pathname;
    return {
      [GAME_TIMESTAMP_HEADER]: String(timestamp),
      [GAME_SIGNATURE_HEADER]: gameSignature(secret, timestamp, { method: 'POST', path, body: JSON.stringify(body) }),
    };
  };

  const answer = <S extends z.ZodType>(reply: Reply, schema: S, what: string): z.infer<S> => {
    if (reply.status !== 200) fail(`${what}: expected 200, got ${reply.status} ${show(reply.body)}`);
    const parsed = schema.safeParse(reply.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(`${what} does not match the contract: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
    }
    return parsed.data;
  };

  const refused401 = (reply: Reply, what: string) => {
    if (reply.status !== 401) fail(`${what} answered ${reply.status} ${show(reply.body)}, expected 401`);
  };

  async function test(name: string, run: () => Promise<void>) {
    try {
      await run();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, why: error instanceof Failure ? error.message : `${error}` });
    }
  }

  const lookupBody = { userId: options.userId };
  let player: GamePlayer | null = null;
  let itemId: string | null = null;

  await test('signed look-up answers the contract', async () => {
    const found = answer(await post('/players/lookup', lookupBody), gameLookupAnswerSchema, 'the look-up');
    if (found.result !== 'ok') return fail(`User ID ${options.userId} was refused: ${found.reason}`);
    if (found.player.userId !== options.userId) fail(`asked for ${options.userId}, got ${found.player.userId}`);
    player = found.player;
  });

  await test('unsigned call refused', async () => {
    refused401(await post('/players/lookup', lookupBody, {}), 'an unsigned look-up');
  });

  await test('bad signature refused', async () => {
    const wrongKey = signedHeaders('/players/lookup', lookupBody, `${options.secret}-not-the-key`);
    refused401(await post('/players/lookup', lookupBody, wrongKey), 'a look-up signed with another key');
  });

  await test('tampered body refused', async () => {
    const headers = signedHeaders('/players/lookup', { userId: options.unknownUserId });
    refused401(await post('/players/lookup', lookupBody, headers), 'a look-up whose body is not the one signed');
  });

  await test('stale timestamp refused', async () => {
    const headers = signedHeaders('/players/lookup', lookupBody, options.secret, Date.now() - 600_000);
    refused401(await post('/players/lookup', lookupBody, headers), 'a look-up signed 10 minutes ago');
  });

  await test('future timestamp refused', async () => {
    const headers = signedHeaders('/players/lookup', lookupBody, options.secret, Date.now() + 600_000);
    refused401(await post('/players/lookup', lookupBody, headers), 'a look-up signed 10 minutes ahead');
  });

  await test('replayed call refused', async () => {
    const headers = sign({ method: 'POST', path: new URL(`${base}/items/list`).pathname, body: '{}' });
    const first = await post('/items/list', {}, headers);
    if (first.status !== 200) fail(`the first, signed call answered ${first.status} ${show(first.body)}`);
    refused401(await post('/items/list', {}, headers), 'the same signed call sent again');
  });

  await test('signature moved to another path refused', async () => {
    const headers = signedHeaders('/players/lookup', lookupBody);
    refused401(await post('/players/authenticate', lookupBody, headers), "a look-up's signature sent to authenticate");
  });

  await test('body outside the contract refused', async () => {
    const reply = await post('/players/lookup', { userId: 'not-a-number' });
    if (reply.status !== 400) fail(`a look-up of User ID "not-a-number" answered ${reply.status}, expected 400`);
  });

  await test('unknown User ID: unknown_player', async () => {
    const reply = await post('/players/lookup', { userId: options.unknownUserId });
    const found = answer(reply, gameLookupAnswerSchema, 'the look-up of an unknown User ID');
    if (found.result !== 'refused') fail(`User ID ${options.unknownUserId} was found: use --unknown-user-id`);
  });

  const authenticate = async (username: string, password: string) =>
    answer(
      await post('/players/authenticate', { username, password, deviceId: 'carabala.web.game-check' }),
      gameAuthenticateAnswerSchema,
      'the sign-in',
    );

  await test('unknown username: unknown_player', async () => {
    const reply = await authenticate(`game-check-${randomUUID().slice(0, 8)}`, 'whatever-password');
    if (reply.result !== 'refused' || reply.reason !== 'unknown_player') fail(`answered ${show(reply)}`);
  });

  await test('wrong password: wrong_password', async () => {
    const reply = await authenticate(options.username, `${options.password}-wrong`);
    if (reply.result !== 'refused' || reply.reason !== 'wrong_password') fail(`answered ${show(reply)}`);
  });

  await test('authenticate answers the contract', async () => {
    const reply = await authenticate(options.username, options.password);
    if (reply.result !== 'ok') return fail(`${options.username} was refused: ${reply.reason} (use --player)`);
    if (reply.player.userId !== options.userId) {
      fail(`${options.username} is User ID ${reply.player.userId}, not ${options.userId} (use --user-id)`);
    }
  });

  await test('items list answers the contract', async () => {
    const list = answer(await post('/items/list', {}), gameItemsAnswerSchema, 'the items list');
    if (list.items.length === 0) fail('the list is empty: the site has nothing to send');
    itemId = list.items[0]!.id;
  });

  const mailTo = (target: GamePlayer, overrides: Partial<GameMailBody> = {}): GameMailBody => {
    const server = target.servers.find((entry) => entry.characters.length > 0);
    return {
      id: randomUUID(),
      playerId: target.playerId,
      userId: target.userId,
      serverId: server?.id ?? null,
      characterId: server?.characters[0]?.id ?? null,
      title: 'Kiểm tra kết nối',
      items: [{ itemId: itemId ?? 'unknown', quantity: 1 }],
      source: 'game_check',
      sourceId: randomUUID(),
      ...overrides,
    };
  };
  const needs = (): GamePlayer => {
    if (!player || !itemId) return fail("needs the test account's look-up and the items list, which failed");
    return player;
  };
  const sendMail = async (body: GameMailBody) =>
    answer(await post('/mails', body), gameMailAnswerSchema, 'the mail answer');

  await test('mail applied once when repeated', async () => {
    const body = mailTo(needs());
    const first = await sendMail(body);
    if (first.result !== 'ok' || first.duplicate) fail(`the first mail answered ${show(first)}`);
    const again = await sendMail(body);
    if (again.result !== 'ok' || !again.duplicate) {
      fail(`the same mail id sent again answered ${show(again)}, expected {"result":"ok","duplicate":true}`);
    }
  });

  const refusedMail = async (body: GameMailBody, reason: string) => {
    const reply = await sendMail(body);
    if (reply.result !== 'refused' || reply.reason !== reason) fail(`answered ${show(reply)}, expected ${reason}`);
  };

  await test('mail to an unknown player refused', async () => {
    const known = needs();
    await refusedMail(
      mailTo(known, { playerId: null, userId: options.unknownUserId, serverId: null, characterId: null }),
      'unknown_player',
    );
  });

  await test('mail to an unknown character refused', async () => {
    const known = needs();
    const serverId = known.servers[0]?.id ?? 'game-check-server';
    await refusedMail(mailTo(known, { serverId, characterId: `game-check-${randomUUID()}` }), 'unknown_character');
  });

  await test('mail of an unknown item refused', async () => {
    const items = [{ itemId: 'game_check_no_such_item', quantity: 1 }];
    await refusedMail(mailTo(needs(), { items }), 'unknown_item');
  });

  await test(`answers within ${options.timeoutMs} ms`, async () => {
    if (slow.length > 0) {
      const calls = slow.map((entry) => `POST ${entry.call} ${Math.round(entry.ms)} ms`).join(', ');
      fail(`${slow.length} call(s) took longer: ${calls}`);
    }
    if (slowest === 0) fail('no call was answered');
  });

  return results;
}

/** The lines `npm run game:check` prints: `PASS name` or `FAIL name: why`. */
export function formatResults(results: CaseResult[]): string[] {
  return results.map((result) => (result.ok ? `PASS ${result.name}` : `FAIL ${result.name}: ${result.why}`));
}
