import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/db/seed';
import { bearer, createTestDatabase, signIn, testConfig } from './helpers';

/** Needs a Redis server: CI sets TEST_REDIS_URL; a machine with only Node.js skips this suite. */
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('session cache across API processes (Redis)', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    await seedDemoData(created.database.db, testConfig().JWT_SECRET);
    const config = testConfig({ REDIS_URL: REDIS_URL!, SESSION_CACHE_SECONDS: '300' });
    first = await buildApp({ config, database: created.database, ownsDatabase: false });
    second = await buildApp({ config, database: created.database, ownsDatabase: false });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('a logout on one process is refused at once by the other, despite its cache', async () => {
    const token = await signIn(first, 'player1', 'player123');
    const me = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    await first.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect((await me(first)).statusCode).toBe(401);
    await expect.poll(async () => (await me(second)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('evicting a user forgets all of their sessions everywhere', async () => {
    const token = await signIn(first, 'player2', 'player123');
    const me = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await me(second)).json().data.role).toBe('player');
    const { sql } = await import('drizzle-orm');
    await first.db.execute(sql`UPDATE users SET role = 'support' WHERE username = 'player2'`);
    expect((await me(second)).json().data.role).toBe('player');
    const userId = (await me(second)).json().data.id;
    await first.sessionCache.evictUser(userId);
    await expect.poll(async () => (await me(second)).json().data.role, { timeout: 2000, interval: 20 }).toBe('support');
  });

  it('a device session ended on one process is refused at once by the other', async () => {
    const kept = await signIn(first, 'support1', 'staff123', 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0');
    const lost = await signIn(first, 'support1', 'staff123', 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0');
    const me = (token: string) => second.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await me(lost)).statusCode).toBe(200);
    const list = await first.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(lost) });
    const lostId = list.json().data.sessions.find((session: { current: boolean }) => session.current).id;

    const ended = await first.inject({ method: 'DELETE', url: `/api/auth/sessions/${lostId}`, headers: bearer(kept) });
    expect(ended.statusCode).toBe(200);
    await expect.poll(async () => (await me(lost)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
    expect((await me(kept)).statusCode).toBe(200);
  });

  it("a role change on one process ends the member's sessions on the other", async () => {
    const admin = await signIn(first, 'admin1', 'admin123');
    const member = await signIn(first, 'finance1', 'staff123');
    const me = () => second.inject({ method: 'GET', url: '/api/me', headers: bearer(member) });
    const { id } = (await me()).json().data;
    const changed = await first.inject({
      method: 'PUT',
      url: `/api/internal/users/${id}/role`,
      headers: bearer(admin),
      payload: { role: 'support' },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(async () => (await me()).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });
});
