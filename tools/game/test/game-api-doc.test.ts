import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envelope } from '@carabala/contracts';
import * as game from '@carabala/contracts/game-api';
import { gameSignature, verifyGameCall } from '@carabala/contracts/game-signature';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { standInPlayers } from '../players';

const doc = readFileSync(join(import.meta.dirname, '../../../docs/game-api.md'), 'utf8');

/** The `key: value` lines of each ```text block of the worked example. */
const workedExamples = [...doc.matchAll(/```text\n([\s\S]*?)```/g)]
  .map((match) =>
    Object.fromEntries(
      match[1]!
        .trim()
        .split('\n')
        .map((line) => line.split(/:\s+(.*)/s).slice(0, 2)),
    ),
  )
  .filter((fields) => 'signature' in fields) as Record<string, string>[];

const schemas: Record<string, z.ZodType> = {
  'authenticate-body': game.gameAuthenticateBodySchema,
  'authenticate-answer': game.gameAuthenticateAnswerSchema,
  'lookup-body': game.gameLookupBodySchema,
  'lookup-answer': game.gameLookupAnswerSchema,
  'items-answer': game.gameItemsAnswerSchema,
  'mail-body': game.gameMailBodySchema,
  'mail-answer': game.gameMailAnswerSchema,
  'sign-in-link-body': game.gameSignInLinkBodySchema,
  'sign-in-link-answer': envelope(game.gameSignInLinkAnswerSchema),
  'player-event': game.gamePlayerEventSchema,
  'player-event-answer': envelope(game.gamePlayerEventAnswerSchema),
  'session-check-body': game.gameSessionCheckBodySchema,
  'session-check-answer': envelope(game.gameSessionCheckAnswerSchema),
};

describe('docs/game-api.md', () => {
  it('states a worked signature that the signing code computes', () => {
    expect(workedExamples).toHaveLength(2);
    for (const example of workedExamples) {
      const call = { method: example.method!, path: example.path!, body: example.body! };
      const timestamp = Number(example.timestamp);
      const nonce = example.nonce!;
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(example.signed).toBe(`${timestamp}.${nonce}.${call.method} ${call.path}.${call.body}`);
      expect(example.signature).toBe(gameSignature(example.secret!, timestamp, nonce, call));
      const headers = {
        'x-game-timestamp': example.timestamp,
        'x-game-nonce': nonce,
        'x-game-signature': example.signature,
      };
      expect(verifyGameCall(example.secret!, headers, call, timestamp * 1000)).toEqual({
        ok: true,
        nonce,
        signature: example.signature,
      });
    }
    // The shell line signs the first example's string.
    expect(doc).toContain(`printf '%s' '${workedExamples[0]!.signed}'`);
    expect(workedExamples.map((example) => example.secret)).toEqual([
      'example-game-api-secret-do-not-use',
      'example-callback-secret-do-not-use',
    ]);
  });

  it('shows JSON examples that match the contract', () => {
    const marked = [...doc.matchAll(/<!-- schema: ([a-z-]+) -->\s*```json\n([\s\S]*?)```/g)];
    expect(marked.length).toBeGreaterThanOrEqual(14);
    for (const [, name, json] of marked) {
      const schema = schemas[name!];
      expect(schema, name).toBeDefined();
      expect(schema!.safeParse(JSON.parse(json!)).error, `${name}: ${json}`).toBeUndefined();
    }
    expect(new Set(marked.map((match) => match[1]))).toEqual(new Set(Object.keys(schemas)));
  });

  it('names every call, refusal and signature code of the contract', () => {
    for (const call of ['/players/authenticate', '/players/lookup', '/items/list', '/mails']) {
      expect(doc).toContain(`POST {GAME_API_URL}${call}`);
    }
    for (const call of ['sign-in-links', 'player-events']) expect(doc).toContain(`POST {site}/api/game/v1/${call}`);
    for (const reason of [...game.gameRefusals, 'unknown_character', 'unknown_item']) {
      expect(doc).toContain(`\`${reason}\``);
    }
    for (const code of Object.values(game.gameCallbackCodes)) expect(doc).toContain(`\`${code}\``);
    for (const setting of ['GAME_API_URL', 'GAME_API_SECRET', 'GAME_CALLBACK_SECRET']) expect(doc).toContain(setting);
    for (const header of ['x-game-timestamp', 'x-game-nonce', 'x-game-signature'])
      expect(doc).toContain(`\`${header}\``);
    expect(doc).toContain('300 seconds');
  });
});

describe("The operator guide's 'Connecting your game'", () => {
  it('lists every player of the reference game server with the password, User ID and characters it has', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../docs/operator-guide.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Connecting your game'), readme.indexOf('## Configuration'));
    const table = section.slice(section.indexOf('| username'));
    const rows = table
      .slice(0, table.indexOf('\n\n'))
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows).toHaveLength(standInPlayers.length);
    for (const player of standInPlayers) {
      const row = rows.find((line) => line.startsWith(`| \`${player.username}\``));
      expect(row, player.username).toBeDefined();
      expect(row).toContain(`\`${player.password}\``);
      expect(row).toContain(`\`${player.userId}\``);
      expect(row).toContain(player.displayName);
      for (const server of player.servers) {
        expect(row).toContain(server.name);
        for (const character of server.characters) expect(row).toContain(`${character.name} (${character.level})`);
      }
    }
  });
});
