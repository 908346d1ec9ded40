import { parseOptions } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema';
import { signIn, testConfig, useTestApp } from './helpers';

// The demo accounts are seeded at OWASP's minimum (19 MiB, 2 passes, 1 lane); this app asks for more.
const ctx = useTestApp({ ARGON2_MEMORY_KIB: '24576', ARGON2_PASSES: '3', ARGON2_LANES: '1' });

const storedHash = async (username: string) =>
  (await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, username)))[0]!
    .hash!;
const cost = (hash: string) => {
  const { algorithm, memoryCost, timeCost, parallelism } = parseOptions(hash);
  return { algorithm, memoryCost, timeCost, parallelism };
};

describe('Argon2id parameters', () => {
  it("default to OWASP's minimum and refuse anything weaker, naming each", () => {
    expect(testConfig()).toMatchObject({ ARGON2_MEMORY_KIB: 19_456, ARGON2_PASSES: 2, ARGON2_LANES: 1 });
    expect(() =>
      loadConfig({ JWT_SECRET: 'x'.repeat(40), ARGON2_MEMORY_KIB: '19455', ARGON2_PASSES: '1', ARGON2_LANES: '0' }),
    ).toThrow(/ARGON2_MEMORY_KIB[\s\S]*ARGON2_PASSES[\s\S]*ARGON2_LANES/);
  });

  it('redoes a hash of another cost at the next sign-in, which then still signs in', async () => {
    const before = await storedHash('player1');
    expect(cost(before)).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // A wrong password proves nothing: the hash stays as it was.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/carabala',
      payload: { username: 'player1', password: 'not-the-password', deviceId: 'carabala.web.test' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await storedHash('player1')).toBe(before);

    await signIn(ctx.app, 'player1', 'player123');
    const after = await storedHash('player1');
    expect(cost(after)).toEqual({ algorithm: 2, memoryCost: 24_576, timeCost: 3, parallelism: 1 });
    await signIn(ctx.app, 'player1', 'player123');
    // Already of the configured cost: not redone again.
    expect(await storedHash('player1')).toBe(after);
  });

  it('hashes a new account at the configured cost', async () => {
    await ctx.app.services.users.createAccount({
      username: 'nhanvien.moi',
      password: 'mot-mat-khau-dai',
      displayName: 'Nhân viên mới',
      role: 'support',
    });
    expect(cost(await storedHash('nhanvien.moi'))).toMatchObject({ memoryCost: 24_576, timeCost: 3, parallelism: 1 });
  });
});
