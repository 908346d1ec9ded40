import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDefaults, runGameCheck, type CaseResult } from '../conformance';
import { startGameStandIn, type GameStandIn, type GameStandInOptions } from '../server';

const secret = 'check-test-secret-0123456789';
const root = join(import.meta.dirname, '../../..');
const started: GameStandIn[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((standIn) => standIn.close()));
});

async function standIn(options: Partial<GameStandInOptions> = {}) {
  const server = await startGameStandIn({ port: 0, apiSecret: secret, ...options });
  started.push(server);
  return server;
}

const check = (url: string, overrides: Partial<Parameters<typeof runGameCheck>[0]> = {}) =>
  runGameCheck({ url, secret, ...checkDefaults, ...overrides });
const failed = (results: CaseResult[]) => results.filter((result) => !result.ok).map((result) => result.name);

/** Runs the real command, as a game team would: `npm run game:check -- …` is `tsx tools/game/check.ts …`. */
async function command(args: string[]) {
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  return promisify(execFile)(process.execPath, [tsx, 'tools/game/check.ts', ...args], {
    cwd: root,
    env: { ...process.env, GAME_API_URL: '', GAME_API_SECRET: '' },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

describe('the conformance check (npm run game:check)', () => {
  it('passes every case against the reference game server', async () => {
    const server = await standIn();
    const results = await check(server.url);
    expect(failed(results)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(19);
    // The repeated mail reached the game once.
    expect(server.mails.filter((mail) => mail.source === 'game_check')).toHaveLength(1);
  });

  it('as the real command: one PASS line per case, exit 0', async () => {
    const server = await standIn();
    const { code, stdout } = await command(['--url', server.url, '--secret', secret]);
    const lines = stdout.trim().split('\n');
    expect(code).toBe(0);
    expect(lines.filter((line) => line.startsWith('PASS ')).length).toBeGreaterThanOrEqual(19);
    expect(lines.filter((line) => line.startsWith('FAIL '))).toEqual([]);
    expect(lines).toContain('PASS replayed call refused');
  }, 60_000);

  it('as the real command against a server that accepts replays: names that case, exit 1', async () => {
    const server = await standIn({ broken: { acceptReplays: true } });
    const { code, stdout } = await command(['--url', server.url, '--secret', secret]);
    expect(code).toBe(1);
    const failures = stdout.split('\n').filter((line) => line.startsWith('FAIL '));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^FAIL replayed call refused: the same signed call sent again answered 200 /);
  }, 60_000);

  it('against a server that skips signatures, fails exactly the signature cases', async () => {
    const server = await standIn({ broken: { skipSignatures: true } });
    expect(failed(await check(server.url))).toEqual([
      'unsigned call refused',
      'bad signature refused',
      'tampered body refused',
      'stale timestamp refused',
      'future timestamp refused',
      'replayed call refused',
      'signature moved to another path refused',
    ]);
  });

  it('against a server that answers outside the contract, fails the answers and says where', async () => {
    const server = await standIn();
    server.setFault('malformed');
    const results = await check(server.url);
    const lookup = results.find((result) => result.name === 'signed look-up answers the contract');
    expect(lookup).toMatchObject({ ok: false, why: expect.stringContaining('does not match the contract') });
    expect(failed(results)).toEqual(
      expect.arrayContaining(['items list answers the contract', 'mail applied once when repeated']),
    );
  });

  it('against a slow server, fails the timeout case', async () => {
    const server = await standIn();
    server.setFault({ slow: 400 });
    const results = await check(server.url, { timeoutMs: 250 });
    expect(results.find((result) => result.name === 'answers within 250 ms')).toMatchObject({
      ok: false,
      why: expect.stringMatching(/call\(s\) took longer: POST \/players\/lookup/),
    });
    expect(results.find((result) => result.name === 'signed look-up answers the contract')?.why).toContain(
      'no answer within 250 ms',
    );
  });

  it('against a server with another key, fails the signed cases', async () => {
    const server = await standIn({ apiSecret: 'another-key-0123456789' });
    const names = failed(await check(server.url));
    expect(names).toContain('signed look-up answers the contract');
    expect(names).toContain('mail applied once when repeated');
  });
});
