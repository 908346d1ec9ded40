import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as game from '@carabala/contracts/game-api';
import { envelope } from '@carabala/contracts';
import { describe, expect, it } from 'vitest';
import { examples } from '../examples';
import { openApiPath, openApiText } from '../openapi';

const root = join(import.meta.dirname, '../../..');

describe('docs/game-api.openapi.json', () => {
  it('is the document generated from the zod schemas (run `npm run game:openapi` after changing them)', async () => {
    expect(readFileSync(openApiPath, 'utf8')).toBe(await openApiText());
  });

  it('passes `redocly lint` with the recommended rules: 0 errors, 0 warnings', async () => {
    const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', 'docs/game-api.openapi.json', '--config', 'apps/api/redocly.yaml', '--format', 'json'],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
    const problems = report.problems.map(
      (problem: { ruleId: string; location: { pointer: string }[] }) =>
        `${problem.ruleId} at ${problem.location[0]?.pointer}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("shows examples that match the contract, and every call's paths", () => {
    const pairs = [
      [examples.authenticate, game.gameAuthenticateBodySchema, game.gameAuthenticateAnswerSchema],
      [examples.lookup, game.gameLookupBodySchema, game.gameLookupAnswerSchema],
      [examples.items, null, game.gameItemsAnswerSchema],
      [examples.mail, game.gameMailBodySchema, game.gameMailAnswerSchema],
      [examples.signInLink, game.gameSignInLinkBodySchema, envelope(game.gameSignInLinkAnswerSchema)],
      [examples.playerEvent, game.gamePlayerEventSchema, envelope(game.gamePlayerEventAnswerSchema)],
    ] as const;
    for (const [example, body, answer] of pairs) {
      if (body) expect(body.safeParse(example.body).error).toBeUndefined();
      expect(answer.safeParse(example.answer).error).toBeUndefined();
    }
    const document = JSON.parse(readFileSync(openApiPath, 'utf8')) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/players/authenticate',
        '/players/lookup',
        '/items/list',
        '/mails',
        '/api/game/v1/sign-in-links',
        '/api/game/v1/player-events',
        '/api/game/v1/sessions/check',
      ].sort(),
    );
  });
});
