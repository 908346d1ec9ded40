import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_API_SECRET, DEMO_GAME_CALLBACK_SECRET, loadConfig } from '../src/config';
import { deriveKey } from '../src/lib/keys';
import { bearer, signIn, useTestApp } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'secrets-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = useTestApp();
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@h/db',
  SEPAY_API_KEY: 'a-real-sepay-key-123456',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example.vn/send',
  SMS_HTTP_TOKEN: 'token-123456',
};

describe('no public secret', () => {
  it('makes a random secret at the first start outside production, owner-only, and reuses it', () => {
    const file = join(dir, 'data', 'jwt-secret');
    const first = loadConfig({ JWT_SECRET_FILE: file }).JWT_SECRET;
    expect(first).toMatch(/^[\w-]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(loadConfig({ JWT_SECRET_FILE: file }).JWT_SECRET).toBe(first);
    // Another installation (another data folder) has its own.
    expect(loadConfig({ JWT_SECRET_FILE: join(dir, 'other', 'jwt-secret') }).JWT_SECRET).not.toBe(first);
    // A copy that widened the file's permissions is narrowed again.
    chmodSync(file, 0o644);
    expect(loadConfig({ JWT_SECRET_FILE: file }).JWT_SECRET).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A JWT_SECRET given wins, and no file is read or written for it.
    expect(loadConfig({ JWT_SECRET_FILE: join(dir, 'unused', 'x'), JWT_SECRET: 'g'.repeat(40) }).JWT_SECRET).toBe(
      'g'.repeat(40),
    );
    expect(() => statSync(join(dir, 'unused'))).toThrow();
  });

  it('gives processes that start at once the one secret', async () => {
    const file = join(dir, 'race', 'jwt-secret');
    const script = `import('${new URL('../src/config.ts', import.meta.url).pathname}').then((m) => process.stdout.write(m.loadConfig({ JWT_SECRET_FILE: '${file}' }).JWT_SECRET))`;
    const run = () =>
      new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        ),
      );
    const secrets = await Promise.all([run(), run(), run()]);
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(file, 'utf8').trim()).toBe(secrets[0]);
  });

  it('refuses a short secret file, a published secret and one value for two purposes', () => {
    const short = join(dir, 'short');
    writeFileSync(short, 'too-short\n', { mode: 0o600 });
    expect(() => loadConfig({ JWT_SECRET_FILE: short })).toThrow(/JWT_SECRET_FILE/);
    // The old demo defaults are in the repository's history: public, refused everywhere.
    expect(() => loadConfig({ JWT_SECRET: 'demo-secret-change-me-demo-secret-change-me' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'g'.repeat(40), GAME_API_SECRET: 'demo-mailbox-secret-change-me' })).toThrow(
      /GAME_API_SECRET/,
    );
    expect(() =>
      loadConfig({ JWT_SECRET: 'g'.repeat(40), GAME_CALLBACK_SECRET: 'demo-mailbox-secret-change-me' }),
    ).toThrow(/GAME_CALLBACK_SECRET/);
    expect(() =>
      loadConfig({ JWT_SECRET: 'g'.repeat(40), GAME_API_SECRET: 'k'.repeat(20), GAME_CALLBACK_SECRET: 'k'.repeat(20) }),
    ).toThrow(/GAME_CALLBACK_SECRET: must differ from GAME_API_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'g'.repeat(40), REVALIDATE_SECRET: 'g'.repeat(40) })).toThrow(
      /REVALIDATE_SECRET: must differ from JWT_SECRET/,
    );
    // A game to call needs its own key; the embedded account service needs none.
    expect(() => loadConfig({ JWT_SECRET: 'g'.repeat(40), GAME_API_URL: 'http://127.0.0.1:9/v1' })).toThrow(
      /GAME_API_SECRET: required when GAME_API_URL is set/,
    );
  });

  it('refuses to start in production without a real secret, and never writes one there', () => {
    const file = join(dir, 'production', 'jwt-secret');
    expect(() => loadConfig({ ...production, JWT_SECRET_FILE: file })).toThrow(/JWT_SECRET: a real secret is required/);
    expect(() => statSync(file)).toThrow();
    expect(loadConfig({ ...production, JWT_SECRET: 'p'.repeat(48) }).JWT_SECRET).toBe('p'.repeat(48));
  });

  it("accepts the game contract's demo keys outside production only", () => {
    const demo = {
      JWT_SECRET: 'p'.repeat(48),
      GAME_API_URL: 'http://127.0.0.1:4700/v1',
      GAME_API_SECRET: DEMO_GAME_API_SECRET,
      GAME_CALLBACK_SECRET: DEMO_GAME_CALLBACK_SECRET,
    };
    expect(loadConfig(demo).GAME_API_SECRET).toBe(DEMO_GAME_API_SECRET);
    expect(() => loadConfig({ ...production, ...demo })).toThrow(/GAME_API_SECRET: a real key is required/);
    expect(() => loadConfig({ ...production, ...demo, GAME_API_SECRET: 'r'.repeat(32) })).toThrow(
      /GAME_CALLBACK_SECRET: a real key is required/,
    );
    const real = loadConfig({
      ...production,
      ...demo,
      GAME_API_SECRET: 'r'.repeat(32),
      GAME_CALLBACK_SECRET: 's'.repeat(32),
    });
    expect(real.GAME_CALLBACK_SECRET).toBe('s'.repeat(32));
  });
});

describe('a key per purpose', () => {
  it('derives a different key for each purpose, none of them the secret', () => {
    const purposes = ['session', 'account-link', 'ticket-image-url', 'totp-secret'] as const;
    const keys = purposes.map((purpose) => Buffer.from(deriveKey(ctx.config.JWT_SECRET, purpose)).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    expect(keys).not.toContain(Buffer.from(ctx.config.JWT_SECRET).toString('hex'));
    expect(keys.every((key) => key.length === 64)).toBe(true);
  });

  it('accepts a session token signed with the session key only', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    const { sid, sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const resign = (key: Uint8Array) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setExpirationTime('1h')
        .sign(key);
    for (const key of [
      new TextEncoder().encode(ctx.config.JWT_SECRET),
      deriveKey(ctx.config.JWT_SECRET, 'account-link'),
      deriveKey(ctx.config.JWT_SECRET, 'ticket-image-url'),
    ]) {
      const forged = await resign(key);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(forged) })).statusCode).toBe(401);
    }
    const same = await resign(deriveKey(ctx.config.JWT_SECRET, 'session'));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(same) })).statusCode).toBe(200);
  });
});
